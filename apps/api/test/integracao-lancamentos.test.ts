import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@legiao/contracts';
import { INTEGRATION_MSG } from '@legiao/contracts/integracao/constants';
import { entitlementSchema } from '@legiao/contracts/integracao/lancamentos';
import { LAUNCH_MSG } from '@legiao/contracts/lancamentos';
import { poolOf } from '../src/db/prisma.js';
import { entitlement } from '../src/features/lancamentos/lancamentos.service.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, expectError, login } from './support/factories.js';
import { createApiClient } from './support/integration-client.js';
import { createProduct } from './produto-fixtures.js';
import { launch, member, verifiedPurchase } from './lancamentos-fixtures.js';

// The store's entitlement check (issue 31 item 3; docs/decisions/0047-launches.md):
// GET /api/integracao/v1/lancamentos/{slug}/direito with scope lancamentos:consultar.

let t: TestApp;
let productId: number;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  productId = (await createProduct(t.prisma)).id;
  headers = (await createApiClient(t.prisma, ['lancamentos:consultar'])).headers;
});
afterAll(() => t.close());

const rule = () => ({ condicoes: [{ tipo: 'possuiProduto' as const, produtoId: productId }] });
const url = (slug: string, query: string) => `/api/integracao/v1/lancamentos/${slug}/direito?${query}`;
const check = async (slug: string, query: string) => {
  const res = await t.app.inject({ method: 'GET', url: url(slug, query), headers });
  expect(res.statusCode, res.body).toBe(200);
  return entitlementSchema.parse(res.json());
};
const formatCpf = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
async function buyer() {
  const m = await member(t.prisma);
  await verifiedPurchase(t.prisma, m.id, productId);
  return m;
}
/** The member's own first view in the window makes their code (GET /api/lancamentos). */
async function codeOf(m: { email: string }, slug: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/lancamentos', headers: bearer(await login(t.app, m.email)) });
  return res.json().find((x: { slug: string }) => x.slug === slug).acesso.codigo;
}

describe('who may ask', () => {
  it('no key 401, a member session 401, a key without the scope 403', async () => {
    const l = await launch(t.prisma, { regra: rule() });
    const q = 'email=a@b.com';
    expectError(await t.app.inject({ method: 'GET', url: url(l.slug, q) }), 401, INTEGRATION_MSG.chaveAusente);
    const m = await member(t.prisma);
    expectError(await t.app.inject({ method: 'GET', url: url(l.slug, q), headers: bearer(await login(t.app, m.email)) }), 401, INTEGRATION_MSG.chaveInvalida);
    const other = await createApiClient(t.prisma, ['membros:ler', 'pedidos:enviar']);
    expectError(await t.app.inject({ method: 'GET', url: url(l.slug, q), headers: other.headers }), 403, INTEGRATION_MSG.escopoAusente);
    // The scope is no way into the member's or the back office's routes.
    expectError(await t.app.inject({ method: 'GET', url: '/api/lancamentos', headers }), 401, MSG.naoAutenticado);
  });
});

describe('the answer', () => {
  it('by e-mail or CPF: entitled and the allowance left; nothing about the person', async () => {
    const l = await launch(t.prisma, { regra: rule(), cota: 3 });
    const m = await buyer();
    const byEmail = await check(l.slug, `email=${encodeURIComponent(m.email.toUpperCase())}`);
    expect(byEmail).toEqual({ elegivel: true, emJanela: true, cotaTotal: 3, cotaUsada: 0, cotaRestante: 3, abreEm: expect.stringMatching(/-03:00$/), fechaEm: expect.stringMatching(/-03:00$/) });
    expect(Object.keys(byEmail).sort()).toEqual(['abreEm', 'cotaRestante', 'cotaTotal', 'cotaUsada', 'elegivel', 'emJanela', 'fechaEm']);
    expect(await check(l.slug, `cpf=${formatCpf(m.cpf!)}`)).toEqual(byEmail);

    await codeOf(m, l.slug);
    await t.prisma.acessoAntecipado.updateMany({ where: { lancamentoId: l.id, usuarioId: m.id }, data: { cotaUsada: 3 } });
    expect(await check(l.slug, `email=${m.email}`)).toMatchObject({ elegivel: true, cotaUsada: 3, cotaRestante: 0 });
  });

  it('an ineligible or unknown person: not entitled, the public date, no allowance', async () => {
    const l = await launch(t.prisma, { regra: rule() });
    const outsider = await member(t.prisma);
    const expected = { elegivel: false, emJanela: true, cotaTotal: 0, cotaUsada: 0, cotaRestante: 0, fechaEm: null };
    expect(await check(l.slug, `email=${outsider.email}`)).toMatchObject(expected);
    const unknown = await check(l.slug, 'email=ninguem-aqui@nada.legiao.dev');
    expect(unknown).toMatchObject(expected);
    const row = await t.prisma.lancamentoProduto.findUniqueOrThrow({ where: { id: l.id } });
    expect(new Date(unknown.abreEm).getTime()).toBe(row.dataPublica.getTime());
  });

  it("a code alone answers for its owner; with another person's e-mail or CPF it is not entitled; a code of another launch is nothing", async () => {
    const l = await launch(t.prisma, { regra: rule(), cota: 2 });
    const [a, b] = [await buyer(), await buyer()];
    const codeA = await codeOf(a, l.slug);
    expect(await check(l.slug, `codigo=${codeA.toLowerCase()}`)).toMatchObject({ elegivel: true, cotaRestante: 2 });
    expect(await check(l.slug, `codigo=${codeA}&email=${a.email}`)).toMatchObject({ elegivel: true });
    // B is eligible on their own, but A's code is not theirs.
    expect(await check(l.slug, `email=${b.email}`)).toMatchObject({ elegivel: true });
    expect(await check(l.slug, `codigo=${codeA}&email=${b.email}`)).toMatchObject({ elegivel: false, cotaTotal: 0, cotaRestante: 0, fechaEm: null });
    expect(await check(l.slug, `codigo=${codeA}&cpf=${b.cpf}`)).toMatchObject({ elegivel: false });
    expect(await check(l.slug, 'codigo=LGA-AAAAAAAAAA')).toMatchObject({ elegivel: false });
    const otherLaunch = await launch(t.prisma, { regra: rule() });
    expect(await check(otherLaunch.slug, `codigo=${codeA}`)).toMatchObject({ elegivel: false });
  });

  it('bad input is 400 in Portuguese; an unknown, draft or archived launch 404', async () => {
    const l = await launch(t.prisma, { regra: rule() });
    for (const q of ['', 'email=a@b.com&cpf=52998224725', 'email=nao-e-email', 'cpf=123', 'codigo=XYZ']) {
      const res = await t.app.inject({ method: 'GET', url: url(l.slug, q), headers });
      expectError(res, 400);
    }
    expectError(await t.app.inject({ method: 'GET', url: url(l.slug, ''), headers }), 400, LAUNCH_MSG.consultaCampos);
    expectError(await t.app.inject({ method: 'GET', url: url(l.slug, 'codigo=XYZ'), headers }), 400, LAUNCH_MSG.codigo);
    for (const status of ['rascunho', 'arquivado'] as const) {
      const hidden = await launch(t.prisma, { status });
      expectError(await t.app.inject({ method: 'GET', url: url(hidden.slug, 'email=a@b.com'), headers }), 404, LAUNCH_MSG.naoEncontrado);
    }
    expectError(await t.app.inject({ method: 'GET', url: url('nao-existe', 'email=a@b.com'), headers }), 404, LAUNCH_MSG.naoEncontrado);
  });

  it('the window in São Paulo time: closed a second before 00:00 -03:00, open at it; the ineligible wait for the public date', async () => {
    const l = await launch(t.prisma, { regra: rule(), start: new Date('2026-12-01T00:00:00-03:00'), end: new Date('2026-12-03T00:00:00-03:00'), publicDate: new Date('2026-12-05T10:00:00-03:00') });
    const m = await buyer();
    const at = (iso: string, email: string) => entitlement(poolOf(t.prisma), l.slug, { email }, { now: new Date(iso), foundersUntil: t.config.foundersUntil });
    expect(await at('2026-11-30T23:59:59-03:00', m.email)).toMatchObject({ elegivel: true, emJanela: false, abreEm: '2026-12-01T00:00:00.000-03:00', fechaEm: '2026-12-03T00:00:00.000-03:00' });
    expect(await at('2026-12-01T00:00:00-03:00', m.email)).toMatchObject({ elegivel: true, emJanela: true });
    expect(await at('2026-12-03T00:00:00-03:00', m.email)).toMatchObject({ emJanela: false });
    expect(await at('2026-12-01T00:00:00-03:00', 'ninguem@nada.legiao.dev')).toMatchObject({ elegivel: false, abreEm: '2026-12-05T10:00:00.000-03:00' });
  });
});

describe('the OpenAPI document', () => {
  it('documents the call with its scope, the integration tag and security scheme', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = doc.paths['/api/integracao/v1/lancamentos/{slug}/direito']?.get;
    expect(op).toBeDefined();
    expect(op.tags).toEqual(['integração']);
    expect(op.security).toEqual([{ chaveIntegracao: [] }]);
    expect(op.summary).toContain('lancamentos:consultar');
    expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '401', '403', '404', '429']);
  });
});
