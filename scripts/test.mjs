#!/usr/bin/env node
// `pnpm test`: every test of the project: generated client, naming rule, unit + API integration
// tests (Vitest, real PostgreSQL), web build, browser tests (Playwright + Debian's Chromium).
// `pnpm test unit` or `pnpm test e2e` runs one part.
// PostgreSQL: TEST_PG_URL (a server URL, e.g. postgresql://postgres@127.0.0.1:5432) if given, else
// the local server on 127.0.0.1:5432 if it answers, else the API's embedded PostgreSQL started here.
//
// The closing line is made from the runners' reports (scripts/test-report), not from what they
// print: a test file that fails before its tests run, an error outside any test, or a step that
// dies without a report counts as a failure and is named at the end, so "N passed, 0 failed" is
// never printed by a failing run (issue 29). The end also says where the time went, per phase and
// per file.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { emptyReport, merge, readPlaywright, readVitest, timingReport } from './test-report/summary.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'apps/api/package.json'));
const only = process.argv[2]; // optional: unit | e2e
const reportDir = mkdtempSync(join(tmpdir(), 'legiao-test-report-'));
const vitestReporter = join(root, 'scripts/test-report/vitest-reporter.mjs');
const totals = emptyReport();
const phases = [];

function run(cmd, args, env = {}) {
  return new Promise((resolve) => {
    console.log(`\n$ ${cmd} ${args.join(' ')}`);
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', (err) => resolve(err.code === 'ENOENT' ? 127 : 1));
    child.on('close', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/**
 * One step. `report` reads what the runner wrote; a step that failed with no failure in its report
 * (a crash, a global setup that threw, a build error) counts as one failure under its own name.
 */
async function step(name, cmd, args, { env, report, countAsTest = false } = {}) {
  const started = Date.now();
  const code = await run(cmd, args, env);
  const got = report?.();
  if (got) merge(totals, got);
  else if (code === 0 && countAsTest) totals.passed++; // a check with no report of its own (the naming rule): one test
  const ok = code === 0 && (!got || got.failed === 0);
  if (code !== 0 && (!got || got.failed === 0)) {
    totals.failed++;
    totals.failures.push(`${name}: terminou com o código ${code}${got ? ' sem nenhuma falha no relatório' : ' sem relatório'}`);
  }
  phases.push({ name, ms: Date.now() - started, ok });
  if (!ok) console.error(`\n✗ ${name} falhou (código ${code})`);
  return ok;
}

async function canConnect(url) {
  const pg = require('pg');
  const client = new pg.Client({ connectionString: `${url}/postgres`, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** The server the tests create their databases on. */
async function postgresBase() {
  if (process.env.TEST_PG_URL) return { url: process.env.TEST_PG_URL.replace(/\/$/, ''), stop: async () => {} };
  const local = 'postgresql://postgres@127.0.0.1:5432';
  if (await canConnect(local)) return { url: local, stop: async () => {} };
  console.log('Nenhum PostgreSQL em 127.0.0.1:5432: iniciando o PostgreSQL embutido da API para os testes');
  // The API's own embedded server (apps/api/src/db/embedded): the same code the first command runs,
  // root and private folders included. TypeScript, loaded through the API's tsx.
  const { tsImport } = await import(pathToFileURL(require.resolve('tsx/esm/api')).href);
  const { startEmbeddedPostgres } = await tsImport(pathToFileURL(join(root, 'apps/api/src/db/embedded/index.ts')).href, import.meta.url);
  const dir = mkdtempSync(join(tmpdir(), 'legiao-test-pg-'));
  const { getFreePort } = await tsImport(pathToFileURL(join(root, 'apps/api/test/support/ports.ts')).href, import.meta.url);
  const port = await getFreePort();
  chmodSync(dir, 0o755); // as root, the server's `postgres` user must reach its data folder
  const db = await startEmbeddedPostgres({ dir: join(dir, 'data'), port });
  return {
    url: db.url.replace(/\/legiao$/, ''),
    stop: async () => {
      await db.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A package's Vitest run, with the file report beside the usual output. */
function vitest(name, pkg, env = {}) {
  const file = join(reportDir, `${pkg.replace(/\W+/g, '-')}.json`);
  return step(name, 'pnpm', ['--filter', pkg, 'exec', 'vitest', 'run', '--reporter=default', `--reporter=${vitestReporter}`], {
    env: { ...env, TEST_REPORT_FILE: file },
    report: () => readVitest(file, name),
  });
}

const started = Date.now();
const pg = await postgresBase();
try {
  await step('prisma generate', 'pnpm', ['--filter', '@legiao/api', 'run', 'generate']);
  if (!only || only === 'unit') {
    // The naming rule (ADR 0030): a Portuguese identifier in code fails the run.
    await step('nomes em inglês no código', 'node', ['tools/rename/check.mjs'], { countAsTest: true });
    await vitest('contratos', '@legiao/contracts');
    await vitest('web (unitários)', '@legiao/web');
    await vitest('API (integração)', '@legiao/api', { DATABASE_URL: `${pg.url}/legiao_api_test` });
  }
  if (!only || only === 'e2e') {
    const built = await step('build do web', 'pnpm', ['--filter', '@legiao/web', 'run', 'build']);
    if (!existsSync(process.env.E2E_CHROMIUM ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
      console.error('Chromium não encontrado em /usr/bin/chromium: instale com `apt-get install -y chromium` (Debian) ou defina CHROMIUM_PATH.');
      totals.failed++;
      totals.failures.push('testes de navegador: Chromium não encontrado');
    } else if (built) {
      const file = join(reportDir, 'playwright.json');
      await step('testes de navegador', 'pnpm', ['--filter', '@legiao/e2e', 'run', 'test'], {
        env: { E2E_DATABASE_URL: `${pg.url}/legiao_e2e`, PLAYWRIGHT_JSON_OUTPUT_FILE: file },
        report: () => readPlaywright(file, 'testes de navegador'),
      });
    } else {
      totals.failures.push('testes de navegador: não rodaram (o build do web falhou)');
    }
  }
} finally {
  await pg.stop();
  rmSync(reportDir, { recursive: true, force: true });
}

console.log(`\n${timingReport(phases, totals.files)}`);
if (totals.failures.length) {
  console.log(`\nFalharam (${totals.failures.length}):\n${totals.failures.slice(0, 60).map((f) => `  ✗ ${f}`).join('\n')}`);
  if (totals.failures.length > 60) console.log(`  … e mais ${totals.failures.length - 60}`);
}
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
// bench/test-run.mjs reads the run's figures from here.
if (process.env.TEST_SUMMARY_FILE) {
  writeFileSync(process.env.TEST_SUMMARY_FILE, JSON.stringify({ ms: Date.now() - started, phases, passed: totals.passed, failed: totals.failed, skipped: totals.skipped, failures: totals.failures }));
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped (${minutes} min)`);
process.exit(totals.failed > 0 ? 1 : 0);
