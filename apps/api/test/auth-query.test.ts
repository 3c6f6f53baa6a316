import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prisma } from '../src/db/prisma.js';
import { poolOf } from '../src/db/prisma.js';
import { loadSessionUser, USER_COLUMNS } from '../src/plugins/auth-query.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUser, login } from './support/factories.js';

// The session check in plain SQL (docs/decisions/0017-api-speed.md) loads exactly what Prisma
// would, so the rest of the code can't tell the difference.
describe('session query', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('lists every scalar field of the Usuario model', () => {
    expect(Object.keys(USER_COLUMNS).sort()).toEqual(Object.keys(Prisma.UsuarioScalarFieldEnum).sort());
  });

  it('loads the same Usuario as Prisma, with the balance when asked', async () => {
    const { usuario: user, email } = await createUser(t.prisma);
    await login(t.app, email);
    const session = await t.prisma.sessao.findFirstOrThrow({ where: { usuarioId: user.id } });
    const viaPrisma = await t.prisma.usuario.findUniqueOrThrow({ where: { id: user.id } });
    const withoutBalance = await loadSessionUser(poolOf(t.prisma), user.id, session.id, { saldo: false });
    expect(withoutBalance).toEqual(viaPrisma);
    await t.prisma.lancamento.create({ data: { usuarioId: user.id, motivo: 'enriquecimento_perfil', valor: 1 } });
    expect(await loadSessionUser(poolOf(t.prisma), user.id, session.id, { saldo: true })).toEqual({ ...viaPrisma, saldo: 1 });
  });

  it('finds nobody for a revoked or expired session, or another member with the same session id', async () => {
    const a = await createUser(t.prisma);
    const b = await createUser(t.prisma);
    const token = await login(t.app, a.email);
    const session = await t.prisma.sessao.findFirstOrThrow({ where: { usuarioId: a.usuario.id } });
    const pool = poolOf(t.prisma);
    expect(await loadSessionUser(pool, b.usuario.id, session.id, { saldo: false })).toBeNull();
    expect(await loadSessionUser(pool, a.usuario.id, session.id, { saldo: false, now: new Date(session.expiraEm.getTime() + 1) })).toBeNull();
    await t.prisma.sessao.update({ where: { id: session.id }, data: { revogadaEm: new Date() } });
    expect(await loadSessionUser(pool, a.usuario.id, session.id, { saldo: false })).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/usuario/logged', headers: bearer(token) })).statusCode).toBe(401);
  });
});
