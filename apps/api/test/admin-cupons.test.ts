import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUPONS_MSG, benefitCouponDetailSchema, benefitCouponsResponseSchema, couponImportSchema, type CouponImport } from '@legiao/contracts/admin/cupons';
import { ADMIN_MSG, redemptionResponseSchema } from '@legiao/contracts';
import { runningImport } from '../src/features/admin/cupons/coupons-import.service.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { expectError } from './support/factories.js';
import { multipartFile } from './support/multipart.js';
import { createStaffByRole, type StaffSession } from './support/staff.js';
import { createBenefit, createEconomyMember } from './beneficio-fixtures.js';

// Code pools in the back office (docs/decisions/0028-code-pools-and-images.md): upload -> analysis
// -> confirm -> progress, the stock view, permissions per role, bad files, idempotent re-upload,
// and a member redeeming an imported code.

let t: TestApp;
let s: Awaited<ReturnType<typeof createStaffByRole>>;
beforeAll(async () => {
  t = await buildTestApp({ env: { COUPONS_MAX_BYTES: String(64 * 1024) } });
  s = await createStaffByRole(t);
});
afterAll(() => t.close());

type H = Record<string, string>;
const upload = (who: H | undefined, benefitId: number, content: Buffer | string, name = 'codigos.csv', query = '') => {
  const m = multipartFile(content, name, 'text/csv');
  return t.app.inject({ method: 'POST', url: `/api/admin/cupons/beneficios/${benefitId}/importacoes${query}`, headers: { ...(who ?? {}), ...m.headers }, payload: m.payload });
};
const confirm = (who: H, id: string) => t.app.inject({ method: 'POST', url: `/api/admin/cupons/importacoes/${id}/confirmar`, headers: who });
const getImp = async (who: H, id: string) => {
  const r = await t.app.inject({ method: 'GET', url: `/api/admin/cupons/importacoes/${id}`, headers: who });
  expect(r.statusCode, r.body).toBe(200);
  return couponImportSchema.parse(r.json());
};
/** Confirms and waits for the background job, reading the progress like the screen does. */
async function confirmAndWait(who: H, id: string): Promise<CouponImport> {
  const r = await confirm(who, id);
  expect(r.statusCode, r.body).toBe(202);
  expect(r.json()).toMatchObject({ estado: 'importando' });
  await runningImport(id);
  return getImp(who, id);
}
const tag = () => randomUUID().slice(0, 8).toUpperCase();

describe('uploading a code file: analysis before anything enters the pool', () => {
  it('previews the first lines and counts valid, invalid, repeated in the file, already in the pool, already handed out and in another pool', async () => {
    const b = await createBenefit(t.prisma, { pool: 3 });
    const other = await createBenefit(t.prisma, { pool: 1 });
    const mine = await t.prisma.cupom.findMany({ where: { beneficioId: b.id }, orderBy: { codigo: 'asc' } });
    await t.prisma.cupom.update({ where: { id: mine[0]!.id }, data: { resgatadoEm: new Date() } });
    const foreign = (await t.prisma.cupom.findFirstOrThrow({ where: { beneficioId: other.id } })).codigo;
    const k = tag();
    const file = ['codigo', `NEW-${k}-1`, `new-${k}-2`, `NEW-${k}-1`, 'x', 'tem espaço', mine[0]!.codigo, mine[1]!.codigo, foreign, '', `"NEW-${k}-3";extra`].join('\r\n');

    const r = await upload(s.marketing.headers, b.id, `\uFEFF${file}`);
    expect(r.statusCode, r.body).toBe(201);
    const imp = couponImportSchema.parse(r.json());
    expect(imp).toMatchObject({
      estado: 'analisado',
      idBeneficio: b.id,
      arquivo: 'codigos.csv',
      linhas: 9,
      invalidos: 2,
      duplicadosNoArquivo: 1,
      jaResgatados: 1,
      jaNoEstoque: 1,
      emOutroBeneficio: 1,
      novos: 3,
      importados: 0,
    });
    expect(imp.amostra.map((l) => l.situacao)).toEqual(['cabecalho', 'novo', 'novo', 'duplicado_arquivo', 'invalido', 'invalido', 'ja_resgatado', 'ja_livre', 'outro_beneficio', 'novo']);
    expect(imp.amostra[2]).toMatchObject({ texto: `new-${k}-2`, codigo: `NEW-${k}-2` });
    expect(imp.exemplosInvalidos.map((l) => l.texto)).toEqual(['x', 'tem espaço']);
    // Nothing entered the pool yet.
    expect(await t.prisma.cupom.count({ where: { codigo: { startsWith: `NEW-${k}` } } })).toBe(0);

    const done = await confirmAndWait(s.marketing.headers, imp.id);
    expect(done).toMatchObject({ estado: 'concluido', importados: 3, processados: done.preparados });
    expect(await t.prisma.cupom.count({ where: { beneficioId: b.id, codigo: { startsWith: `NEW-${k}` } } })).toBe(3);
    expect(await t.prisma.couponImportCode.count({ where: { importId: imp.id } })).toBe(0);
    // Audited: the analysis and the confirmation, each with the acting person and the request id.
    const trail = await t.prisma.auditEntry.findMany({ where: { entityId: imp.id }, orderBy: { createdAt: 'asc' } });
    expect(trail.map((a) => a.action)).toEqual(['cupons.analisar', 'cupons.importar']);
    expect(trail[1]).toMatchObject({ actorId: s.marketing.id, entity: 'cupom_importacao' });
    expect(trail[1]!.before).toMatchObject({ estado: 'analisado', novos: 3 });
    expect(trail[1]!.requestId).toBeTruthy();
  });

  it('re-uploading the same file adds nothing twice', async () => {
    const b = await createBenefit(t.prisma, { pool: 0, modoCupom: 'lista' });
    const k = tag();
    const file = Array.from({ length: 50 }, (_, i) => `RE-${k}-${i}`).join('\n');
    const first = couponImportSchema.parse((await upload(s.admin.headers, b.id, file, 'lote.txt')).json());
    expect(first.novos).toBe(50);
    expect((await confirmAndWait(s.admin.headers, first.id)).importados).toBe(50);

    const again = await upload(s.admin.headers, b.id, file, 'lote.txt');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ novos: 0, jaNoEstoque: 50 });
    expectError(await confirm(s.admin.headers, again.json().id), 409, COUPONS_MSG.nadaNovo);
    // Two uploads analysed before either is confirmed: the second confirmation skips what the first added.
    const more = `${file}\nRE-${k}-50\nRE-${k}-51`;
    const [x, y] = [(await upload(s.admin.headers, b.id, more)).json(), (await upload(s.admin.headers, b.id, more)).json()];
    expect([x.novos, y.novos]).toEqual([2, 2]);
    expect((await confirmAndWait(s.admin.headers, x.id)).importados).toBe(2);
    expect(await confirmAndWait(s.admin.headers, y.id)).toMatchObject({ estado: 'concluido', importados: 0 });
    expect(await t.prisma.cupom.count({ where: { beneficioId: b.id } })).toBe(52);
    // A finished import can't be confirmed again.
    expectError(await confirm(s.admin.headers, x.id), 409, COUPONS_MSG.naoConfirmavel);
  });

  it('a member redeems a code that came in through an import, and the stock view follows', async () => {
    const b = await createBenefit(t.prisma, { modoCupom: 'lista', valor: 1 });
    const k = tag();
    const imp = (await upload(s.marketing.headers, b.id, `IMP-${k}-B\nIMP-${k}-A\n`)).json();
    await confirmAndWait(s.marketing.headers, imp.id);

    const m = await createEconomyMember(t.app, t.prisma, { saldo: 3 });
    const card = (await t.app.inject({ method: 'GET', url: '/api/beneficio', headers: m.headers })).json().find((c: { id: number }) => c.id === b.id);
    expect(card).toMatchObject({ esgotado: false, podeResgatar: true });
    const r = await t.app.inject({ method: 'POST', url: '/api/beneficio/resgate', headers: m.headers, payload: { idBeneficio: b.id } });
    expect(r.statusCode, r.body).toBe(201);
    // The pool hands out codes in code order.
    expect(redemptionResponseSchema.parse(r.json()).cupom).toBe(`IMP-${k}-A`);

    await t.prisma.cupom.update({ where: { codigo: `IMP-${k}-A` }, data: { usadoEm: new Date() } });
    const d = await t.app.inject({ method: 'GET', url: `/api/admin/cupons/beneficios/${b.id}`, headers: s.atendimento.headers });
    expect(d.statusCode, d.body).toBe(200);
    const det = benefitCouponDetailSchema.parse(d.json());
    expect(det).toMatchObject({ livres: 1, resgatados: 1, usados: 1, estoqueBaixo: true, alertaMinimo: 100 });
    expect(det.importacoes[0]).toMatchObject({ id: imp.id, estado: 'concluido' });

    // The threshold: below it is "low"; set by marketing, audited.
    const a = await t.app.inject({ method: 'PUT', url: `/api/admin/cupons/beneficios/${b.id}/alerta`, headers: s.marketing.headers, payload: { minimo: 0 } });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json()).toMatchObject({ alertaMinimo: 0, estoqueBaixo: false });
    expect(await t.prisma.auditEntry.findFirst({ where: { action: 'cupons.alerta', entityId: String(b.id) } })).toMatchObject({ before: { alertaMinimo: 100 }, after: { alertaMinimo: 0 } });
    const list = benefitCouponsResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/admin/cupons', headers: s.operacao.headers })).json());
    expect(list.find((x) => x.id === b.id)).toMatchObject({ livres: 1, resgatados: 1, usados: 1, estoqueBaixo: false });
  });

  it('events with days: the file goes to the chosen day', async () => {
    const b = await createBenefit(t.prisma, { modoCupom: 'lista', opcoes: [{ nome: 'Sexta', data: '2030-01-10' }, { nome: 'Sábado', data: '2030-01-11' }] });
    const k = tag();
    expectError(await upload(s.admin.headers, b.id, `DIA-${k}-1`), 400, COUPONS_MSG.opcaoObrigatoria);
    expectError(await upload(s.admin.headers, b.id, `DIA-${k}-1`, 'a.csv', '?opcao=999999'), 400, COUPONS_MSG.opcaoInvalida);
    const imp = (await upload(s.admin.headers, b.id, `DIA-${k}-1\nDIA-${k}-2`, 'a.csv', `?opcao=${b.opcoes[1]!.id}`)).json();
    expect(imp).toMatchObject({ idOpcao: b.opcoes[1]!.id, novos: 2 });
    await confirmAndWait(s.admin.headers, imp.id);
    const det = benefitCouponDetailSchema.parse((await t.app.inject({ method: 'GET', url: `/api/admin/cupons/beneficios/${b.id}`, headers: s.admin.headers })).json());
    expect(det.pools.map((p) => [p.nomeOpcao, p.livres])).toEqual([['Sexta', 0], ['Sábado', 2]]);
  });

  it('cancelling drops the staged codes; a cancelled import cannot be confirmed', async () => {
    const b = await createBenefit(t.prisma, { modoCupom: 'lista' });
    const imp = (await upload(s.marketing.headers, b.id, `CAN-${tag()}-1`)).json();
    const c = await t.app.inject({ method: 'POST', url: `/api/admin/cupons/importacoes/${imp.id}/cancelar`, headers: s.marketing.headers });
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json()).toMatchObject({ estado: 'cancelado' });
    expect(await t.prisma.couponImportCode.count({ where: { importId: imp.id } })).toBe(0);
    expectError(await confirm(s.marketing.headers, imp.id), 409, COUPONS_MSG.naoConfirmavel);
  });
});

describe('after a database crash (the staging table is UNLOGGED and comes back empty)', () => {
  it('the confirmation asks for the file again instead of importing nothing', async () => {
    const b = await createBenefit(t.prisma, { modoCupom: 'lista' });
    const imp = (await upload(s.admin.headers, b.id, `CRASH-${tag()}-1\nCRASH-${tag()}-2`)).json();
    await t.prisma.couponImportCode.deleteMany({ where: { importId: imp.id } });
    expectError(await confirm(s.admin.headers, imp.id), 409, COUPONS_MSG.reenviar);
    expect(await getImp(s.admin.headers, imp.id)).toMatchObject({ estado: 'analisado', importados: 0 });
  });
});

describe('bad input', () => {
  it('refuses empty files, files without a single code, lines too long, files over the limit, generated-code benefits and non-multipart bodies', async () => {
    const b = await createBenefit(t.prisma, { modoCupom: 'lista' });
    expectError(await upload(s.admin.headers, b.id, ''), 400, COUPONS_MSG.arquivoVazio);
    expectError(await upload(s.admin.headers, b.id, '\n\n  \n'), 400, COUPONS_MSG.arquivoVazio);
    expectError(await upload(s.admin.headers, b.id, 'não é\num código\n!!'), 400, COUPONS_MSG.semCodigos);
    expectError(await upload(s.admin.headers, b.id, 'A'.repeat(5000)), 400, COUPONS_MSG.linhaLonga);
    // 64 KB limit in this file's app: 70 KB of valid codes.
    const big = Array.from({ length: 7000 }, (_, i) => `BIG-${String(i).padStart(5, '0')}`).join('\n');
    expectError(await upload(s.admin.headers, b.id, big), 413, COUPONS_MSG.arquivoGrande(64 * 1024));
    // Binary junk (a PNG header) is not a list of codes.
    expectError(await upload(s.admin.headers, b.id, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])), 400, COUPONS_MSG.semCodigos);
    const generated = await createBenefit(t.prisma, { modoCupom: 'gerado' });
    expectError(await upload(s.admin.headers, generated.id, 'ABC-123'), 400, COUPONS_MSG.beneficioGerado);
    expectError(await upload(s.admin.headers, 99999999, 'ABC-123'), 404, COUPONS_MSG.beneficioNaoEncontrado);
    const json = await t.app.inject({ method: 'POST', url: `/api/admin/cupons/beneficios/${b.id}/importacoes`, headers: s.admin.headers, payload: { codigos: ['A'] } });
    expectError(json, 400, COUPONS_MSG.arquivoObrigatorio);
    expectError(await t.app.inject({ method: 'GET', url: `/api/admin/cupons/importacoes/${randomUUID()}`, headers: s.admin.headers }), 404, COUPONS_MSG.importacaoNaoEncontrada);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/cupons/importacoes/nao-e-uuid', headers: s.admin.headers })).statusCode).toBe(400);
    const alert = await t.app.inject({ method: 'PUT', url: `/api/admin/cupons/beneficios/${b.id}/alerta`, headers: s.admin.headers, payload: { minimo: -1 } });
    expectError(alert, 400, COUPONS_MSG.minimoInvalido);
    // Nothing was left behind by the refused uploads.
    expect(await t.prisma.couponImport.count({ where: { benefitId: b.id } })).toBe(0);
  });
});

describe('who may do what', () => {
  const roles: [keyof typeof s, number][] = [
    ['admin', 201],
    ['marketing', 201],
    ['atendimento', 403],
    ['operacao', 403],
    ['membro', 403],
  ];
  it.each(roles)('%s uploading a file: %i', async (role, status) => {
    const b = await createBenefit(t.prisma, { modoCupom: 'lista' });
    const r = await upload((s[role] as StaffSession).headers, b.id, `ROLE-${tag()}`);
    expect(r.statusCode, r.body).toBe(status);
    if (status === 403) expectError(r, 403, ADMIN_MSG.semPermissao);
  });

  it('every role reads the stock and the imports; writes are refused to atendimento and operacao; no session is 401', async () => {
    const b = await createBenefit(t.prisma, { modoCupom: 'lista' });
    const imp = (await upload(s.admin.headers, b.id, `RD-${tag()}`)).json();
    for (const role of ['admin', 'marketing', 'atendimento', 'operacao'] as const) {
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/cupons', headers: s[role].headers })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: `/api/admin/cupons/importacoes/${imp.id}`, headers: s[role].headers })).statusCode).toBe(200);
    }
    for (const role of ['atendimento', 'operacao', 'membro'] as const) {
      expectError(await confirm(s[role].headers, imp.id), 403, ADMIN_MSG.semPermissao);
      expectError(await t.app.inject({ method: 'POST', url: `/api/admin/cupons/importacoes/${imp.id}/cancelar`, headers: s[role].headers }), 403, ADMIN_MSG.semPermissao);
      expectError(await t.app.inject({ method: 'PUT', url: `/api/admin/cupons/beneficios/${b.id}/alerta`, headers: s[role].headers, payload: { minimo: 5 } }), 403, ADMIN_MSG.semPermissao);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/cupons', headers: s.membro.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/cupons' })).statusCode).toBe(401);
    expect((await upload(undefined, b.id, 'NOAUTH-1')).statusCode).toBe(401);
    expect((await confirm({}, imp.id)).statusCode).toBe(401);
    // The import is still waiting: nobody above could confirm it.
    expect(await getImp(s.admin.headers, imp.id)).toMatchObject({ estado: 'analisado' });
  });
});
