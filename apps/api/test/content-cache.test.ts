import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { faqListSchema } from '@legiao/contracts/faq';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from './support/app.js';
import { getFreePort } from './support/ports.js';
import { bearer, createUser, login } from './support/factories.js';
import { createProduct } from './produto-fixtures.js';
import { builtEntry } from './support/api-process.js';

// The content cache (docs/decisions/0019-content-cache.md): answers from memory with an ETag,
// and a change committed anywhere reaches every API process within a second, through the
// database's own notifications. These tests turn CACHE_SYNC_READS off: they wait for the
// notification the way production does.

const API_DIR = fileURLToPath(new URL('..', import.meta.url));
const noSync = { env: { CACHE_SYNC_READS: 'false' } };

async function newQuestion(prisma: TestApp['prisma']) {
  return prisma.faq.create({ data: { chave: `cache-${randomUUID()}`, pergunta: `Pergunta ${randomUUID()}`, resposta: 'Resposta.', categoria: 'faq', ativo: true, ordem: 999 } });
}

/** Polls `check` until it returns true; the time it took, or throws after `ms`. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < ms) {
    if (await check()) return Date.now() - start;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`não aconteceu em ${ms} ms`);
}

describe('content cache in one process', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = await Promise.all([buildTestApp(noSync), buildTestApp(noSync)]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  it('answers GET /api/faq with an ETag and 304 for a browser that has it', async () => {
    const first = await a.app.inject({ method: 'GET', url: '/api/faq?ativo=true' });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    faqListSchema.parse(first.json());

    const again = await a.app.inject({ method: 'GET', url: '/api/faq?ativo=true', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // A list of tags, weak or not, matches too; another tag does not.
    expect((await a.app.inject({ method: 'GET', url: '/api/faq?ativo=true', headers: { 'if-none-match': `"x", W/${etag}` } })).statusCode).toBe(304);
    expect((await a.app.inject({ method: 'GET', url: '/api/faq?ativo=true', headers: { 'if-none-match': '"outra"' } })).statusCode).toBe(200);
  });

  it('answers the catalogue from memory: categories with an ETag, a product by id seen changed after its update', async () => {
    const product = await createProduct(a.prisma);
    await a.app.cache.sync();
    const cats = await a.app.inject({ method: 'GET', url: '/api/produto/categoria' });
    expect(cats.statusCode).toBe(200);
    expect((await a.app.inject({ method: 'GET', url: '/api/produto/categoria', headers: { 'if-none-match': cats.headers.etag as string } })).statusCode).toBe(304);
    expect((await a.app.inject({ method: 'GET', url: `/api/produto/${product.id}` })).json().nome).toBe(product.nome);
    await a.prisma.produto.update({ where: { id: product.id }, data: { nome: `${product.nome} Edição Limitada` } });
    await within(1000, async () => (await a.app.inject({ method: 'GET', url: `/api/produto/${product.id}` })).json().nome === `${product.nome} Edição Limitada`);
  });

  it('answers the home banners with an ETag too, private to the member, and 304 when unchanged', async () => {
    const u = await createUser(a.prisma);
    const auth = bearer(await login(a.app, u.email));
    for (const url of ['/api/banner', '/api/bannersite/ativos']) {
      const first = await a.app.inject({ method: 'GET', url, headers: auth });
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['cache-control'], url).toBe('private, no-cache');
      const again = await a.app.inject({ method: 'GET', url, headers: { ...auth, 'if-none-match': first.headers.etag as string } });
      expect(again.statusCode, url).toBe(304);
    }
    // Without the token: 401, whatever the tag.
    expect((await a.app.inject({ method: 'GET', url: '/api/banner', headers: { 'if-none-match': '"x"' } })).statusCode).toBe(401);
  });

  it('keeps the answer in memory until the table changes, then reloads it in both apps', async () => {
    await a.app.inject({ method: 'GET', url: '/api/faq' });
    await b.app.inject({ method: 'GET', url: '/api/faq' });
    const before = { a: { ...a.app.cache.stats }, b: { ...b.app.cache.stats } };
    const earlier = await b.app.inject({ method: 'GET', url: '/api/faq' });
    expect(b.app.cache.stats.hits).toBe(before.b.hits + 1);
    expect(b.app.cache.stats.loads).toBe(before.b.loads);

    const newOne = await newQuestion(a.prisma);
    for (const app of [a, b]) {
      const ms = await within(1000, async () => (await app.app.inject({ method: 'GET', url: '/api/faq' })).body.includes(newOne.pergunta));
      expect(ms).toBeLessThan(1000);
    }
    const after = await b.app.inject({ method: 'GET', url: '/api/faq', headers: { 'if-none-match': earlier.headers.etag as string } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(earlier.headers.etag);
    expect(a.app.cache.stats.invalidations).toBeGreaterThan(before.a.invalidations);
  });

  it('sync() returns once a change committed before it has been applied', async () => {
    await a.app.inject({ method: 'GET', url: '/api/faq' });
    const newOne = await newQuestion(a.prisma);
    await a.app.cache.sync();
    expect((await a.app.inject({ method: 'GET', url: '/api/faq' })).body).toContain(newOne.pergunta);
  });
});

describe('content cache across two API processes', () => {
  const processes: ChildProcess[] = [];
  const ports: number[] = [];
  const databaseUrl = inject('databaseUrl');

  async function start(): Promise<number> {
    const port = await getFreePort();
    const child = spawn(process.execPath, builtEntry(), {
      cwd: API_DIR,
      env: { ...process.env, NODE_ENV: 'development', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, JWT_SECRET: TEST_JWT_SECRET, SEED_DEMO: 'false', LOG_LEVEL: 'warn', FILA_ENABLED: 'false', WEB_DIST: '/nonexistent' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    processes.push(child);
    await within(60_000, async () => {
      try {
        return (await fetch(`http://127.0.0.1:${port}/api/ready`)).ok;
      } catch {
        return false;
      }
    });
    return port;
  }

  beforeAll(async () => {
    ports.push(...(await Promise.all([start(), start()])));
  }, 120_000);
  afterAll(() => {
    for (const p of processes) p.kill('SIGTERM');
  });

  it('a change committed while both serve from memory is answered by both within a second', async () => {
    const get = (port: number) => fetch(`http://127.0.0.1:${port}/api/faq`).then((r) => r.text());
    // Both processes now hold the FAQ in memory.
    await Promise.all(ports.map(get));
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const question = `Pergunta entre processos ${randomUUID()}`;
      // As staff do today (SQL, seeds, CLIs); the back office will write the same tables.
      await db.query("INSERT INTO faq (chave, pergunta, resposta, categoria, ativo, ordem, atualizado_em) VALUES ($1, $2, 'Resposta.', 'faq', false, 999, now())", [`cache-${randomUUID()}`, question]);
      for (const port of ports) {
        const ms = await within(1000, async () => (await get(port)).includes(question));
        expect(ms).toBeLessThan(1000);
      }
    } finally {
      await db.end();
    }
  });
});
