import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_MSG, MSG, type StaffRole } from '@legiao/contracts';
import { MEMBER_EXPORT_COLUMNS, MEMBERS_MSG, memberExportAuditSchema, type MemberExportAudit } from '@legiao/contracts/admin/membros';
import { buildTestApp, type TestApp } from './support/app.js';
import { createUser, expectError } from './support/factories.js';
import { createStaffByRole, type StaffSession } from './support/staff.js';
import { poolOf } from '../src/db/prisma.js';
import { EXPORT_PAGE, startMemberExport } from '../src/features/admin/membros/export.service.js';

// The back office's CSV of members (ADR 0045, "The back office's CSV export"): the search's filters,
// the CRM's fields and the registration dates, escaped for spreadsheets (quotes, ';', line breaks,
// formulas), administrators only, one audit row per export, streamed in keyset pages through the
// members-first gate, every member exactly once.

let t: TestApp;
let s: Record<StaffRole | 'membro', StaffSession>;
beforeAll(async () => {
  t = await buildTestApp();
  s = await createStaffByRole(t);
});
afterAll(() => t.close());

const URL_ = '/api/admin/membros/exportacao.csv';
const exportCsv = (who: StaffSession | null, query: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `${URL_}${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''}`, headers: who?.headers ?? {} });
/** A letter first: a text of digits would be searched as a CPF. */
const newTag = () => `x${randomUUID().replace(/-/g, '').slice(0, 10)}`;
/** The file as a spreadsheet reads it: header, then one record per member. */
function records(body: string): { header: string[]; rows: Record<string, string>[] } {
  const all = parse(body, { delimiter: ';', bom: true, relax_column_count: false }) as string[][];
  const [header, ...rest] = all;
  return { header: header!, rows: rest.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!]))) };
}
const exportAudits = (actorId: string) => t.prisma.auditEntry.findMany({ where: { action: 'membros.exportar', actorId }, orderBy: { order: 'asc' } });

describe('GET /api/admin/membros/exportacao.csv', () => {
  it('writes the fields, escaped for spreadsheets: quotes, separators, line breaks and formulas', async () => {
    const tag = newTag();
    const { usuario: tricky } = await createUser(t.prisma, { email: `-menos.${tag}@teste.legiao.dev`, optInEmail: true, optInSms: true });
    const name = `=Ana; "Pipoca"\nda Silva ${tag}`;
    await t.prisma.usuario.update({ where: { id: tricky.id }, data: { nome: name, optInWhatsapp: false } });
    const adjusted = await t.app.inject({ method: 'POST', url: `/api/admin/membros/${tricky.id}/ajustes`, headers: s.admin.headers, payload: { valor: 25, motivo: 'Crédito de teste', referencia: 'T-1' } });
    expect(adjusted.statusCode, adjusted.body).toBe(201);
    const product = await t.prisma.produto.create({ data: { sku: `SKU-${tag}`, nome: 'Copo', nomeBusca: 'copo', categoria: 'Camping', subcategoria: 'Térmicos', img: '/x.png', descricaoDetalhe: 'x' } });
    await t.prisma.produtoCliente.create({ data: { usuarioId: tricky.id, produtoId: product.id, dataCompra: new Date('2026-01-02'), localCompra: 'Loja', produtoValidado: true } });
    // Not verified: not in the collection, so not counted (the CRM's rule).
    await t.prisma.produtoCliente.create({ data: { usuarioId: tricky.id, produtoId: product.id, dataCompra: new Date('2026-01-03'), localCompra: 'Loja', produtoValidado: false } });
    const { usuario: pending } = await createUser(t.prisma, { ativo: false });
    await t.prisma.usuario.update({ where: { id: pending.id }, data: { nome: `Pendente ${tag}` } });
    const { usuario: erased } = await createUser(t.prisma);
    await t.prisma.usuario.update({ where: { id: erased.id }, data: { nome: `Anonimizado ${tag}`, excluidoEm: new Date() } });

    const res = await exportCsv(s.admin, { busca: tag, tipo: 'nome' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="membros-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    // The dialect of the back office's other CSV (the imports' report): BOM, ';', CRLF.
    expect(res.body.startsWith(`\uFEFF${MEMBER_EXPORT_COLUMNS.join(';')}\r\n`)).toBe(true);
    // The tricky name: quoted (';', '"' doubled, the line break kept) and neutralised (a leading ').
    expect(res.body).toContain(`;"'=Ana; ""Pipoca""\nda Silva ${tag}";`);
    const { header, rows } = records(res.body);
    expect(header).toEqual([...MEMBER_EXPORT_COLUMNS]);
    // The anonymised account is not exported; the pending one is (its activation date empty).
    expect(rows.map((r) => r.id).sort()).toEqual([tricky.id, pending.id].sort());
    const row = rows.find((r) => r.id === tricky.id)!;
    const fresh = await t.prisma.usuario.findUniqueOrThrow({ where: { id: tricky.id } });
    expect(row).toEqual({
      id: tricky.id,
      email: `'-menos.${tag}@teste.legiao.dev`,
      nome: `'${name}`,
      tipo: 'legionario',
      ativo: 'sim',
      data_cadastro: fresh.dataCadastro.toISOString(),
      ativado_em: fresh.ativadoEm!.toISOString(),
      consentimento_email: 'sim',
      consentimento_sms: 'sim',
      consentimento_whatsapp: 'não',
      saldo: '25',
      produtos: '1',
    });
    expect(rows.find((r) => r.id === pending.id)).toMatchObject({ ativo: 'não', ativado_em: '', saldo: '0', produtos: '0' });
    // Nothing more personal than the CRM gets: no CPF, phone or address anywhere in the file.
    expect(res.body).not.toContain(fresh.cpf!);
    expect(res.body).not.toContain(fresh.celular!);
    expect(res.body).not.toContain('Paulista');
  });

  it('applies the search filters: a whole e-mail finds one member, no text finds everyone not anonymised', async () => {
    const tag = newTag();
    const a = await createUser(t.prisma, { email: `alfa.${tag}@teste.legiao.dev` });
    const b = await createUser(t.prisma, { email: `beta.${tag}@teste.legiao.dev` });
    const ids = async (query: Record<string, string>) => {
      const res = await exportCsv(s.admin, query);
      expect(res.statusCode, res.body).toBe(200);
      return records(res.body).rows.map((r) => r.id);
    };
    expect((await ids({ busca: tag })).sort()).toEqual([a.usuario.id, b.usuario.id].sort());
    expect(await ids({ busca: a.email.toUpperCase(), tipo: 'email' })).toEqual([a.usuario.id]);
    expect(await ids({ busca: a.email })).toEqual([a.usuario.id]);
    expect(await ids({ busca: `beta.${tag}`, tipo: 'email' })).toEqual([b.usuario.id]);
    // By name: neither has the tag in the name.
    expect(await ids({ busca: tag, tipo: 'nome' })).toEqual([]);
    // No text (or only blanks): every account not anonymised, these two among them, once each.
    for (const query of [{}, { busca: '  ' }] as Record<string, string>[]) {
      const all = await ids(query);
      expect(all).toEqual(expect.arrayContaining([a.usuario.id, b.usuario.id]));
      expect(new Set(all).size).toBe(all.length);
    }
  });

  it('bad filters: 400 in Portuguese (the search messages), and no audit row', async () => {
    const before = (await exportAudits(s.admin.id)).length;
    expectError(await exportCsv(s.admin, { busca: 'ab' }), 400, MEMBERS_MSG.buscaCurta);
    expectError(await exportCsv(s.admin, { busca: 'x'.repeat(101) }), 400, MEMBERS_MSG.buscaLonga);
    expectError(await exportCsv(s.admin, { busca: 'maria', tipo: 'telefone' }), 400, 'Tipo de busca inválido.');
    expectError(await exportCsv(s.admin, { busca: 'abc', tipo: 'codigo' }), 400, 'Código de indicação inválido: é o código completo do link (?r=...).');
    expectError(await exportCsv(s.admin, { busca: '0', tipo: 'numero' }), 400, 'Número de legião inválido.');
    expect((await exportAudits(s.admin.id)).length).toBe(before);
  });

  it('only administrators: every other role and a member 403, nobody 401', async () => {
    for (const who of [s.atendimento, s.marketing, s.operacao, s.integracoes, s.membro]) expectError(await exportCsv(who, { busca: 'maria' }), 403, ADMIN_MSG.semPermissao);
    expectError(await exportCsv(null), 401, MSG.naoAutenticado);
  });

  it('writes one audit row per export: who, the filters and the rows', async () => {
    const tag = newTag();
    for (let i = 0; i < 3; i++) {
      const { usuario: user } = await createUser(t.prisma);
      await t.prisma.usuario.update({ where: { id: user.id }, data: { nome: `Auditada ${i} ${tag}` } });
    }
    const before = (await exportAudits(s.admin.id)).length;
    const res = await exportCsv(s.admin, { busca: tag });
    expect(records(res.body).rows).toHaveLength(3);
    const audits = await exportAudits(s.admin.id);
    expect(audits).toHaveLength(before + 1);
    const expected: MemberExportAudit = { filtros: { busca: tag, tipo: 'nome' }, linhas: 3 };
    expect(audits.at(-1)).toMatchObject({ entity: 'membro', entityId: null, before: null, after: expected, requestId: res.headers['x-request-id'] });
    // The trail's screen lists it.
    const trail = await t.app.inject({ method: 'GET', url: `/api/admin/auditoria?entidade=membro&autor=${encodeURIComponent(s.admin.email)}`, headers: s.admin.headers });
    expect(trail.statusCode, trail.body).toBe(200);
    expect(JSON.stringify(trail.json())).toContain(tag);
  });

  it('the OpenAPI document says text/csv', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = doc.paths['/api/admin/membros/exportacao.csv'].get;
    expect(Object.keys(op.responses['200'].content)).toEqual(['text/csv']);
    expect(op.responses['200'].description).toContain(MEMBER_EXPORT_COLUMNS.join(';'));
    expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['busca', 'tipo']);
  });

  it('5,000 members seeded in SQL: streamed in keyset pages through the gate, each exactly once', async () => {
    const tag = newTag();
    const n = 5000;
    const { rows: seeded } = await poolOf(t.prisma).query<{ id: string }>(
      `INSERT INTO usuario (id, email, senha_hash, nome, tipo, ativo, ativado_em, hash, data_atualizacao)
       SELECT gen_random_uuid(), 'lote-' || g || '.' || $1 || '@teste.legiao.dev', 'x', 'Membro ' || g || ' ' || $1, 'legionario', true, now(), gen_random_uuid(), now()
         FROM generate_series(1, $2::int) g
       RETURNING id::text`,
      [tag, n],
    );
    const gate = vi.spyOn(t.app.orderGate, 'run');
    try {
      const res = await exportCsv(s.admin, { busca: tag, tipo: 'nome' });
      expect(res.statusCode).toBe(200);
      // Streamed: no length known in advance.
      expect(res.headers['content-length']).toBeUndefined();
      const { rows } = records(res.body);
      expect(rows).toHaveLength(n);
      expect(new Set(rows.map((r) => r.id)).size).toBe(n);
      expect(rows.map((r) => r.id).sort()).toEqual(seeded.map((r) => r.id).sort());
      // In id order, each page one turn of the members-first gate (3 pages of 2,000 for 5,000 rows).
      expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort());
      expect(gate).toHaveBeenCalledTimes(Math.ceil(n / EXPORT_PAGE));
      expect(gate.mock.calls.every((c) => c[1] === t.app.ctx.config.integrationSyncYieldFactor)).toBe(true);
    } finally {
      gate.mockRestore();
    }
    const audits = await exportAudits(s.admin.id);
    expect(memberExportAuditSchema.parse(audits.at(-1)?.after)).toEqual({ filtros: { busca: tag, tipo: 'nome' }, linhas: n });

    // Pulled, not pushed: a reader that stops after the first page has made the server read at most
    // one page ahead, and once it goes away (a closed download) no page more is read.
    const pulled = vi.spyOn(t.app.orderGate, 'run');
    try {
      const { csv, rows } = await startMemberExport(t.app, { busca: tag, tipo: 'nome' }, { staffId: s.admin.id, requestId: 'teste' }, () => {});
      expect(rows).toBe(n);
      const reader = csv[Symbol.asyncIterator]();
      expect(String((await reader.next()).value)).toMatch(/^\uFEFFid;email;/);
      expect(String((await reader.next()).value).split('\r\n')).toHaveLength(EXPORT_PAGE + 1);
      await new Promise((r) => setTimeout(r, 300));
      expect(pulled.mock.calls.length).toBeLessThanOrEqual(2);
      await reader.return?.();
      await new Promise((r) => setTimeout(r, 300));
      expect(pulled.mock.calls.length).toBeLessThanOrEqual(2);
      expect(csv.destroyed).toBe(true);
    } finally {
      pulled.mockRestore();
    }
  });
});
