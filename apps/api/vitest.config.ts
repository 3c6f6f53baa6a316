import { defineConfig } from 'vitest/config';

// One fresh, migrated database per run (test/support/global-setup.ts): DATABASE_URL's, dropped and
// recreated, or an embedded PostgreSQL when it is unset. Files run in parallel against it.
const shared = {
  environment: 'node',
  pool: 'forks',
  // Vitest's default is one worker per core but one (cores - 1): a single worker on CI's two cores.
  // These files wait on PostgreSQL, bcrypt and timers far more than they compute, so three share
  // two cores well; they are written to share one database (each makes its own rows).
  maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
  // The app's modules are imported once per worker, not once per file: importing Fastify, Prisma's
  // client and every feature again for each of 100 files was 244 s of the suite's CPU (issue 29).
  // Each file still builds its own app (buildTestApp) and closes it; module state that outlives an
  // app must not assume it is the process's only one (lib/background-jobs.ts).
  isolate: false,
  testTimeout: 30_000, // generous: CI machines also run Chromium for the browser tests
  hookTimeout: 30_000,
} as const;

export default defineConfig({
  test: {
    globalSetup: ['./test/support/global-setup.ts'],
    projects: [
      {
        test: { ...shared, name: 'api', include: ['test/*.test.ts'], sequence: { groupOrder: 0 } },
      },
      {
        // The mail outbox is one table every app's mailer drains: the test that makes SMTP fail
        // on purpose runs alone, after the others, so no other worker delivers its mail.
        test: { ...shared, name: 'api-serial', include: ['test/serial/*.test.ts'], sequence: { groupOrder: 1 } },
      },
    ],
  },
});
