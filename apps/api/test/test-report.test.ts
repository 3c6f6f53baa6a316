import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.js';
// @ts-expect-error: plain JavaScript of the repository's scripts, no declarations
import { readPlaywright, readVitest } from '../../../scripts/test-report/summary.mjs';

// Issue 29 §2: `pnpm test`'s closing line counts every failure. Read from the runners' reports: a
// file that fails before its tests run (a hook, an import), an error no test owns, a test that
// fails. Once a run of 937 tests ended "937 passed, 0 failed, 53 skipped" with four files failed in
// their beforeAll, because the line was added up from the tests Vitest printed.

type Report = { passed: number; failed: number; skipped: number; failures: string[] };
const temp = mkdtempSync(join(tmpdir(), 'legiao-test-report-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('the Vitest report pnpm test reads', () => {
  it('counts a file failing in a hook or an import, and an unhandled error, as failures and names them', () => {
    const fixture = resolve('test/fixtures/failing-suite');
    const out = join(temp, 'vitest.json');
    const vitest = resolve('node_modules/vitest/vitest.mjs'); // the package's bin (not in its exports)
    const run = spawnSync(process.execPath, [vitest, 'run', '--root', fixture, '--reporter=dot', `--reporter=${join(REPO_ROOT, 'scripts/test-report/vitest-reporter.mjs')}`], {
      env: { ...process.env, TEST_REPORT_FILE: out },
      encoding: 'utf8',
    });
    expect(run.status, run.stdout + run.stderr).toBe(1);

    const report = readVitest(out, 'fixture') as Report;
    expect({ passed: report.passed, failed: report.failed, skipped: report.skipped }).toEqual({
      passed: 2, // passes.check.ts, unhandled.check.ts
      failed: 4, // the failing test, the hook's file, the import's file, the unhandled rejection
      skipped: 3, // the one skipped on purpose and the two the failed hook never ran
    });
    const failures = report.failures.join('\n');
    expect(failures).toContain('test-fails.check.ts › fails');
    expect(failures).toMatch(/hook-fails\.check\.ts \(o arquivo falhou fora dos testes: o banco do teste não subiu\)/);
    expect(failures).toMatch(/import-fails\.check\.ts \(o arquivo falhou fora dos testes: .*no-such-module/);
    expect(failures).toMatch(/fixture: erro fora de qualquer teste: rejeição sem dono/);
  }, 60_000);

  it('a run that wrote no report is no report (pnpm test then counts the step itself as failed)', () => {
    expect(readVitest(join(temp, 'never-written.json'), 'x')).toBeUndefined();
  });
});

describe('the Playwright report pnpm test reads', () => {
  it('counts unexpected and flaky tests and errors outside tests (global setup, a spec that does not load)', () => {
    const out = join(temp, 'playwright.json');
    const test = (projectName: string, status: string, error?: string) => ({
      projectName,
      status,
      results: [{ duration: 1000, status: status === 'expected' ? 'passed' : 'failed', ...(error ? { error: { message: error } } : {}) }],
    });
    const report = {
      suites: [
        {
          title: 'login.spec.ts',
          file: 'login.spec.ts',
          specs: [{ title: 'entra', tests: [test('mobile', 'expected'), test('desktop', 'unexpected', 'Error: expect(received).toBe(expected)\n  at x')] }],
          suites: [{ title: 'grupo', specs: [{ title: 'às vezes', tests: [test('desktop', 'flaky')] }, { title: 'pulado', tests: [test('desktop', 'skipped')] }] }],
        },
      ],
      errors: [{ message: 'Error: E2E: a API não respondeu /api/ready em 90 s.\nÚltimas linhas: ...' }, { message: 'SyntaxError: Unexpected token', location: { file: 'tests/quebrado.spec.ts' } }],
    };
    writeFileSync(out, JSON.stringify(report));
    const r = readPlaywright(out, 'navegador') as Report & { files: { file: string; ms: number }[] };
    expect({ passed: r.passed, failed: r.failed, skipped: r.skipped }).toEqual({ passed: 1, failed: 4, skipped: 1 });
    expect(r.failures).toEqual([
      'login.spec.ts › [desktop] entra: Error: expect(received).toBe(expected)',
      'login.spec.ts › [desktop] às vezes (instável: passou só ao repetir)',
      'navegador: erro fora de qualquer teste: Error: E2E: a API não respondeu /api/ready em 90 s.',
      'navegador: erro fora de qualquer teste: tests/quebrado.spec.ts: SyntaxError: Unexpected token',
    ]);
    expect(r.files).toEqual([{ phase: 'navegador', file: 'login.spec.ts', ms: 4000 }]);
  });
});
