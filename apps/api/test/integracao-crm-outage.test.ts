import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS_MSG } from '@legiao/contracts';
import { migrate } from '../src/db/migrate.js';
import { createPrisma } from '../src/db/prisma.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { createUser } from './support/factories.js';
import { createApiClient } from './support/integration-client.js';
import { startOwnPostgres, type OwnPostgres } from './support/own-postgres.js';

// The CRM's and the store's newer calls (issue 30: member data, sync, consent reports; issue 31: the
// launch entitlement) while PostgreSQL goes away and comes back, on a server of this file's own (the
// faults rule of issue 23, ADR 0038): each answers a quick 503 with Retry-After and the Portuguese
// "try again" while it is away, the key still recognised when it returns (no restart), and a consent
// report refused during the outage, sent again after it, is applied once: nothing lost, nothing twice.

let own: OwnPostgres;
let t: TestApp;

beforeAll(async () => {
  own = await startOwnPostgres();
  await migrate(own.url);
  t = await buildTestApp({ prisma: createPrisma(own.url, 4, 1000), env: { DATABASE_URL: own.url } });
}, 90_000);
afterAll(async () => {
  await t?.close();
  await own?.destroy();
}, 60_000);

const OUTAGE = new Set([OPS_MSG.bancoIndisponivel, OPS_MSG.bancoInterrompido]);

describe('PostgreSQL stopped under the CRM and launch calls', () => {
  it('quick Portuguese 503s while it is away; the same calls work after it returns, and a refused consent report applies once when sent again', async () => {
    const crm = await createApiClient(t.prisma, ['membros:dados', 'consentimentos:escrever', 'lancamentos:consultar'], { nome: 'CRM na queda', perMinute: 100_000 });
    const { usuario: member, email } = await createUser(t.prisma, { optInEmail: true });
    const withdrawal = { canal: 'email', concedido: false, em: new Date(Date.now() - 60_000).toISOString() };
    const calls = [
      { method: 'GET' as const, url: `/api/integracao/v1/membros/${member.id}` },
      { method: 'GET' as const, url: '/api/integracao/v1/membros/sincronizacao?limite=10' },
      { method: 'POST' as const, url: `/api/integracao/v1/membros/${member.id}/consentimentos`, payload: withdrawal },
      { method: 'GET' as const, url: `/api/integracao/v1/lancamentos/qualquer/direito?email=${encodeURIComponent(email)}` },
    ];
    const send = (c: (typeof calls)[number]) => t.app.inject({ method: c.method, url: c.url, headers: crm.headers, ...(c.payload ? { payload: c.payload } : {}) });

    // Up: the reads answer (the launch does not exist: 404, a real answer from the database).
    expect((await send(calls[0]!)).statusCode).toBe(200);
    expect((await send(calls[1]!)).statusCode).toBe(200);
    expect((await send(calls[3]!)).statusCode).toBe(404);

    await own.stop();
    try {
      for (const c of calls) {
        const started = Date.now();
        const res = await send(c);
        const took = Date.now() - started;
        expect(res.statusCode, `${c.method} ${c.url}: ${res.body}`).toBe(503);
        expect(took, `${c.method} ${c.url}`).toBeLessThan(3000);
        expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        const error = res.json().errors[0];
        expect(error.code).toMatch(/^BANCO_/);
        expect(OUTAGE.has(error.message), error.message).toBe(true);
      }
    } finally {
      await own.start();
    }

    // Back without a restart: the key is recognised and the reads answer again.
    await expect.poll(async () => (await send(calls[0]!)).statusCode, { timeout: 15_000, interval: 200 }).toBe(200);
    // The report refused during the outage changed nothing; sent again, it applies once.
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { id: member.id } })).optInEmail).toBe(true);
    const again = await send(calls[2]!);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ aplicado: true });
    const repeat = await send(calls[2]!);
    expect(repeat.json()).toMatchObject({ aplicado: false });
    const rows = await t.prisma.consentimento.findMany({ where: { usuarioId: member.id, origem: 'integracao' } });
    expect(rows).toHaveLength(1);
    const page = await send(calls[1]!);
    expect(page.statusCode).toBe(200);
    expect(page.json().membros.filter((m: { id: string }) => m.id === member.id)).toHaveLength(1);
  }, 90_000);
});
