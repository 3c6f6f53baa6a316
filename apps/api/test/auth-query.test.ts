import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prisma } from '../src/db/prisma.js';
import { poolOf } from '../src/db/prisma.js';
import { loadSessionUser, USUARIO_COLUNAS } from '../src/plugins/auth-query.js';
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
    expect(Object.keys(USUARIO_COLUNAS).sort()).toEqual(Object.keys(Prisma.UsuarioScalarFieldEnum).sort());
  });

  it('loads the same Usuario as Prisma, with the balance when asked', async () => {
    const { usuario, email } = await createUser(t.prisma);
    await login(t.app, email);
    const sessao = await t.prisma.sessao.findFirstOrThrow({ where: { usuarioId: usuario.id } });
    const viaPrisma = await t.prisma.usuario.findUniqueOrThrow({ where: { id: usuario.id } });
    const semSaldo = await loadSessionUser(poolOf(t.prisma), usuario.id, sessao.id, { saldo: false });
    expect(semSaldo).toEqual(viaPrisma);
    await t.prisma.lancamento.create({ data: { usuarioId: usuario.id, motivo: 'enriquecimento_perfil', valor: 1 } });
    expect(await loadSessionUser(poolOf(t.prisma), usuario.id, sessao.id, { saldo: true })).toEqual({ ...viaPrisma, saldo: 1 });
  });

  it('finds nobody for a revoked or expired session, or another member with the same session id', async () => {
    const a = await createUser(t.prisma);
    const b = await createUser(t.prisma);
    const token = await login(t.app, a.email);
    const sessao = await t.prisma.sessao.findFirstOrThrow({ where: { usuarioId: a.usuario.id } });
    const pool = poolOf(t.prisma);
    expect(await loadSessionUser(pool, b.usuario.id, sessao.id, { saldo: false })).toBeNull();
    expect(await loadSessionUser(pool, a.usuario.id, sessao.id, { saldo: false, agora: new Date(sessao.expiraEm.getTime() + 1) })).toBeNull();
    await t.prisma.sessao.update({ where: { id: sessao.id }, data: { revogadaEm: new Date() } });
    expect(await loadSessionUser(pool, a.usuario.id, sessao.id, { saldo: false })).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/usuario/logged', headers: bearer(token) })).statusCode).toBe(401);
  });
});
