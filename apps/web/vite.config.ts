import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';
import { firstScreenGroups } from './vite/first-screen-chunks.ts';
import { initialPrefetchPlugin } from './vite/initial-prefetch-plugin.ts';
import { prerenderLandingPlugin } from './vite/prerender-landing-plugin.ts';

/** Test files that mock a module (vi.mock): they run isolated. */
const ISOLATED = ['src/features/conquistas/components/achievements-section.test.tsx'];

// The API the dev server proxies to (docker compose sets http://api:3000).
const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

export default defineConfig({
  // .gz and .br next to each asset: the API serves them as they are (preCompressed), no CPU per request.
  // The prefetch script starts the member home's first calls before the app's code has loaded;
  // landing.html carries the landing page's first screen for `/` (vite/prerender-landing-plugin.ts).
  plugins: [react(), initialPrefetchPlugin(), prerenderLandingPlugin(), compression({ algorithms: ['gzip', 'brotliCompress'] })],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
      // Back-office pictures (docs/decisions/0028-code-pools-and-images.md).
      '/imagens': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
      // Back-office pictures (docs/decisions/0028-code-pools-and-images.md).
      '/imagens': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The home and the waiting room's controller as one file each (vite/first-screen-chunks.ts).
    rolldownOptions: { output: { codeSplitting: { groups: firstScreenGroups(import.meta.dirname) } } },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    testTimeout: 20_000,
    // Vitest's default (cores - 1) is one worker on CI's two cores; jsdom tests compute, so two.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    projects: [
      // One jsdom and one module graph per worker, not per file: setting jsdom up and importing the
      // app again for each of 60 files was two thirds of this suite's time (issue 29). The files
      // share nothing but what the setup file resets between tests.
      { extends: true, test: { name: 'web', isolate: false, include: ['src/**/*.test.{ts,tsx}'], exclude: ISOLATED } },
      // A file that replaces a module with vi.mock needs a module graph of its own (in a shared one
      // the real module may already be loaded by an earlier file).
      { extends: true, test: { name: 'web-isolado', include: ISOLATED } },
    ],
  },
});
