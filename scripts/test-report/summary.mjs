// Reads the reports `pnpm test` asks its runners for (Vitest: vitest-reporter.mjs; Playwright: its
// JSON reporter) into one shape: counts, the failures by name (tests, and files or runs that failed
// outside any test), and each file's time. The closing line is made from these, never from the
// runners' printed output, so a failure no test owns still counts.
import { existsSync, readFileSync } from 'node:fs';

/** @typedef {{ passed: number, failed: number, skipped: number, failures: string[], files: Array<{ phase: string, file: string, ms: number, importMs?: number }> }} Report */

/** @returns {Report} */
export function emptyReport() {
  return { passed: 0, failed: 0, skipped: 0, failures: [], files: [] };
}

/** Adds b into a. */
export function merge(a, b) {
  a.passed += b.passed;
  a.failed += b.failed;
  a.skipped += b.skipped;
  a.failures.push(...b.failures);
  a.files.push(...b.files);
  return a;
}

const readJson = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined);

/**
 * A Vitest run. A test file that failed outside its tests (a hook, an import) counts as one failure,
 * named with its first error; so does each unhandled error. Undefined when the run wrote no report
 * (it crashed before the end: the caller counts the step itself).
 * @returns {Report | undefined}
 */
export function readVitest(path, phase) {
  const data = readJson(path);
  if (!data) return undefined;
  const report = emptyReport();
  for (const f of data.files) {
    let failedTests = 0;
    for (const t of f.tests) {
      if (t.state === 'passed') report.passed++;
      else if (t.state === 'failed') {
        report.failed++;
        failedTests++;
        report.failures.push(`${f.file} › ${t.name}${t.error ? `: ${t.error}` : ''}`);
      } else report.skipped++;
    }
    if (f.state === 'failed' && failedTests === 0) {
      report.failed++;
      report.failures.push(`${f.file} (o arquivo falhou fora dos testes${f.errors.length ? `: ${f.errors[0]}` : ''})`);
    }
    report.files.push({ phase, file: f.file, ms: f.importMs + f.testsMs, importMs: f.importMs });
  }
  for (const e of data.unhandled) {
    report.failed++;
    report.failures.push(`${phase}: erro fora de qualquer teste: ${e}`);
  }
  if (data.reason === 'interrupted') {
    report.failed++;
    report.failures.push(`${phase}: execução interrompida`);
  }
  return report;
}

/**
 * A Playwright run (its JSON reporter): expected = passed, unexpected and flaky = failed, skipped;
 * errors outside tests (global setup, a spec file that does not load) count as failures.
 * @returns {Report | undefined}
 */
export function readPlaywright(path, phase) {
  const data = readJson(path);
  if (!data) return undefined;
  const report = emptyReport();
  const perFile = new Map();
  const visit = (suite, file) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const ms = (test.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
        perFile.set(here, (perFile.get(here) ?? 0) + ms);
        if (test.status === 'expected') report.passed++;
        else if (test.status === 'skipped') report.skipped++;
        else {
          report.failed++;
          const error = test.results?.find((r) => r.error)?.error?.message?.split('\n')[0]?.replace(/\x1b\[[0-9;]*m/g, '');
          report.failures.push(`${here} › [${test.projectName}] ${spec.title}${test.status === 'flaky' ? ' (instável: passou só ao repetir)' : ''}${error ? `: ${error}` : ''}`);
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child, here);
  };
  for (const suite of data.suites ?? []) visit(suite, suite.file);
  for (const e of data.errors ?? []) {
    report.failed++;
    const where = e.location?.file ? `${e.location.file}: ` : '';
    report.failures.push(`${phase}: erro fora de qualquer teste: ${where}${String(e.message ?? '').split('\n')[0].replace(/\x1b\[[0-9;]*m/g, '')}`);
  }
  for (const [file, ms] of perFile) report.files.push({ phase, file, ms });
  return report;
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Where the time went: each phase's wall time, then the slowest files. */
export function timingReport(phases, files, top = 25) {
  const lines = ['Onde o tempo foi (por fase, tempo de relógio):'];
  for (const p of phases) lines.push(`  ${seconds(p.ms).padStart(8)}  ${p.name}${p.ok ? '' : '  (falhou)'}`);
  lines.push(`  ${seconds(phases.reduce((s, p) => s + p.ms, 0)).padStart(8)}  total`);
  const slowest = [...files].sort((a, b) => b.ms - a.ms).slice(0, top);
  if (slowest.length) {
    lines.push(`\nOs ${slowest.length} arquivos de teste mais demorados (tempo somado dos seus testes e hooks; entre parênteses, a importação):`);
    for (const f of slowest) {
      lines.push(`  ${seconds(f.ms).padStart(8)}  ${f.phase}  ${f.file}${f.importMs ? `  (${seconds(f.importMs)})` : ''}`);
    }
  }
  return lines.join('\n');
}
