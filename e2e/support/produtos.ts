import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { API_DIR } from './env';

// Helpers for the product browser tests (tests/produtos.spec.ts): catalogue look-ups, entries
// added through the API, and verified purchases registered the brand's way (the import CLI).

const run = promisify(execFile);

/** The same database the global setup prepared (support/database.ts picks it this way). */
function e2eDatabaseUrl(): string {
  return process.env.E2E_DATABASE_URL || process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/legiao_e2e';
}

/** The catalogue id of a product by its exact name (GET /api/produto/busca). */
export async function productIdByName(request: APIRequestContext, name: string): Promise<number> {
  const res = await request.get('/api/produto/busca', { params: { q: name, pageSize: 100 } });
  expect(res.status(), `GET /api/produto/busca: ${await res.text()}`).toBe(200);
  const { items } = (await res.json()) as { items: { id: number; nome: string }[] };
  const product = items.find((p) => p.nome === name);
  if (!product) throw new Error(`produto "${name}" não está no catálogo`);
  return product.id;
}

/** A member's own (non-verified) entry, as the add page would create it, with a chosen date. */
export async function addProductApi(
  request: APIRequestContext,
  token: string,
  entry: { nome: string; localCompra: string; dataCompra?: string },
): Promise<string> {
  const productId = await productIdByName(request, entry.nome);
  const res = await request.post('/api/produto/cliente', {
    headers: { Authorization: `Bearer ${token}` },
    data: { idProduto: productId, localCompra: entry.localCompra, presente: false, dataCompra: entry.dataCompra },
  });
  expect(res.status(), `POST /api/produto/cliente: ${await res.text()}`).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/**
 * A verified purchase (bought on the brand's site), registered with the import command the brand
 * runs (apps/api import:compras) against the test database: it gets legion numbers like a real one.
 */
export async function recordVerifiedPurchase(purchase: { email: string; sku: string; quantidade: number; dataCompra: string }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'legiao-compras-'));
  const csv = path.join(dir, 'compras.csv');
  const request = `E2E-${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  writeFileSync(csv, `pedido;email;cpf;produto;quantidade;dataCompra\n${request};${purchase.email};;${purchase.sku};${purchase.quantidade};${purchase.dataCompra}\n`);
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/features/produto/import-purchases.ts', csv], {
      cwd: API_DIR,
      env: { ...process.env, DATABASE_URL: e2eDatabaseUrl(), LOG_LEVEL: 'warn' },
      timeout: 60_000,
    });
    expect(stdout, 'a compra verificada foi criada').toContain('1 criada(s)');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A product card (ProdutoCard) by the product's name, inside `scope`. */
export function card(scope: Page | Locator, name: string): Locator {
  return scope.getByRole('article', { name: name, exact: true });
}

/** The open modal dialog. */
export function dialog(page: Page): Locator {
  return page.getByRole('dialog');
}
