import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CODE_PATTERN, LAUNCH_MSG, memberLaunchListSchema } from '@legiao/contracts/lancamentos';
import { MSG } from '@legiao/contracts';
import { poolOf } from '../src/db/prisma.js';
import { DECISION_CACHE_TTL_MS } from '../src/features/lancamentos/decision-cache.js';
import { memberView, type LaunchRow } from '../src/features/lancamentos/lancamentos.service.js';
import { escapeText, fold } from '../src/features/lancamentos/ics.js';
import { toRow } from '../src/features/admin/lancamentos/lancamentos.service.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, expectError, login } from './support/factories.js';
import { createProduct } from './produto-fixtures.js';
import { launch, member, verifiedPurchase } from './lancamentos-fixtures.js';
import { AlertMailCache } from '../src/features/lancamentos/alert-mail.js';
import { CALENDAR_TOKEN_LENGTH, calendarLinkExpiry, calendarToken, verifyCalendarToken } from '../src/features/lancamentos/calendar-link.js';
import { bounceToken } from '../src/features/mail/bounce-address.js';

// The member's side (issue 31 item 2; docs/decisions/0047-launches.md): GET /api/lancamentos for an
// eligible and an ineligible member, the personal access made once, the window's edges in São Paulo
// time, and the opening as an .ics event.

let t: TestApp;
let productId: number;
beforeAll(async () => {
  t = await buildTestApp();
  productId = (await createProduct(t.prisma)).id;
});
afterAll(() => t.close());

const HOUR = 3600_000;
async function signedIn(opts: { buyer: boolean }) {
  const m = await member(t.prisma);
  if (opts.buyer) await verifiedPurchase(t.prisma, m.id, productId);
  return { ...m, headers: bearer(await login(t.app, m.email)) };
}
const rule = () => ({ condicoes: [{ tipo: 'possuiProduto' as const, produtoId: productId }] });
const list = async (headers: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/lancamentos', headers });
  expect(res.statusCode, res.body).toBe(200);
  return memberLaunchListSchema.parse(res.json());
};

describe('GET /api/lancamentos', () => {
  it('needs a session', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/lancamentos' }), 401, MSG.naoAutenticado);
  });

  it('during the window an eligible member gets a personal code and link, made once; an ineligible one the public date and what is missing', async () => {
    const l = await launch(t.prisma, { regra: rule(), cota: 3 });
    const [buyer, other] = [await signedIn({ buyer: true }), await signedIn({ buyer: false })];

    const mine = (await list(buyer.headers)).find((x) => x.slug === l.slug)!;
    expect(mine).toMatchObject({ elegivel: true, emJanela: true, cotaPorMembro: 3, fusoHorario: 'America/Sao_Paulo' });
    expect(mine.abreEm).toBe(mine.acessoInicio);
    expect(mine.acesso!.codigo).toMatch(ACCESS_CODE_PATTERN);
    expect(mine.acesso).toEqual({ codigo: mine.acesso!.codigo, link: `${t.config.storeUrl}/?acesso=${mine.acesso!.codigo}`, cotaRestante: 3 });
    const again = (await list(buyer.headers)).find((x) => x.slug === l.slug)!;
    expect(again.acesso!.codigo).toBe(mine.acesso!.codigo);
    expect(await t.prisma.acessoAntecipado.count({ where: { lancamentoId: l.id } })).toBe(1);

    const theirs = (await list(other.headers)).find((x) => x.slug === l.slug)!;
    expect(theirs).toMatchObject({ elegivel: false, emJanela: true, acesso: null });
    expect(theirs.abreEm).toBe(theirs.dataPublica);
    expect(theirs.motivos).toContainEqual({ tipo: 'possuiProduto', atendida: false, descricao: expect.any(String), dica: expect.stringMatching(/^Tenha o produto /) });
    expect(await t.prisma.acessoAntecipado.count({ where: { lancamentoId: l.id } })).toBe(1);
  });

  it('the allowance left counts the units used', async () => {
    const l = await launch(t.prisma, { regra: rule(), cota: 3 });
    const buyer = await signedIn({ buyer: true });
    await list(buyer.headers);
    // Written straight in the database (another process's order): the list keeps its decision for at
    // most DECISION_CACHE_TTL_MS (this process's own orders are seen at once: lancamentos-pedidos.test.ts).
    await t.prisma.acessoAntecipado.updateMany({ where: { lancamentoId: l.id, usuarioId: buyer.id }, data: { cotaUsada: 2 } });
    await new Promise((r) => setTimeout(r, DECISION_CACHE_TTL_MS + 100));
    expect((await list(buyer.headers)).find((x) => x.slug === l.slug)!.acesso!.cotaRestante).toBe(1);
  });

  it('concurrent first views make one access, the same code for all', async () => {
    const l = await launch(t.prisma, { regra: rule() });
    const buyer = await signedIn({ buyer: true });
    const views = await Promise.all(Array.from({ length: 6 }, () => list(buyer.headers)));
    const codes = new Set(views.map((v) => v.find((x) => x.slug === l.slug)!.acesso!.codigo));
    expect(codes.size).toBe(1);
    expect(await t.prisma.acessoAntecipado.count({ where: { lancamentoId: l.id } })).toBe(1);
  });

  it('drafts, archived launches and launches already public are not listed; before the window nothing is handed out', async () => {
    const buyer = await signedIn({ buyer: true });
    const draft = await launch(t.prisma, { status: 'rascunho' });
    const archived = await launch(t.prisma, { status: 'arquivado' });
    const past = await launch(t.prisma, { start: new Date(Date.now() - 72 * HOUR), end: new Date(Date.now() - 48 * HOUR), publicDate: new Date(Date.now() - HOUR) });
    const soon = await launch(t.prisma, { regra: rule(), start: new Date(Date.now() + HOUR) });
    const slugs = (await list(buyer.headers)).map((x) => x.slug);
    for (const l of [draft, archived, past]) expect(slugs).not.toContain(l.slug);
    const upcoming = (await list(buyer.headers)).find((x) => x.slug === soon.slug)!;
    expect(upcoming).toMatchObject({ elegivel: true, emJanela: false, acesso: null });
    expect(await t.prisma.acessoAntecipado.count({ where: { lancamentoId: soon.id } })).toBe(0);
  });
});

describe('the window in São Paulo time', () => {
  it('opens at 00:00 -03:00: a second before it is closed, at it open; it closes at its end; the ineligible wait for the public date', async () => {
    const l = await launch(t.prisma, {
      regra: rule(),
      start: new Date('2026-12-01T00:00:00-03:00'),
      end: new Date('2026-12-03T00:00:00-03:00'),
      publicDate: new Date('2026-12-05T10:00:00-03:00'),
    });
    const row: LaunchRow = toRow(l);
    const [buyer, other] = [await signedIn({ buyer: true }), await signedIn({ buyer: false })];
    const at = (iso: string, who: string, createAccess = true) => memberView(poolOf(t.prisma), row, who, { now: new Date(iso), foundersUntil: t.config.foundersUntil }, { storeUrl: t.config.storeUrl, createAccess });

    const early = await at('2026-11-30T23:59:59.999-03:00', buyer.id);
    expect(early).toMatchObject({ elegivel: true, emJanela: false, acesso: null, abreEm: '2026-12-01T00:00:00.000-03:00' });
    const open = await at('2026-12-01T00:00:00.000-03:00', buyer.id);
    expect(open.emJanela).toBe(true);
    expect(open.acesso!.codigo).toMatch(ACCESS_CODE_PATTERN);
    expect((await at('2026-12-02T23:59:59.999-03:00', buyer.id)).emJanela).toBe(true);
    expect(await at('2026-12-03T00:00:00.000-03:00', buyer.id)).toMatchObject({ emJanela: false, acesso: null });

    const outsider = await at('2026-12-01T00:00:00.000-03:00', other.id);
    expect(outsider).toMatchObject({ elegivel: false, emJanela: true, acesso: null, abreEm: '2026-12-05T10:00:00.000-03:00' });
    expect(outsider.dataPublica).toBe('2026-12-05T10:00:00.000-03:00');
  });
});

describe('GET /api/lancamentos/{slug}/agenda.ics', () => {
  it("an event at the member's opening, in America/Sao_Paulo, by RFC 5545", async () => {
    const l = await launch(t.prisma, { regra: rule(), start: new Date('2026-12-01T00:00:00-03:00'), end: new Date('2026-12-03T00:00:00-03:00'), publicDate: new Date('2026-12-05T10:00:00-03:00') });
    await t.prisma.lancamentoProduto.update({ where: { id: l.id }, data: { nome: 'Garrafa Aurora; edição 1, azul \\ areia' } });
    const [buyer, other] = [await signedIn({ buyer: true }), await signedIn({ buyer: false })];

    const res = await t.app.inject({ method: 'GET', url: `/api/lancamentos/${l.slug}/agenda.ics`, headers: buyer.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${l.slug}.ics"`);
    const ics = res.body;
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('BEGIN:VTIMEZONE\r\nTZID:America/Sao_Paulo\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:-0300\r\nTZOFFSETTO:-0300\r\n');
    expect(unfolded).toContain('\r\nDTSTART;TZID=America/Sao_Paulo:20261201T000000\r\n');
    expect(unfolded).toContain('\r\nSUMMARY:Acesso antecipado: Garrafa Aurora\\; edição 1\\, azul \\\\ areia\r\n');
    expect(unfolded.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(unfolded).toContain('\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n');

    const public_ = (await t.app.inject({ method: 'GET', url: `/api/lancamentos/${l.slug}/agenda.ics`, headers: other.headers })).body.replace(/\r\n /g, '');
    expect(public_).toContain('\r\nDTSTART;TZID=America/Sao_Paulo:20261205T100000\r\n');
    expect(public_).toContain('\r\nSUMMARY:Lançamento: ');

    expectError(await t.app.inject({ method: 'GET', url: `/api/lancamentos/${l.slug}/agenda.ics` }), 401, MSG.naoAutenticado);
    expectError(await t.app.inject({ method: 'GET', url: '/api/lancamentos/nao-existe/agenda.ics', headers: buyer.headers }), 404, LAUNCH_MSG.naoEncontrado);
    const draft = await launch(t.prisma, { status: 'rascunho' });
    expectError(await t.app.inject({ method: 'GET', url: `/api/lancamentos/${draft.slug}/agenda.ics`, headers: buyer.headers }), 404, LAUNCH_MSG.naoEncontrado);
  });

  describe('the launch alert\'s signed link (?t=): opens without a session', () => {
    const ics = (slug: string, token: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: `/api/lancamentos/${slug}/agenda.ics?t=${encodeURIComponent(token)}`, headers });
    const refused = (res: Awaited<ReturnType<typeof ics>>) => expectError(res, 401, LAUNCH_MSG.linkAgendaInvalido);
    const dates = { start: new Date('2026-12-01T00:00:00-03:00'), end: new Date('2026-12-03T00:00:00-03:00'), publicDate: new Date('2099-12-05T10:00:00-03:00') };

    it("the link in a rendered alert opens the member's own event, private and uncached; the same for an ineligible member's token", async () => {
      const l = await launch(t.prisma, { regra: rule(), ...dates });
      const [buyer, other] = [await signedIn({ buyer: true }), await signedIn({ buyer: false })];
      const mail = await new AlertMailCache(t.config, t.config.jwtSecret).forMember({ ...toRow(l) }, { id: buyer.id, name: buyer.nome, code: 'LGA-7QK3M2XW5B' });
      const href = mail.html.match(/href="([^"]+)"[^>]*>Adicionar à agenda</)![1]!;
      expect(href).toMatch(new RegExp(`^${t.config.publicUrl}/api/lancamentos/${l.slug}/agenda\\.ics\\?t=[A-Za-z0-9_-]{${CALENDAR_TOKEN_LENGTH}}$`));
      expect(mail.text).toContain(href);
      expect(CALENDAR_TOKEN_LENGTH).toBe(43);

      const res = await t.app.inject({ method: 'GET', url: href.slice(t.config.publicUrl.length) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.body.replace(/\r\n /g, '')).toContain('\r\nDTSTART;TZID=America/Sao_Paulo:20261201T000000\r\n');
      expect(res.body.replace(/\r\n /g, '')).toContain('\r\nSUMMARY:Acesso antecipado: ');
      // The same as the session answers (but DTSTAMP).
      const session = await t.app.inject({ method: 'GET', url: `/api/lancamentos/${l.slug}/agenda.ics`, headers: buyer.headers });
      expect(session.statusCode).toBe(200);
      const stampless = (body: string) => body.replace(/DTSTAMP:\S+/, '');
      expect(stampless(res.body)).toBe(stampless(session.body));

      const theirs = await ics(l.slug, calendarToken(t.config.jwtSecret, l.id, other.id, calendarLinkExpiry(toRow(l))));
      expect(theirs.statusCode, theirs.body).toBe(200);
      expect(theirs.body.replace(/\r\n /g, '')).toContain('\r\nDTSTART;TZID=America/Sao_Paulo:20991205T100000\r\n');
    });

    it('refused with 401: another launch\'s token, a tampered one, an expired one, a foreign signature, a blocked member\'s; nothing and no session', async () => {
      const [l, l2] = [await launch(t.prisma, { regra: rule(), ...dates }), await launch(t.prisma, { regra: rule(), ...dates })];
      const buyer = await signedIn({ buyer: true });
      const good = calendarToken(t.config.jwtSecret, l.id, buyer.id, calendarLinkExpiry(toRow(l)));
      expect((await ics(l.slug, good)).statusCode).toBe(200);

      refused(await ics(l2.slug, good));
      refused(await ics('nao-existe', good));
      // Each part of the token changed: member, expiry (pushed later), signature.
      const bytes = Buffer.from(good, 'base64url');
      for (const at of [0, 16, 19, 31]) {
        const changed = Buffer.from(bytes);
        changed[at] = changed[at]! ^ 1;
        refused(await ics(l.slug, changed.toString('base64url')));
      }
      refused(await ics(l.slug, good.slice(0, -1)));
      refused(await ics(l.slug, `${good}A`));
      refused(await ics(l.slug, ''));
      refused(await ics(l.slug, calendarToken('outro-segredo-de-pelo-menos-32-caracteres', l.id, buyer.id, calendarLinkExpiry(toRow(l)))));
      // Another purpose's signature never passes (the bounce address's token, of the same ids).
      refused(await ics(l.slug, bounceToken(t.config.jwtSecret, l.id, buyer.id)));

      const expired = calendarToken(t.config.jwtSecret, l.id, buyer.id, new Date(Date.now() - 1000));
      refused(await ics(l.slug, expired));
      const soon = new Date(Math.ceil(Date.now() / 1000) * 1000 + 60_000); // whole seconds: the token keeps seconds
      const token = calendarToken(t.config.jwtSecret, l.id, buyer.id, soon);
      expect(verifyCalendarToken(t.config.jwtSecret, token, l.id, new Date(soon.getTime() - 1000))).toBe(buyer.id);
      expect(verifyCalendarToken(t.config.jwtSecret, token, l.id, soon)).toBeNull();

      expectError(await t.app.inject({ method: 'GET', url: `/api/lancamentos/${l.slug}/agenda.ics` }), 401, MSG.naoAutenticado);
      // A session sent with a token: the session decides (a bad one is refused, the token notwithstanding).
      expectError(await ics(l.slug, good, { authorization: 'Bearer nao-e-um-token' }), 401, MSG.naoAutenticado);
      expect((await ics(l.slug, 'lixo', buyer.headers)).statusCode).toBe(200);

      await t.prisma.usuario.update({ where: { id: buyer.id }, data: { bloqueadoEm: new Date(), motivoBloqueio: 'teste' } });
      refused(await ics(l.slug, good));
    });
  });

  it('escapes TEXT and folds by octets, never inside a character', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const long = `DESCRIPTION:${'ção'.repeat(40)}`;
    const folded = fold(long);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
  });
});
