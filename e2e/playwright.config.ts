import { defineConfig } from '@playwright/test';
import path from 'node:path';
import { BASE_URL, RESULTS_DIR } from './support/env';

/**
 * Browser tests against the real API and the built web app (one port), Debian's Chromium.
 * Never run `playwright install`: it downloads a browser from a host these machines can't reach.
 */
export default defineConfig({
  testDir: 'tests',
  // Screenshots of key screens live in test-results/screens; Playwright wipes only its own folder.
  outputDir: path.join(RESULTS_DIR, 'artifacts'),
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // `pnpm test` (scripts/test.mjs) reads the JSON report for its closing line and timing report.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['list'], ['json']] : 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    screenshot: 'only-on-failure',
    // A trace records every action with DOM snapshots and a screencast: worth it on a developer's
    // machine, where a failure's trace is opened; on CI nobody can open it, and recording it for
    // every test is CPU the 2-core runner spends on nothing.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.E2E_CHROMIUM ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // The member portal at a phone's width and at a desktop's; the back office (admin-*.spec.ts) is
    // desktop-first (docs/decisions/0027-back-office.md) and runs at 1280 px only, with a 375 px
    // check of its own where it matters (admin-integracoes.spec.ts).
    { name: 'mobile', testIgnore: /admin-.*\.spec\.ts$/, use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  ],
});
