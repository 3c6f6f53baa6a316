import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@legiao/contracts';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUser, expectError, login } from './support/factories.js';
import { createProduct } from './produto-fixtures.js';

// Issue 15 item 5: GET /api/metrics in Prometheus' text format, for the scraper's token or an
// administrator, nobody else; labelled by route pattern, never by raw URL.
const TOKEN = 'token-do-prometheus-0123456789';

/** The value of one sample line (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-z_:]+)(\{[^}]*\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe('GET /api/metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it('answers the Prometheus text format to the configured token', async () => {
    const res = await scrape();
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'legiao_fila_aguardando',
      'legiao_fila_admissoes_ultimo_minuto',
      'legiao_fila_automatica',
      'legiao_websocket_clients',
      'legiao_mail_outbox_pending',
      'legiao_mail_outbox_oldest_pending_seconds',
      'legiao_event_loop_delay_seconds',
      'legiao_overloaded',
      'legiao_db_pool_waiting',
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(sample(res.body, name), name).toBeDefined();
    }
    expect(sample(res.body, 'legiao_db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(0);
    expect(sample(res.body, 'legiao_overloaded')).toBe(0);
  });

  it('labels requests by route pattern and status class, and counts errors by status', async () => {
    const product = await createProduct(t.prisma);
    await t.app.inject({ method: 'GET', url: `/api/produto/${product.id}` });
    await t.app.inject({ method: 'GET', url: `/api/PRODUTO/${product.id}/` });
    await t.app.inject({ method: 'GET', url: '/api/produto/abc' });
    await t.app.inject({ method: 'GET', url: `/api/nao-existe-${Date.now()}` });
    const { body } = await scrape();
    expect(sample(body, 'legiao_http_request_duration_seconds_count', { method: 'GET', route: '/api/produto/:id', status_class: '2xx' })).toBe(2);
    expect(sample(body, 'legiao_http_errors_total', { method: 'GET', route: '/api/produto/:id', status: '400' })).toBe(1);
    expect(sample(body, 'legiao_http_errors_total', { method: 'GET', route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    // Never the raw URL: no id and no unknown path becomes a label value.
    expect(body).not.toContain(`/api/produto/${product.id}"`);
    expect(body).not.toContain('nao-existe');
  });

  it('reads the waiting room, the outbox and the content cache at scrape time', async () => {
    await t.prisma.emailSaida.create({ data: { para: 'x@teste.legiao.dev', assunto: 'a', texto: 't', html: 'h', criadoEm: new Date(Date.now() - 60_000), proximaTentativa: new Date(Date.now() + 3_600_000) } });
    await t.app.inject({ method: 'GET', url: '/api/faq' });
    await t.app.inject({ method: 'GET', url: '/api/faq' });
    const { body } = await scrape();
    expect(sample(body, 'legiao_mail_outbox_pending')).toBeGreaterThanOrEqual(1);
    expect(sample(body, 'legiao_mail_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(55);
    expect(sample(body, 'legiao_content_cache_hits_total')! + sample(body, 'legiao_content_cache_misses_total')!).toBeGreaterThanOrEqual(2);
    expect(sample(body, 'legiao_fila_capacidade')).toBe(t.config.fila.capacidade);
  });

  it('answers an administrator without the token', async () => {
    const { usuario: user, email, senha: password } = await createUser(t.prisma);
    await t.prisma.usuario.update({ where: { id: user.id }, data: { admin: true } });
    const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer(await login(t.app, email, password)) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('legiao_http_request_duration_seconds_bucket');
  });

  it('refuses no token, a wrong token and a member who is not an administrator', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/metrics' }), 401, MSG.naoAutenticado);
    expectError(await t.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer(`${TOKEN}x`) }), 401, MSG.naoAutenticado);
    expectError(await t.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: TOKEN } }), 401);
    const member = await createUser(t.prisma);
    expectError(await t.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer(await login(t.app, member.email, member.senha)) }), 403, MSG.proibido);
  });

  it('has every metric the Grafana dashboard (deploy/) draws', async () => {
    const dashboard = JSON.parse(readFileSync(new URL('../../../deploy/grafana/legiao-dashboard.json', import.meta.url), 'utf8'));
    const exprs: string[] = dashboard.panels.flatMap((p: { targets?: { expr: string }[] }) => (p.targets ?? []).map((t) => t.expr));
    const names = new Set(exprs.flatMap((e) => e.match(/\b(legiao|nodejs|process)_[a-z0-9_]+/g) ?? []));
    expect(names.size).toBeGreaterThan(10);
    const { body } = await scrape();
    for (const name of names) expect(body, name).toMatch(new RegExp(`^${name}[ {]`, 'm'));
  });

  it('is not in the public OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).not.toContain('/api/metrics');
  });
});

describe('GET /api/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('takes no bearer as a token: only administrators', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: 'Bearer ' } }), 401);
    expectError(await t.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer('undefined') }), 401);
  });
});
