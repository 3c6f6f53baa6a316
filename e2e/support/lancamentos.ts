import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { STAFF, type StaffRole } from './admin';
import { DEMO } from './env';

// Launches (docs/decisions/0047-launches.md) for the browser tests: the data each test seeds through
// the API, as the back office would (a product of its own in the catalogue, verified purchases
// registered by staff, launches created and published), and the dates in São Paulo time.

export const tag = () => `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;

/** A staff member's token (POST /api/auth/login), for the seeding calls. */
export async function staffToken(request: APIRequestContext, role: StaffRole = 'admin'): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email: STAFF[role].email, senha: DEMO.senha } });
  expect(res.status(), `login ${role}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { token: { token: string } }).token.token;
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, what: string, status = 200): Promise<T> {
  expect(res.status(), `${what}: ${await res.text()}`).toBe(status);
  return (await res.json()) as T;
}

/** A product only this test's members own: the rule's counts are then exact whatever else the run made. */
export async function newProduct(request: APIRequestContext, token: string): Promise<{ id: number; sku: string; nome: string }> {
  const t = tag().toUpperCase();
  const body = { sku: `E2E-LANC-${t}`, nome: `Garrafa Lançamento ${t}`, categoria: 'Camping', subcategoria: 'E2E', img: '/banners/lancamento-desktop.svg' };
  return ok(await request.post('/api/admin/catalogo', { headers: auth(token), data: body }), 'POST /api/admin/catalogo', 201);
}

/** The back office's id of a member, by e-mail. */
export async function memberIdOf(request: APIRequestContext, token: string, email: string): Promise<string> {
  const page = await ok<{ itens: { id: string; email: string }[] }>(await request.get('/api/admin/membros', { headers: auth(token), params: { busca: email } }), 'GET /api/admin/membros');
  const m = page.itens.find((i) => i.email === email);
  if (!m) throw new Error(`membro ${email} não encontrado`);
  return m.id;
}

/** `count` verified purchases of `sku`, each its own order, registered by staff on the member's page (origem equipe). */
export async function verifiedPurchases(request: APIRequestContext, token: string, memberId: string, sku: string, count: number) {
  for (let i = 0; i < count; i++) {
    const res = await request.post(`/api/admin/membros/${memberId}/compras`, {
      headers: auth(token),
      data: { sku, quantidade: 1, dataCompra: '2026-10-01', codigoPedido: `E2E-${tag()}-${i}` },
    });
    expect(res.status(), `POST compras: ${await res.text()}`).toBeLessThan(300);
  }
}

export interface LaunchSeed {
  id: string;
  slug: string;
  nome: string;
  acessoInicio: string;
  acessoFim: string;
  dataPublica: string;
}

/** A launch, created and published through the API. */
export async function publishedLaunch(request: APIRequestContext, token: string, input: { nome: string; sku: string; acessoInicio: Date; acessoFim: Date; dataPublica: Date; cota: number; condicoes: unknown[] }): Promise<LaunchSeed> {
  const slug = `e2e-${tag()}`;
  const created = await ok<LaunchSeed>(
    await request.post('/api/admin/lancamentos', {
      headers: auth(token),
      data: {
        nome: input.nome,
        slug,
        urlImagem: '/banners/lancamento-desktop.svg',
        abas: { sobre: 'Uma linha nova, antes de todo mundo.', cores: [{ nome: 'Aurora', hex: '#f2a900' }], produtos: [] },
        skus: [input.sku],
        acessoInicio: input.acessoInicio.toISOString(),
        acessoFim: input.acessoFim.toISOString(),
        dataPublica: input.dataPublica.toISOString(),
        cotaPorMembro: input.cota,
        regra: { condicoes: input.condicoes },
      },
    }),
    'POST /api/admin/lancamentos',
    201,
  );
  return ok(await request.post(`/api/admin/lancamentos/${created.id}/publicar`, { headers: auth(token) }), 'publicar');
}

/** Archived: out of every member's home (a launch left published would show on the other tests' homes). */
export async function archiveLaunch(request: APIRequestContext, token: string, id: string) {
  await request.post(`/api/admin/lancamentos/${id}/arquivar`, { headers: auth(token) });
}

/** The launch's archive by slug, for the clean-up after a test that created it through the screens. */
export async function archiveBySlug(request: APIRequestContext, token: string, slug: string) {
  const list = await ok<{ itens: { id: string; slug: string }[] }>(await request.get('/api/admin/lancamentos', { headers: auth(token) }), 'GET /api/admin/lancamentos');
  const l = list.itens.find((i) => i.slug === slug);
  if (l) await archiveLaunch(request, token, l.id);
}

const wallFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
const wall = (d: Date) => Object.fromEntries(wallFormat.formatToParts(d).map((p) => [p.type, p.value])) as Record<string, string>;

/** As the home writes it: "01/12/2026 às 00:00". */
export const spText = (iso: string | Date) => {
  const w = wall(new Date(iso));
  return `${w.day}/${w.month}/${w.year} às ${w.hour}:${w.minute}`;
};
/** A datetime-local value in São Paulo time. */
export const spInput = (d: Date) => {
  const w = wall(d);
  return `${w.year}-${w.month}-${w.day}T${w.hour}:${w.minute}`;
};
/** iCalendar's wall clock with TZID: 20261201T000000. */
export const spIcs = (iso: string | Date) => {
  const w = wall(new Date(iso));
  return `${w.year}${w.month}${w.day}T${w.hour}${w.minute}${w.second}`;
};

/** Midnight in São Paulo, `days` days from today (the window edge the issue names). */
export function spMidnight(days: number): Date {
  const w = wall(new Date(Date.now() + days * 86_400_000));
  return new Date(`${w.year}-${w.month}-${w.day}T00:00:00-03:00`);
}
