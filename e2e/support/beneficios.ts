import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type APIRequestContext } from '@playwright/test';
import { createActiveAccount, type TestAccount } from './accounts';
import { e2eDatabaseUrl } from './database';
import { API_DIR } from './env';

// Helpers for the benefit browser tests (tests/beneficios.spec.ts): a member of their own with a
// complete and defined profile and a balance made the real way (verified purchases credit 1 ponto
// each, docs/decisions/0009-economy.md), so tests that redeem never touch the demo member.

const run = promisify(execFile);
const requireFromApi = createRequire(path.join(API_DIR, 'package.json'));
type PgClient = { connect(): Promise<unknown>; query(sql: string, values?: unknown[]): Promise<{ rowCount: number | null }>; end(): Promise<void> };
type PgModule = { Client: new (opts: { connectionString: string }) => PgClient };

/** Distinct catalogue SKUs: one verified purchase entry (1 ponto) each. */
const SKUS = ['HID-GARRAFA750-AZUL', 'CAF-CANECA350-PRETO', 'BAR-COPO473-BRANCO', 'BAR-COPO473-PRETO', 'CAF-CANECA350-ROSA'];

/** Fills the profile fields the sign-up leaves empty and sets the portal's perfil, as the profile pages would. */
export async function completeProfile(email: string, profile: string | null = 'estiloso') {
  const pg = requireFromApi('pg') as PgModule;
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    const res = await client.query(
      `UPDATE usuario SET cep = '20040002', endereco = 'Avenida Rio Branco', numero = '100', cidade = 'Rio de Janeiro', uf = 'RJ', genero = COALESCE(genero, 'naodizer'), perfil = $2 WHERE email = $1`,
      [email, profile],
    );
    expect(res.rowCount, `perfil de ${email}`).toBe(1);
  } finally {
    await client.end();
  }
}

/** `pontos` verified purchases in one order, imported with the brand's command (import:compras). */
export async function creditPurchases(email: string, points: number) {
  if (points > SKUS.length) throw new Error(`no máximo ${SKUS.length} pontos`);
  const dir = mkdtempSync(path.join(tmpdir(), 'legiao-saldo-'));
  const csv = path.join(dir, 'compras.csv');
  const request = `E2E-B-${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const lines = SKUS.slice(0, points).map((sku) => `${request};${email};;${sku};1;2025-06-10`);
  writeFileSync(csv, `pedido;email;cpf;produto;quantidade;dataCompra\n${lines.join('\n')}\n`);
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/features/produto/import-purchases.ts', csv], {
      cwd: API_DIR,
      env: { ...process.env, DATABASE_URL: e2eDatabaseUrl(), LOG_LEVEL: 'warn' },
      timeout: 60_000,
    });
    expect(stdout, 'as compras verificadas foram criadas').toContain(`${points} criada(s)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A fresh, active member with a complete and defined profile and `pontos` of balance. */
export async function memberWithBalance(request: APIRequestContext, points: number, prefix = 'beneficio'): Promise<TestAccount> {
  const account = await createActiveAccount(request, prefix);
  await completeProfile(account.email);
  if (points > 0) await creditPurchases(account.email, points);
  return account;
}
