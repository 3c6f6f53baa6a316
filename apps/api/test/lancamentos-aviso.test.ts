import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, launchAlertDataSchema } from '@legiao/contracts';
import { launchDayPanelSchema } from '@legiao/contracts/admin/lancamentos-painel';
import { LAUNCH_MSG, memberLaunchListSchema } from '@legiao/contracts/lancamentos';
import { LAUNCH_ALERT_MSG, launchAlertStateSchema } from '@legiao/contracts/lancamentos-aviso';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, expectError, login } from './support/factories.js';
import { createStaff } from './support/staff.js';
import { createProduct } from './produto-fixtures.js';
import { launch, member, verifiedPurchase } from './lancamentos-fixtures.js';

// "Avise-me" (issue 32 §1; docs/decisions/0049-launch-alert-waves.md): asking, the e-mail consent
// given in the same click and recorded, cancelling, idempotence, who may, and the launch page's count.

let t: TestApp;
let productId: number;
beforeAll(async () => {
  t = await buildTestApp();
  productId = (await createProduct(t.prisma)).id;
});
afterAll(() => t.close());

const HOUR = 3600_000;
const rule = () => ({ condicoes: [{ tipo: 'possuiProduto' as const, produtoId: productId }] });
const soon = () => launch(t.prisma, { regra: rule(), start: new Date(Date.now() + 2 * HOUR) });

async function signedIn(opts: { buyer?: boolean; optInEmail?: boolean } = {}) {
  const m = await member(t.prisma);
  if (opts.optInEmail) await t.prisma.usuario.update({ where: { id: m.id }, data: { optInEmail: true } });
  if (opts.buyer ?? true) await verifiedPurchase(t.prisma, m.id, productId);
  return { ...m, headers: bearer(await login(t.app, m.email)) };
}
const ask = (slug: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/lancamentos/${slug}/aviso`, headers, ...(payload ? { payload } : {}) });
const cancel = (slug: string, headers: Record<string, string>) => t.app.inject({ method: 'DELETE', url: `/api/lancamentos/${slug}/aviso`, headers });
const listed = async (slug: string, headers: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/lancamentos', headers });
  expect(res.statusCode, res.body).toBe(200);
  return memberLaunchListSchema.parse(res.json()).find((l) => l.slug === slug)!;
};

describe('POST /api/lancamentos/{slug}/aviso', () => {
  it('a member who accepts e-mails asks with no body; the list says so; asking again changes nothing', async () => {
    const l = await soon();
    const m = await signedIn({ optInEmail: true });
    expect((await listed(l.slug, m.headers)).aviso).toEqual({ pedido: false, avisadoEm: null, emailConsentido: true });

    const res = await ask(l.slug, m.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(launchAlertStateSchema.parse(res.json())).toEqual({ pedido: true, avisadoEm: null, emailConsentido: true });
    const row = await t.prisma.lancamentoAviso.findUniqueOrThrow({ where: { lancamentoId_usuarioId: { lancamentoId: l.id, usuarioId: m.id } } });
    expect(row.status).toBe('pedido');

    const again = await ask(l.slug, m.headers, { consentirEmail: true });
    expect(again.statusCode).toBe(200);
    const after = await t.prisma.lancamentoAviso.findUniqueOrThrow({ where: { lancamentoId_usuarioId: { lancamentoId: l.id, usuarioId: m.id } } });
    expect(after.pedidoEm).toEqual(row.pedidoEm);
    expect(await t.prisma.lancamentoAviso.count({ where: { lancamentoId: l.id } })).toBe(1);
    // Already consenting: nothing written to the history.
    expect(await t.prisma.consentimento.count({ where: { usuarioId: m.id } })).toBe(0);
    expect((await listed(l.slug, m.headers)).aviso).toEqual({ pedido: true, avisadoEm: null, emailConsentido: true });
  });

  it('without the e-mail consent it is asked for: refused without it, given and recorded (origin lancamento, ip) with it, once', async () => {
    const l = await soon();
    const m = await signedIn();
    expect((await listed(l.slug, m.headers)).aviso.emailConsentido).toBe(false);

    const refused = expectError(await ask(l.slug, m.headers), 409, LAUNCH_ALERT_MSG.consentimentoNecessario);
    expect(refused.errors[0]!.code).toBe('CONSENTIMENTO_EMAIL');
    expectError(await ask(l.slug, m.headers, { consentirEmail: false }), 409, LAUNCH_ALERT_MSG.consentimentoNecessario);
    expect(await t.prisma.lancamentoAviso.count({ where: { lancamentoId: l.id } })).toBe(0);

    const res = await ask(l.slug, { ...m.headers, 'user-agent': 'AviseMe/1.0' }, { consentirEmail: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ pedido: true, avisadoEm: null, emailConsentido: true });
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { id: m.id } })).optInEmail).toBe(true);
    const history = await t.prisma.consentimento.findMany({ where: { usuarioId: m.id } });
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ canal: 'email', concedido: true, origem: 'lancamento', userAgent: 'AviseMe/1.0' });
    expect(history[0]!.ip).toBeTruthy();

    // The member's own history shows it.
    const mine = await t.app.inject({ method: 'GET', url: '/api/usuario/consentimentos', headers: m.headers });
    expect(mine.json()[0]).toMatchObject({ canal: 'email', concedido: true, origem: 'lancamento' });
    // Asking again: no second history row.
    await ask(l.slug, m.headers, { consentirEmail: true });
    expect(await t.prisma.consentimento.count({ where: { usuarioId: m.id } })).toBe(1);
  });

  it('bad input is 400 in Portuguese', async () => {
    const l = await soon();
    const m = await signedIn({ optInEmail: true });
    expectError(await ask(l.slug, m.headers, { consentirEmail: 'sim' }), 400, LAUNCH_ALERT_MSG.consentirEmail);
    expectError(await ask(l.slug, m.headers, { outro: 1 }), 400);
    expectError(await ask('x'.repeat(81), m.headers), 400);
    expect(await t.prisma.lancamentoAviso.count({ where: { lancamentoId: l.id } })).toBe(0);
  });

  it('an unknown, draft or archived launch is 404; after the opening 409; a member not eligible 403', async () => {
    const m = await signedIn({ optInEmail: true });
    expectError(await ask('nao-existe', m.headers), 404, LAUNCH_MSG.naoEncontrado);
    const draft = await launch(t.prisma, { regra: rule(), start: new Date(Date.now() + HOUR), status: 'rascunho' });
    expectError(await ask(draft.slug, m.headers), 404, LAUNCH_MSG.naoEncontrado);
    const open = await launch(t.prisma, { regra: rule() });
    const late = expectError(await ask(open.slug, m.headers), 409, LAUNCH_ALERT_MSG.jaAbriu);
    expect(late.errors[0]!.code).toBe('AVISO_JA_ABRIU');
    const l = await soon();
    const outsider = await signedIn({ buyer: false, optInEmail: true });
    expect(expectError(await ask(l.slug, outsider.headers), 403, LAUNCH_ALERT_MSG.semAcesso).errors[0]!.code).toBe('AVISO_SEM_ACESSO');
    expect(await t.prisma.lancamentoAviso.count({ where: { lancamentoId: { in: [open.id, l.id, draft.id] } } })).toBe(0);
  });

  it('needs a session', async () => {
    const l = await soon();
    expectError(await t.app.inject({ method: 'POST', url: `/api/lancamentos/${l.slug}/aviso`, payload: {} }), 401, MSG.naoAutenticado);
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/lancamentos/${l.slug}/aviso` }), 401, MSG.naoAutenticado);
  });
});

describe('DELETE /api/lancamentos/{slug}/aviso', () => {
  it('cancels only the member\'s own request, idempotently; asking again works; the consent stays', async () => {
    const l = await soon();
    const a = await signedIn({ optInEmail: true });
    const b = await signedIn({ optInEmail: true });
    await ask(l.slug, a.headers);
    await ask(l.slug, b.headers);

    // B cancelling touches only B's row.
    const res = await cancel(l.slug, b.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ pedido: false, avisadoEm: null, emailConsentido: true });
    expect((await cancel(l.slug, b.headers)).json()).toEqual({ pedido: false, avisadoEm: null, emailConsentido: true });
    expect((await listed(l.slug, a.headers)).aviso.pedido).toBe(true);
    expect((await listed(l.slug, b.headers)).aviso.pedido).toBe(false);
    const rows = await t.prisma.lancamentoAviso.findMany({ where: { lancamentoId: l.id }, orderBy: { pedidoEm: 'asc' } });
    expect(Object.fromEntries(rows.map((r) => [r.usuarioId, r.status]))).toEqual({ [a.id]: 'pedido', [b.id]: 'cancelado' });
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { id: b.id } })).optInEmail).toBe(true);

    // Cancelling what was never asked changes nothing.
    const c = await signedIn({ optInEmail: true });
    expect((await cancel(l.slug, c.headers)).json()).toEqual({ pedido: false, avisadoEm: null, emailConsentido: true });
    expect(await t.prisma.lancamentoAviso.count({ where: { lancamentoId: l.id } })).toBe(2);

    expect((await ask(l.slug, b.headers)).json().pedido).toBe(true);
    expect((await t.prisma.lancamentoAviso.findUniqueOrThrow({ where: { lancamentoId_usuarioId: { lancamentoId: l.id, usuarioId: b.id } } })).status).toBe('pedido');
  });

  it('an alert already sent is not undone', async () => {
    const l = await soon();
    const m = await signedIn({ optInEmail: true });
    await ask(l.slug, m.headers);
    const sentAt = new Date('2026-12-01T03:00:05.000Z');
    await t.prisma.lancamentoAviso.update({ where: { lancamentoId_usuarioId: { lancamentoId: l.id, usuarioId: m.id } }, data: { status: 'enviado', enviadoEm: sentAt, onda: 1 } });
    expect((await cancel(l.slug, m.headers)).json()).toEqual({ pedido: true, avisadoEm: '2026-12-01T00:00:05.000-03:00', emailConsentido: true });
  });
});

describe('the member\'s data export (LGPD)', () => {
  it('lists the member\'s "Avise-me" requests and nobody else\'s', async () => {
    const l = await soon();
    const m = await signedIn({ optInEmail: true });
    const other = await signedIn({ optInEmail: true });
    await ask(l.slug, m.headers);
    await ask(l.slug, other.headers);
    await cancel(l.slug, m.headers);
    const res = await t.app.inject({ method: 'GET', url: '/api/usuario/meus-dados', headers: m.headers });
    expect(res.statusCode, res.body).toBe(200);
    const alerts = launchAlertDataSchema.array().parse(res.json().avisosLancamento);
    expect(alerts).toEqual([{ lancamento: l.slug, nome: l.nome, situacao: 'cancelado', pedidoEm: expect.any(String), canceladoEm: expect.any(String), enviadoEm: null, devolvidoEm: null, tentativas: 0, motivo: null }]);
  });
});

describe('the launch page counts who asked', () => {
  it('painel.avisos: asked (not cancelled) and cancelled', async () => {
    const l = await soon();
    const staff = await createStaff(t, ['marketing']);
    const [a, b, c] = [await signedIn({ optInEmail: true }), await signedIn({ optInEmail: true }), await signedIn({ optInEmail: true })];
    for (const m of [a, b, c]) await ask(l.slug, m.headers);
    await cancel(l.slug, c.headers);
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/lancamentos/${l.id}/painel`, headers: staff.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(launchDayPanelSchema.parse(res.json()).avisos).toMatchObject({ pedidos: 2, cancelados: 1 });
  });
});
