// A Vitest reporter for `pnpm test` (scripts/test.mjs): writes, at the end of a run, every test
// file's outcome, its failures outside any test (a hook, an import, a syntax error), the run's
// unhandled errors and where each file's time went, to the JSON file TEST_REPORT_FILE names.
// The printed output stays Vitest's own (the default reporter runs beside this one).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const message = (e) => String(e?.message ?? e ?? '').split('\n')[0];

export default class FileReportReporter {
  onTestRunEnd(testModules, unhandledErrors, reason) {
    const out = process.env.TEST_REPORT_FILE;
    if (!out) return;
    const files = testModules.map((module) => {
      const d = module.diagnostic();
      const tests = [...module.children.allTests()].map((test) => {
        const result = test.result();
        return { name: test.fullName, state: result.state, error: result.errors?.length ? message(result.errors[0]) : undefined };
      });
      return {
        file: module.relativeModuleId,
        project: module.project.name,
        state: module.state(),
        errors: module.errors().map(message),
        // Import of the file and what it imports, then its tests and hooks: the per-file report's columns.
        importMs: Math.round(d.collectDuration + d.setupDuration + d.prepareDuration + d.environmentSetupDuration),
        testsMs: Math.round(d.duration),
        tests,
      };
    });
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify({ reason, unhandled: unhandledErrors.map(message), files }, null, 1));
  }
}
