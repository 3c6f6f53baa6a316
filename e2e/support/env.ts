import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Paths and addresses shared by the config, the global setup and the helpers. */
export const E2E_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(E2E_DIR, '..');
export const API_DIR = path.join(REPO_ROOT, 'apps/api');
// Overridable so parallel runs (several developers or helpers on one machine) don't share folders.
export const WEB_DIST = process.env.E2E_WEB_DIST ? path.resolve(process.env.E2E_WEB_DIST) : path.join(REPO_ROOT, 'apps/web/dist');
export const RESULTS_DIR = process.env.E2E_RESULTS_DIR
  ? path.resolve(process.env.E2E_RESULTS_DIR)
  : path.join(E2E_DIR, 'test-results');
export const SCREENS_DIR = path.join(RESULTS_DIR, 'screens');
/**
 * Screenshots of key screens for a person to look at: taken by default on a developer's machine,
 * skipped on CI (nobody reads them there, and full-page captures at a 2x pixel ratio are a good
 * part of the suite's CPU); E2E_SCREENS=1 or 0 decides either way.
 */
export const SCREENS = process.env.E2E_SCREENS ? process.env.E2E_SCREENS !== '0' : !process.env.CI;

export const APP_PORT = Number(process.env.E2E_PORT ?? 3210);
export const BASE_URL = `http://127.0.0.1:${APP_PORT}`;

/**
 * The API's JWT_SECRET and EMAIL_DEVOLUCOES in the tests (support/api-server.ts): a test that plays the
 * mail relay signs an alert's bounce address (VERP) as the API does.
 */
export const API_SECRET = 'legiao-e2e-only-secret-0000000000000000000000000';
export const BOUNCE_MAILBOX = 'devolucoes@legiao.dev';

/** The fake mailbox's HTTP address; set by the global setup, inherited by the workers. */
export const MAIL_URL_ENV = 'E2E_MAIL_URL';

/** Demo accounts seeded by the API on start (apps/api/src/db/seed.ts). */
export const DEMO = {
  email: 'membro@legiao.dev',
  senha: 'Legiao@2025',
  nome: 'Marina Legionária',
  cpf: '529.982.247-25',
} as const;
