import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG, MSG, STAFF_ROLES, can } from '@legiao/contracts';
import { LAUNCH_DAY_CSV_HEADER, launchDayPanelSchema, type LaunchDayPanel } from '@legiao/contracts/admin/lancamentos-painel';
import { LAUNCH_MSG, memberLaunchListSchema } from '@legiao/contracts/lancamentos';
import { LAUNCH_ACCESS_MSG, launchAccessSchema } from '@legiao/contracts/lancamentos-acesso';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, expectError, login } from './support/factories.js';
import { createStaffByRole, type StaffSession } from './support/staff.js';
import { createProduct } from './produto-fixtures.js';
import { launch, member, verifiedPurchase } from './lancamentos-fixtures.js';

// The launch day, live (issue 31 item 4; docs/decisions/0047-launches.md, part 2): who may read the
// launch page's numbers and CSV, what counts as seen (GET /api/lancamentos, recorded once per member
// off the request), accessed (POST /api/lancamentos/{slug}/acesso, first time only, eligible members
// in the window only), ordered and units left, per minute.

let t: TestApp;
let s: Awaited<ReturnType<typeof createStaffByRole>>;
let productId: number;
beforeAll(async () => {
  t = await buildTestApp();
  s = await createStaffByRole(t);
  productId = (await createProduct(t.prisma)).id;
});
afterAll(() => t.close());

const MIN = 60_000;
const get = (who: StaffSession | null, url: string) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
const panelOf = async (id: string, who: StaffSession = s.marketing): Promise<LaunchDayPanel> => {
  const res = await get(who, `/api/admin/lancamentos/${id}/painel`);
  expect(res.statusCode, res.body).toBe(200);
  return launchDayPanelSchema.parse(res.json());
};
async function signedIn(buyer: boolean) {
  const m = await member(t.prisma);
  if (buyer) await verifiedPurchase(t.prisma, m.id, productId);
  return { ...m, headers: bearer(await login(t.app, m.email)) };
}
const rule = () => ({ condicoes: [{ tipo: 'possuiProduto' as const, produtoId: productId }] });

describe('who may read the launch page', () => {
  it('every role that reads content; a member 403, no session 401; an unknown launch 404, a malformed id 400', async () => {
    const l = await launch(t.prisma, { regra: rule() });
    for (const role of STAFF_ROLES.filter((r) => can([r], 'content.read'))) {
      await panelOf(l.id, s[role]);
      const csv = await get(s[role], `/api/admin/lancamentos/${l.id}/painel.csv`);
      expect(csv.statusCode, csv.body).toBe(200);
    }
    for (const path of ['painel', 'painel.csv']) {
      expectError(await get(s.membro, `/api/admin/lancamentos/${l.id}/${path}`), 403, ADMIN_MSG.semPermissao);
      expectError(await get(null, `/api/admin/lancamentos/${l.id}/${path}`), 401, MSG.naoAutenticado);
      expectError(await get(s.marketing, `/api/admin/lancamentos/${randomUUID()}/${path}`), 404, LAUNCH_MSG.naoEncontrado);
      expect((await get(s.marketing, `/api/admin/lancamentos/nao-e-um-id/${path}`)).statusCode).toBe(400);
    }
    // Roles without content.read (if any) are refused too.
    for (const role of STAFF_ROLES.filter((r) => !can([r], 'content.read'))) expectError(await get(s[role], `/api/admin/lancamentos/${l.id}/painel`), 403, ADMIN_MSG.semPermissao);
  });
});

describe('the launch day numbers', () => {
  it('counts eligible, seen (once per member), accessed (once, eligible only), ordered and units left, per minute and in the CSV', async () => {
    const l = await launch(t.prisma, { regra: rule(), cota: 3, start: new Date(Date.now() - 10 * MIN) });
    const [a, b, c, outsider] = [await signedIn(true), await signedIn(true), await signedIn(true), await signedIn(false)];

    // The test database is shared with the other files running at once: their members list every
    // published launch too, so they may see this one (never as eligible: the product is this file's).
    // Views by them are read around each count and taken out; ours must be exactly what is asserted.
    const ours = [a, b, c, outsider].map((m) => m.id);
    const seenByOthers = () => t.prisma.lancamentoVisualizacao.count({ where: { lancamentoId: l.id, usuarioId: { notIn: ours } } });
    const counted = async <T,>(read: () => Promise<T>, seen: (x: T) => number, expected: number) => {
      const low = await seenByOthers();
      const x = await read();
      const high = await seenByOthers();
      expect(seen(x) - expected).toBeGreaterThanOrEqual(low);
      expect(seen(x) - expected).toBeLessThanOrEqual(high);
      return x;
    };

    const before = await counted(() => panelOf(l.id), (x) => x.totais.vistos, 0);
    expect(before.totais).toEqual({ elegiveis: 3, elegiveisEm: expect.any(String), vistos: expect.any(Number), vistosElegiveis: 0, acessaram: 0, pediram: 0, unidadesUsadas: 0, unidadesRestantes: 9 });
    expect(before.lancamento).toMatchObject({ id: l.id, slug: l.slug, status: 'publicado', emJanela: true, cotaPorMembro: 3 });

    // Seen: every member whose list showed the launch, each once however often they look.
    for (const m of [a, b, c, outsider, a, a, outsider]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/lancamentos', headers: m.headers });
      expect(res.statusCode).toBe(200);
      expect(memberLaunchListSchema.parse(res.json()).some((x) => x.slug === l.slug)).toBe(true);
    }
    await t.app.launchViews.flush();
    // Accessed: the first opening of the personal access; the ineligible member is refused and not counted.
    const opened = await t.app.inject({ method: 'POST', url: `/api/lancamentos/${l.slug}/acesso`, headers: a.headers });
    expect(opened.statusCode, opened.body).toBe(200);
    const access = launchAccessSchema.parse(opened.json());
    expect(access).toMatchObject({ link: `${t.config.storeUrl}/?acesso=${access.codigo}`, cotaRestante: 3 });
    const firstAt = (await t.prisma.lancamentoVisualizacao.findUniqueOrThrow({ where: { lancamentoId_usuarioId: { lancamentoId: l.id, usuarioId: a.id } } })).acessadoEm;
    expect((await t.app.inject({ method: 'POST', url: `/api/lancamentos/${l.slug}/acesso`, headers: a.headers })).statusCode).toBe(200);
    expect((await t.prisma.lancamentoVisualizacao.findUniqueOrThrow({ where: { lancamentoId_usuarioId: { lancamentoId: l.id, usuarioId: a.id } } })).acessadoEm).toEqual(firstAt);
    expect((await t.app.inject({ method: 'POST', url: `/api/lancamentos/${l.slug}/acesso`, headers: b.headers })).statusCode).toBe(200);
    expectError(await t.app.inject({ method: 'POST', url: `/api/lancamentos/${l.slug}/acesso`, headers: outsider.headers }), 403, LAUNCH_ACCESS_MSG.indisponivel);
    expectError(await t.app.inject({ method: 'POST', url: `/api/lancamentos/nao-existe-${l.slug}/acesso`, headers: a.headers }), 404, LAUNCH_MSG.naoEncontrado);
    expectError(await t.app.inject({ method: 'POST', url: `/api/lancamentos/${l.slug}/acesso` }), 401, MSG.naoAutenticado);

    // Ordered: units used (what the store's orders write); b over the allowance counts up to it.
    await t.prisma.acessoAntecipado.update({ where: { lancamentoId_usuarioId: { lancamentoId: l.id, usuarioId: a.id } }, data: { cotaUsada: 2 } });
    await t.prisma.acessoAntecipado.update({ where: { lancamentoId_usuarioId: { lancamentoId: l.id, usuarioId: b.id } }, data: { cotaUsada: 4 } });

    const p = await counted(() => panelOf(l.id), (x) => x.totais.vistos, 4);
    const others = p.totais.vistos - 4;
    expect(p.totais).toMatchObject({ elegiveis: 3, vistosElegiveis: 3, acessaram: 2, pediram: 2, unidadesUsadas: 5, unidadesRestantes: 4 });
    // Per minute: from 30 minutes before the opening to now; the running totals end at the totals.
    expect(p.serie.minutos.length).toBeGreaterThanOrEqual(40);
    expect(p.serie.minutos.length).toBeLessThanOrEqual(42);
    const last = p.serie.minutos.at(-1)!;
    expect(last).toMatchObject({ vistosAcumulado: 4 + others, acessaramAcumulado: 2, pediramAcumulado: 2 });
    expect(p.serie.minutos.reduce((n, m) => n + m.vistos, 0)).toBe(4 + others);
    expect(p.serie.minutos[0]!.minuto).toMatch(/-03:00$/);
    expect(p.fila.agenda).toMatchObject({ ativa: false, antesMin: 5, depoisMin: 15 }); // FILA_LANCAMENTO is off in tests
    expect(p.fila.estado).toMatchObject({ habilitada: true, lancamento: null });

    // The rule's count is kept up to 30 s: a new buyer shows on a later count, not this one.
    await signedIn(true);
    expect((await panelOf(l.id)).totais.elegiveis).toBe(3);

    const res = await counted(() => get(s.atendimento, `/api/admin/lancamentos/${l.id}/painel.csv`), (x) => Number(x.body.trim().split('\r\n').at(-1)!.split(';')[4]), 4);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="lancamento-${l.slug}-por-minuto.csv"`);
    expect(res.body.startsWith('\ufeff')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]).toBe(LAUNCH_DAY_CSV_HEADER.join(';'));
    expect(lines.at(-1)).toBe('');
    const rows = lines.slice(1, -1).map((r) => r.split(';'));
    expect(rows.length).toBe(p.serie.minutos.length);
    expect(rows.at(-1)!.slice(5, 7)).toEqual(['2', '2']);
  });

  it('an archived launch still has its page (the numbers stay); a launch before its series has none yet', async () => {
    const later = await launch(t.prisma, { regra: rule(), start: new Date(Date.now() + 5 * 60 * MIN) });
    const p = await panelOf(later.id);
    expect(p.serie.minutos).toEqual([]);
    expect(p.lancamento.emJanela).toBe(false);
    const gone = await launch(t.prisma, { regra: rule(), status: 'arquivado' });
    expect((await panelOf(gone.id)).lancamento.status).toBe('arquivado');
    // Nor does an archived launch reach the member: no view, no access.
    const m = await signedIn(true);
    expectError(await t.app.inject({ method: 'POST', url: `/api/lancamentos/${gone.slug}/acesso`, headers: m.headers }), 404, LAUNCH_MSG.naoEncontrado);
  });
});
