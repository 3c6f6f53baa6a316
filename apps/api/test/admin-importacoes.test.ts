import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORTS_MSG, importListSchema, importSchema, type Import } from '@legiao/contracts/admin/importacoes';
import { ADMIN_MSG, POINTS } from '@legiao/contracts';
import { runningApply } from '../src/features/admin/importacoes/importacoes.service.js';
import { createVerifiedEntry } from '../src/features/produto/purchases-import.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { createUser, expectError } from './support/factories.js';
import { createStaffByRole } from './support/staff.js';
import { createProduct } from './produto-fixtures.js';
import { createBenefit } from './beneficio-fixtures.js';

// Back-office imports (docs/decisions/0032-back-office-imports.md): upload with a column mapping ->
// dry run (nothing changes) -> apply in the background -> history and CSV report; per role, bad
// files, and idempotency: the same file twice, or two imports applied at once, credit once.

let t: TestApp;
let s: Awaited<ReturnType<typeof createStaffByRole>>;
beforeAll(async () => {
  t = await buildTestApp({ env: { COUPONS_MAX_BYTES: String(64 * 1024) } });
  s = await createStaffByRole(t);
});
afterAll(() => t.close());

type H = Record<string, string>;
/** multipart: the mapping field (when given) before the file, as the screen sends it. */
function body(content: string | Buffer, mapping?: unknown, name = 'pedidos.csv') {
  const b = `----legiao${randomUUID().replace(/-/g, '')}`;
  const parts: Buffer[] = [];
  if (mapping !== undefined)
    parts.push(Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="mapeamento"\r\n\r\n${typeof mapping === 'string' ? mapping : JSON.stringify(mapping)}\r\n`));
  parts.push(Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="arquivo"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`));
  parts.push(Buffer.isBuffer(content) ? content : Buffer.from(content), Buffer.from(`\r\n--${b}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${b}` } };
}
const upload = (who: H | undefined, kind: string, content: string | Buffer, mapping?: unknown) => {
  const m = body(content, mapping);
  return t.app.inject({ method: 'POST', url: `/api/admin/importacoes?tipo=${kind}`, headers: { ...(who ?? {}), ...m.headers }, payload: m.payload });
};
async function dryRun(kind: string, content: string, mapping?: unknown): Promise<Import> {
  const r = await upload(s.operacao.headers, kind, content, mapping);
  expect(r.statusCode, r.body).toBe(201);
  return importSchema.parse(r.json());
}
const getImp = async (id: string) => {
  const r = await t.app.inject({ method: 'GET', url: `/api/admin/importacoes/${id}`, headers: s.operacao.headers });
  expect(r.statusCode, r.body).toBe(200);
  return importSchema.parse(r.json());
};
async function applyAndWait(id: string, who: H = s.operacao.headers): Promise<Import> {
  const r = await t.app.inject({ method: 'POST', url: `/api/admin/importacoes/${id}/aplicar`, headers: who });
  expect(r.statusCode, r.body).toBe(202);
  expect(r.json()).toMatchObject({ estado: 'aplicando' });
  await runningApply(id);
  return getImp(id);
}
const tag = () => randomUUID().slice(0, 8);

/** What the economy holds for these members: entries, credits, legion numbers. */
async function snapshot(ids: string[]) {
  const [entries, ledgerEntries, numbers, points] = await Promise.all([
    t.prisma.produtoCliente.count({ where: { usuarioId: { in: ids } } }),
    t.prisma.lancamento.count({ where: { usuarioId: { in: ids } } }),
    t.prisma.numeroLegionario.count({ where: { produtoCliente: { usuarioId: { in: ids } } } }),
    t.prisma.lancamento.aggregate({ where: { usuarioId: { in: ids } }, _sum: { valor: true } }),
  ]);
  return { entradas: entries, lancamentos: ledgerEntries, numeros: numbers, pontos: points._sum.valor ?? 0 };
}

describe('verified purchases: mapping, dry run, apply', () => {
  it('maps the columns, dry-runs without changing anything, applies with credits, numbers and referrals, audits and reports', async () => {
    const p = await createProduct(t.prisma, { numerosAtribuidos: 10 });
    const a = (await createUser(t.prisma)).usuario;
    const b = (await createUser(t.prisma)).usuario;
    const referred = (await createUser(t.prisma)).usuario;
    const referrer = (await createUser(t.prisma)).usuario;
    const other = (await createUser(t.prisma)).usuario;
    await t.prisma.indicacao.create({ data: { indicadorId: referrer.id, indicadoId: referred.id, cpfDigest: `c-${randomUUID()}`, emailDigest: `e-${randomUUID()}` } });
    const k = tag();
    await t.prisma.$transaction((tx) => createVerifiedEntry(tx, { usuarioId: a.id, produtoId: p.id, quantidade: 1, dataCompra: '2025-01-02', codigoPedido: `OLD-${k}` }));
    await t.prisma.$transaction((tx) => createVerifiedEntry(tx, { usuarioId: other.id, produtoId: p.id, quantidade: 1, dataCompra: '2025-01-02', codigoPedido: `OTHER-${k}` }));
    // The brand's own header names: the staff maps them.
    const file = [
      'Nº Pedido;E-mail do cliente;Documento;Código SKU;Qtd;Data',
      `P1-${k};${a.email.toUpperCase()};;${p.sku.toLowerCase()};2;14/03/2025`,
      `P2-${k};;${b.cpf};${p.id};1;2025-03-10`,
      `P3-${k};${referred.email};;${p.sku};1;2025-03-11`,
      `P4-${k};ninguem-${k}@exemplo.com;;${p.sku};1;2025-03-12`,
      `P5-${k};${a.email};;${p.sku};0;2025-03-12`,
      `P6-${k};${a.email};;${p.sku};1;31/02/2025`,
      `P7-${k};${a.email};;NAO-EXISTE;1;2025-03-12`,
      `P1-${k};${a.email};;${p.sku};1;2025-03-14`,
      `OLD-${k};${a.email};;${p.sku};1;2025-01-02`,
      `OTHER-${k};${a.email};;${p.sku};1;2025-01-02`,
      `P8-${k};${a.email};${b.cpf};${p.sku};1;2025-03-12`,
      `P9-${k};nao-e-email;;${p.sku};1;2025-03-12`,
      '',
    ].join('\r\n');
    const mapping = { pedido: 'Nº Pedido', email: 'E-mail do cliente', cpf: 'Documento', produto: 'Código SKU', quantidade: 'Qtd', dataCompra: 'Data' };
    const members = [a.id, b.id, referred.id, referrer.id];
    const before = await snapshot(members);

    const imp = await dryRun('compras', `\uFEFF${file}`, mapping);
    expect(imp).toMatchObject({ estado: 'simulado', tipo: 'compras', linhas: 12, total: 3, processados: 0, mapeamento: mapping });
    expect(imp.cabecalho).toEqual(['Nº Pedido', 'E-mail do cliente', 'Documento', 'Código SKU', 'Qtd', 'Data']);
    expect(imp.simulacao).toMatchObject({ novas: 3, existentes: 1, pendentes: 1, recusadas: 7, indicacoes: 1, numeros: 4, pontos: 3 * POINTS.compra + POINTS.indicacao });
    const reasons = Object.fromEntries(imp.recusadas.map((r) => [r.linha, r.motivo]));
    expect(reasons).toMatchObject({
      5: expect.stringContaining('membro não cadastrado'),
      6: expect.stringContaining('quantidade inválida'),
      7: expect.stringContaining('data inválida'),
      8: expect.stringContaining('produto desconhecido'),
      9: expect.stringContaining('repetidos no arquivo'),
      11: 'pedido já registrado para outro membro',
      12: 'e-mail e CPF são de membros diferentes',
      13: expect.stringContaining('e-mail inválido'),
    });
    // The dry run changed nothing.
    expect(await snapshot(members)).toEqual(before);

    const done = await applyAndWait(imp.id);
    expect(done).toMatchObject({ estado: 'concluido', processados: 3 });
    expect(done.resultado).toMatchObject({ novas: 3, indicacoes: 1, numeros: 4, pontos: 3 * POINTS.compra + POINTS.indicacao });
    const after = await snapshot(members);
    expect(after).toEqual({ entradas: before.entradas + 3, lancamentos: before.lancamentos + 4, numeros: before.numeros + 4, pontos: before.pontos + 3 * POINTS.compra + POINTS.indicacao });
    // 11 and 12 went to the two orders registered above. Then oldest purchase first: b (10/03)
    // gets 13, referred (11/03) 14, a's two pieces (14/03) 15 and 16.
    const nums = await t.prisma.numeroLegionario.findMany({ where: { produtoId: p.id, numero: { gt: 12 } }, include: { produtoCliente: { select: { usuarioId: true } } }, orderBy: { numero: 'asc' } });
    expect(nums.map((n) => [n.numero, n.produtoCliente.usuarioId])).toEqual([
      [13, b.id],
      [14, referred.id],
      [15, a.id],
      [16, a.id],
    ]);
    expect(await t.prisma.produto.findUniqueOrThrow({ where: { id: p.id } })).toMatchObject({ numerosAtribuidos: 16 });
    expect(await t.prisma.indicacao.findFirstOrThrow({ where: { indicadoId: referred.id } })).toMatchObject({ status: 'confirmada' });
    const audit = await t.prisma.auditEntry.findFirstOrThrow({ where: { action: 'importacao.aplicar', entityId: imp.id } });
    expect(audit).toMatchObject({ actorId: s.operacao.id, entity: 'importacao' });
    expect(audit.after).toMatchObject({ estado: 'aplicando', simulacao: { novas: 3, pontos: 4 } });

    // The report: every line with its verdict.
    const rep = await t.app.inject({ method: 'GET', url: `/api/admin/importacoes/${imp.id}/relatorio.csv`, headers: s.admin.headers });
    expect(rep.statusCode).toBe(200);
    expect(rep.headers['content-type']).toMatch(/text\/csv/);
    expect(rep.headers['content-disposition']).toMatch(/attachment; filename="relatorio-pedidos\.csv"/);
    const lines = rep.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('linha;situacao;descricao;motivo;conteudo');
    expect(lines).toHaveLength(13);
    expect(lines[1]).toMatch(/^2;criada;Compra registrada;;/);
    expect(lines[5]).toMatch(/^6;recusada;Recusada;"quantidade inválida: ""0"" \(de 1 a 99\)";"P5-/);

    // History, newest first, filterable by kind.
    const h = await t.app.inject({ method: 'GET', url: '/api/admin/importacoes?tipo=compras', headers: s.admin.headers });
    expect(h.statusCode, h.body).toBe(200);
    const list = importListSchema.parse(h.json());
    expect(list.itens[0]).toMatchObject({ id: imp.id, estado: 'concluido', criadoPor: s.operacao.email });
  });

  it('suggests the mapping from the header when none is sent', async () => {
    const p = await createProduct(t.prisma);
    const a = (await createUser(t.prisma)).usuario;
    const imp = await dryRun('compras', `pedido,email,cpf,produto,quantidade,dataCompra\nS-${tag()},${a.email},,${p.sku},1,2025-03-01\n`);
    expect(imp.mapeamento).toEqual({ pedido: 'pedido', email: 'email', cpf: 'cpf', produto: 'produto', quantidade: 'quantidade', dataCompra: 'dataCompra' });
    expect(imp.simulacao.novas).toBe(1);
  });
});

describe('idempotency: the same file twice, and two imports at once, change things once', () => {
  const fileFor = async (n: number) => {
    const p = await createProduct(t.prisma);
    const users = await Promise.all(Array.from({ length: n }, () => createUser(t.prisma)));
    const k = tag();
    const file = ['pedido;email;produto;quantidade;dataCompra', ...users.map((u, i) => `I${i}-${k};${u.email};${p.sku};1;2025-04-0${1 + (i % 9)}`)].join('\n');
    return { file, ids: users.map((u) => u.usuario.id), p };
  };

  it('a second upload of an applied file dry-runs to nothing new and applying it changes nothing', async () => {
    const { file, ids } = await fileFor(5);
    const first = await dryRun('compras', file);
    await applyAndWait(first.id);
    const once = await snapshot(ids);
    expect(once).toMatchObject({ entradas: 5, lancamentos: 5, numeros: 5 });

    const second = await dryRun('compras', file);
    expect(second.simulacao).toMatchObject({ novas: 0, existentes: 5, pontos: 0, recusadas: 0 });
    const done = await applyAndWait(second.id);
    expect(done).toMatchObject({ estado: 'concluido', total: 0 });
    expect(done.resultado).toMatchObject({ novas: 0, pontos: 0 });
    expect(await snapshot(ids)).toEqual(once);
    // Applying the same import again is refused.
    expectError(await t.app.inject({ method: 'POST', url: `/api/admin/importacoes/${first.id}/aplicar`, headers: s.operacao.headers }), 409, IMPORTS_MSG.naoAplicavel);
  });

  it('two imports of one file dry-run before either applies, applied at the same time: each purchase and credit once', async () => {
    const { file, ids, p } = await fileFor(12);
    const [x, y] = await Promise.all([dryRun('compras', file), dryRun('compras', file)]);
    expect(x.simulacao.novas).toBe(12);
    expect(y.simulacao.novas).toBe(12);
    const [rx, ry] = await Promise.all([
      t.app.inject({ method: 'POST', url: `/api/admin/importacoes/${x.id}/aplicar`, headers: s.operacao.headers }),
      t.app.inject({ method: 'POST', url: `/api/admin/importacoes/${y.id}/aplicar`, headers: s.admin.headers }),
    ]);
    expect([rx.statusCode, ry.statusCode]).toEqual([202, 202]);
    await Promise.all([runningApply(x.id), runningApply(y.id)]);
    const [dx, dy] = await Promise.all([getImp(x.id), getImp(y.id)]);
    expect(dx.resultado.novas + dy.resultado.novas).toBe(12);
    expect(dx.resultado.existentes + dy.resultado.existentes).toBe(12);
    expect(dx.resultado.pontos + dy.resultado.pontos).toBe(12 * POINTS.compra);
    expect(await snapshot(ids)).toMatchObject({ entradas: 12, lancamentos: 12, numeros: 12, pontos: 12 * POINTS.compra });
    expect(await t.prisma.produto.findUniqueOrThrow({ where: { id: p.id } })).toMatchObject({ numerosAtribuidos: 12 });
    // Both applies are in the trail.
    expect(await t.prisma.auditEntry.count({ where: { action: 'importacao.aplicar', entityId: { in: [x.id, y.id] } } })).toBe(2);
  });
});

describe('coupon usage', () => {
  it('marks handed-out codes used, refuses unknown and unredeemed ones, and a second file changes nothing', async () => {
    const b = await createBenefit(t.prisma, { pool: 4 });
    const codes = (await t.prisma.cupom.findMany({ where: { beneficioId: b.id }, orderBy: { codigo: 'asc' } })).map((c) => c.codigo);
    const [c1, c2, c3, c4] = codes as [string, string, string, string];
    await t.prisma.cupom.updateMany({ where: { codigo: { in: [c1, c2, c3] } }, data: { resgatadoEm: new Date() } });
    await t.prisma.cupom.update({ where: { codigo: c3 }, data: { usadoEm: new Date('2025-05-01T00:00:00Z') } });
    const file = ['Cupom,Usado em', `${c1.toLowerCase()},20/05/2025`, `${c2},`, c3, c4, `NAO-EXISTE-${tag()}`, c1, 'x', `${c2},99/99/2025`].join('\n');
    const imp = await dryRun('usos-cupom', file, { codigo: 'Cupom', dataUso: 'Usado em' });
    expect(imp.simulacao).toMatchObject({ marcar: 2, jaUsados: 1, recusadas: 5 });
    expect(await t.prisma.cupom.count({ where: { codigo: { in: [c1, c2] }, usadoEm: { not: null } } })).toBe(0);

    const done = await applyAndWait(imp.id);
    expect(done.resultado).toMatchObject({ marcar: 2 });
    const after = await t.prisma.cupom.findMany({ where: { codigo: { in: [c1, c2, c3, c4] } }, orderBy: { codigo: 'asc' } });
    expect(after.find((c) => c.codigo === c1)!.usadoEm!.toISOString()).toBe('2025-05-20T00:00:00.000Z');
    expect(after.find((c) => c.codigo === c2)!.usadoEm).not.toBeNull();
    expect(after.find((c) => c.codigo === c3)!.usadoEm!.toISOString()).toBe('2025-05-01T00:00:00.000Z');
    expect(after.find((c) => c.codigo === c4)!.usadoEm).toBeNull();

    const again = await dryRun('usos-cupom', file, { codigo: 'Cupom', dataUso: 'Usado em' });
    expect(again.simulacao).toMatchObject({ marcar: 0, jaUsados: 3 });
    const d2 = await applyAndWait(again.id);
    expect(d2.resultado.marcar).toBe(0);
    const final = await t.prisma.cupom.findMany({ where: { codigo: { in: [c1, c2, c3, c4] } }, orderBy: { codigo: 'asc' } });
    expect(final.map((c) => c.usadoEm?.toISOString() ?? null)).toEqual(after.map((c) => c.usadoEm?.toISOString() ?? null));
  });
});

describe('bad files', () => {
  const header = 'pedido;email;produto;quantidade;dataCompra';
  it('refuses wrong columns, empty files, header-only files, long lines, bad mappings, a wrong kind and oversized files, leaving nothing', async () => {
    // This account's imports only: other files import at the same time.
    const mine = () => t.prisma.dataImport.count({ where: { createdById: s.operacao.id } });
    const n = await mine();
    const h = s.operacao.headers;
    expectError(await upload(h, 'compras', 'pedido;email;produto\n1;a@b.com;X\n'), 400, IMPORTS_MSG.colunaFaltando('Quantidade, Data da compra'));
    expectError(await upload(h, 'compras', 'pedido;produto;quantidade;dataCompra\n1;X;1;2025-01-01\n'), 400, IMPORTS_MSG.emailOuCpf);
    expectError(await upload(h, 'compras', `${header}\n1;a@b.com;X;1;2025-01-01\n`, { pedido: 'Pedido' }), 400, IMPORTS_MSG.colunaInexistente('Pedido'));
    expectError(await upload(h, 'compras', `${header}\n1;a@b.com;X;1;2025-01-01\n`, { inventado: 'pedido' }), 400, IMPORTS_MSG.mapeamentoInvalido);
    expectError(await upload(h, 'compras', `${header}\n`, '{não é json'), 400, IMPORTS_MSG.mapeamentoInvalido);
    expectError(await upload(h, 'compras', ''), 400, IMPORTS_MSG.arquivoVazio);
    expectError(await upload(h, 'compras', '\n\n \n'), 400, IMPORTS_MSG.arquivoVazio);
    expectError(await upload(h, 'compras', `${header}\n\n`), 400, IMPORTS_MSG.semLinhas);
    expectError(await upload(h, 'compras', `${header}\n1;${'a'.repeat(5000)}@b.com;X;1;2025-01-01\n`), 400, IMPORTS_MSG.linhaLonga);
    expectError(await upload(h, 'compras', `${header}\n${'1;a@b.com;X;1;2025-01-01\n'.repeat(4000)}`), 413, IMPORTS_MSG.arquivoGrande);
    expectError(await upload(h, 'outra-coisa', `${header}\n`), 400);
    expectError(await upload(h, 'usos-cupom', 'data\n2025-01-01\n'), 400, IMPORTS_MSG.colunaFaltando('Código do cupom'));
    const json = await t.app.inject({ method: 'POST', url: '/api/admin/importacoes?tipo=compras', headers: h, payload: { arquivo: 'x' } });
    expectError(json, 400, IMPORTS_MSG.arquivoObrigatorio);
    expect(await mine()).toBe(n);
    expectError(await t.app.inject({ method: 'GET', url: `/api/admin/importacoes/${randomUUID()}`, headers: h }), 404, IMPORTS_MSG.importacaoNaoEncontrada);
    expectError(await t.app.inject({ method: 'POST', url: `/api/admin/importacoes/${randomUUID()}/aplicar`, headers: h }), 404, IMPORTS_MSG.importacaoNaoEncontrada);
    expectError(await t.app.inject({ method: 'GET', url: `/api/admin/importacoes/${randomUUID()}/relatorio.csv`, headers: h }), 404, IMPORTS_MSG.importacaoNaoEncontrada);
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/importacoes/nao-e-uuid', headers: h }), 400);
  });
});

describe('roles: operacao and admin run imports; marketing, atendimento and members get 403; no session 401', () => {
  it('guards every route', async () => {
    const p = await createProduct(t.prisma);
    const u = (await createUser(t.prisma)).usuario;
    const imp = await dryRun('compras', `pedido;email;produto;quantidade;dataCompra\nR-${tag()};${u.email};${p.sku};1;2025-03-01\n`);
    const file = `pedido;email;produto;quantidade;dataCompra\nR-${tag()};${u.email};${p.sku};1;2025-03-01\n`;
    const calls: [string, (who?: H) => ReturnType<typeof upload>][] = [
      ['upload', (who) => upload(who, 'compras', file)],
      ['list', (who) => t.app.inject({ method: 'GET', url: '/api/admin/importacoes', headers: who })],
      ['get', (who) => t.app.inject({ method: 'GET', url: `/api/admin/importacoes/${imp.id}`, headers: who })],
      ['report', (who) => t.app.inject({ method: 'GET', url: `/api/admin/importacoes/${imp.id}/relatorio.csv`, headers: who })],
      ['apply', (who) => t.app.inject({ method: 'POST', url: `/api/admin/importacoes/${imp.id}/aplicar`, headers: who })],
    ];
    for (const [name, call] of calls) {
      for (const role of ['marketing', 'atendimento', 'membro'] as const) expectError(await call(s[role].headers), 403, ADMIN_MSG.semPermissao);
      expectError(await call(undefined), 401);
      const ok = await call(name === 'apply' ? s.admin.headers : s.operacao.headers);
      expect(ok.statusCode, `${name}: ${ok.body}`).toBeLessThan(300);
      if (name === 'upload') expect((await call(s.admin.headers)).statusCode).toBe(201);
    }
    await runningApply(imp.id);
    expect((await getImp(imp.id)).estado).toBe('concluido');
  });
});
