// How long `pnpm test` takes on this machine (issue 29: under 15 minutes on 2 cores), per phase,
// from clean clones: this tree's HEAD and, with BASELINE=<rev>, that revision, interleaved in the
// same run so both meet the same machine (the ratio is the figure to compare across machines).
// Each clone is made in a fresh `mktemp -d` folder (as root: a private folder, as the first-command
// issue asks), installed with `pnpm install --frozen-lockfile` (from the local store) and tested
// with `CI=true pnpm test`, as .ci/run does. Prints the load average before each run, the wall
// time of each phase (HEAD's own report; a baseline without it gets its total only), the counts,
// and medians of RUNS (1: a run is ~10 minutes).
// Usage: node bench/test-run.mjs   RUNS=1 BASELINE=<rev> KEEP=1 (leaves the clones)
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './lib.mjs';

const RUNS = Number(process.env.RUNS ?? 1);
const BASELINE = process.env.BASELINE;
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');
const min = (ms) => `${(ms / 60_000).toFixed(1)} min`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

function run(cmd, args, cwd, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

function clone(rev) {
  const dir = mkdtempSync(join(tmpdir(), 'legiao-test-run-'));
  const repo = join(dir, 'legião');
  execFileSync('git', ['clone', '-q', root, repo]);
  execFileSync('git', ['checkout', '-q', rev], { cwd: repo });
  return { dir, repo };
}

async function once(label, rev) {
  const { dir, repo } = clone(rev);
  try {
    if ((await run('pnpm', ['install', '--frozen-lockfile', '--silent'], repo, { CI: 'true' })) !== 0) throw new Error(`${label}: pnpm install falhou`);
    const before = load();
    const summaryFile = join(dir, 'summary.json');
    const started = Date.now();
    const code = await run('node', ['scripts/test.mjs'], repo, { CI: 'true', TEST_SUMMARY_FILE: summaryFile });
    const ms = Date.now() - started;
    let summary;
    try {
      summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
    } catch {
      summary = undefined; // a revision from before the summary file
    }
    const phases = summary?.phases?.map((p) => `${p.name} ${(p.ms / 1000).toFixed(0)} s`).join(', ') ?? '';
    const counts = summary ? `${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped` : `código ${code}`;
    console.log(`${label} (${rev.slice(0, 7)}): ${min(ms)}; load average antes ${before}; ${counts}${phases ? `; ${phases}` : ''}`);
    for (const f of summary?.failures ?? []) console.log(`  ✗ ${f}`);
    return { ms, code };
  } finally {
    if (!process.env.KEEP) rmSync(dir, { recursive: true, force: true });
  }
}

const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
const results = { head: [], baseline: [] };
for (let i = 0; i < RUNS; i++) {
  results.head.push(await once('HEAD', head));
  if (BASELINE) results.baseline.push(await once('base', BASELINE));
}
const h = median(results.head.map((r) => r.ms));
console.log(`\nmediana de ${RUNS}: HEAD ${min(h)}${BASELINE ? `, base ${min(median(results.baseline.map((r) => r.ms)))}, HEAD/base ${(h / median(results.baseline.map((r) => r.ms))).toFixed(2)}` : ''}`);
process.exit(results.head.some((r) => r.code !== 0) ? 1 : 0);
