import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolOf } from '../src/db/prisma.js';
import { ReadLogRetention } from '../src/features/integracao/read-log-retention.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { createUser } from './support/factories.js';

// The read log's retention (docs/decisions/0045-crm-personal-data.md): reads older than
// INTEGRATION_READ_LOG_DAYS go, in batches; younger ones stay, and the member's export still lists them.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const DAY = 86_400_000;

describe('read log retention', () => {
  it('removes the reads older than the line, in batches, and keeps the rest (and other members’)', async () => {
    const { usuario: member } = await createUser(t.prisma);
    const { usuario: other } = await createUser(t.prisma);
    const now = Date.now();
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY);
    // 12 old reads (more than one batch of 5 below), one just inside the line, one today; another member's old read.
    await t.prisma.leituraDadosIntegracao.createMany({
      data: [
        ...Array.from({ length: 12 }, (_, i) => ({ nome: 'CRM antigo', usuarioId: member.id, motivo: 'sincronizacao', criadoEm: at(1900 + i) })),
        { nome: 'CRM', usuarioId: member.id, motivo: 'consulta', criadoEm: at(1820) },
        { nome: 'CRM', usuarioId: member.id, motivo: 'evento', criadoEm: at(0) },
        { nome: 'CRM antigo', usuarioId: other.id, motivo: 'consulta', criadoEm: at(2000) },
      ],
    });
    const retention = new ReadLogRetention(poolOf(t.prisma), 1825, { now: () => now }, pino({ level: 'silent' }));
    // Batches of 5000 in production; here the whole pass, then a second one finds nothing.
    expect(await retention.pass(0)).toBeGreaterThanOrEqual(13);
    expect(await retention.pass(0)).toBe(0);
    const left = await t.prisma.leituraDadosIntegracao.findMany({ where: { usuarioId: { in: [member.id, other.id] } }, orderBy: { criadoEm: 'asc' } });
    expect(left.map((r) => [r.usuarioId === member.id ? 'membro' : 'outro', r.motivo])).toEqual([
      ['membro', 'consulta'],
      ['membro', 'evento'],
    ]);
    await retention.stop();
  });
});
