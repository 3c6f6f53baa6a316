// The web app's weight and speed, measured in Debian's Chromium:
//  - gzipped JavaScript loaded by / (logged out) and by /home (the demo member), aim <= 170 KB each;
//  - Lighthouse performance score of / and /home with its default mobile settings (simulated slow
//    4G, 4x CPU slowdown, 412 px screen), aim >= 90 for /home.
// Needs a build: `pnpm --filter @legiao/web build` (the API serves apps/web/dist with .br/.gz).
// Usage: node bench/web.mjs   (CHROME_PATH to use another browser; RUNS=3 by default, median kept)
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import WebSocket from 'ws';
import { ensureDatabase, root, startApi } from './lib.mjs';

const PORT = 3994;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.RUNS ?? 3);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
  console.error('apps/web/dist não existe: rode `pnpm --filter @legiao/web build` antes.');
  process.exit(1);
}

/** Clears the HTTP cache and runs one expression in a fresh tab (to put the session in localStorage). */
async function evaluateInTab(port, url, expression) {
  const target = await (await fetch(`http://127.0.0.1:${port}/json/new?${url}`, { method: 'PUT' })).json();
  await new Promise((r) => setTimeout(r, 1500)); // let the page load
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((r, j) => ws.once('open', r).once('error', j));
  const answer = new Promise((r) => ws.on('message', (m) => JSON.parse(m).id === 2 && r(JSON.parse(m))));
  // Storage stays (disableStorageReset) but the HTTP cache goes: every run is a cold load.
  ws.send(JSON.stringify({ id: 1, method: 'Network.clearBrowserCache' }));
  ws.send(JSON.stringify({ id: 2, method: 'Runtime.evaluate', params: { expression, awaitPromise: true } }));
  await answer;
  ws.close();
  await fetch(`http://127.0.0.1:${port}/json/close/${target.id}`);
}

/** gzip size of every script the page loaded (same level as the build's .gz files). */
async function gzippedScripts(lhr) {
  const items = lhr.audits['network-requests'].details.items.filter((i) => i.resourceType === 'Script' && i.url.startsWith(ORIGIN));
  let total = 0;
  const files = [];
  for (const i of items) {
    const body = Buffer.from(await (await fetch(i.url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
    const gz = gzipSync(body, { level: 9 }).length;
    total += gz;
    files.push({ file: new URL(i.url).pathname, kb: gz / 1024 });
  }
  return { kb: total / 1024, files };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

await ensureDatabase();
const api = await startApi(PORT);
let chrome;
try {
  const res = await fetch(`${ORIGIN}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'membro@legiao.dev', senha: 'Legiao@2025' }),
  });
  const { token } = await res.json();
  chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'] });

  const results = {};
  const PAGES = (process.env.PAGES ?? '/,/home').split(',');
  for (const [name, path, logged] of [['/', '/', false], ['/home', '/home', true]].filter(([n]) => PAGES.includes(n))) {
    const scores = [];
    let js;
    let metrics;
    for (let run = 0; run < RUNS; run++) {
      // Lighthouse must not wipe storage: /home needs the member's token (set on the origin first).
      await evaluateInTab(chrome.port, `${ORIGIN}/ajuda-bench`, logged ? `localStorage.setItem('token', ${JSON.stringify(token.token)})` : 'localStorage.clear()');
      const { lhr } = await lighthouse(`${ORIGIN}${path}`, { port: chrome.port, onlyCategories: ['performance'], disableStorageReset: true, logLevel: 'error' });
      scores.push(Math.round(lhr.categories.performance.score * 100));
      js ??= await gzippedScripts(lhr);
      metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'].map(
        (k) => `${lhr.audits[k].title}: ${lhr.audits[k].displayValue}`,
      );
      if (process.env.DETAIL) {
        const top = (k, f) => (lhr.audits[k].details?.items ?? []).slice(0, 8).map(f).join('\n      ');
        console.log(`${name} run ${run}:\n      ${top('bootup-time', (i) => `${i.url} script ${Math.round(i.scripting)} ms, parse ${Math.round(i.scriptParseCompile)} ms`)}`);
        console.log(`      ${top('mainthread-work-breakdown', (i) => `${i.groupLabel}: ${Math.round(i.duration)} ms`)}`);
        console.log(`      ${top('long-tasks', (i) => `${i.url} @${Math.round(i.startTime)} ${Math.round(i.duration)} ms`)}`);
      }
      if (logged && !lhr.finalDisplayedUrl.endsWith('/home')) throw new Error(`esperava /home, a página terminou em ${lhr.finalDisplayedUrl}`);
    }
    results[name] = { score: median(scores), scores, js, metrics };
  }

  for (const [name, r] of Object.entries(results)) {
    console.log(`\n${name}`);
    console.log(`  JavaScript carregado (gzip): ${r.js.kb.toFixed(1)} KB em ${r.js.files.length} arquivos (meta <= 170 KB)`);
    for (const f of r.js.files) console.log(`    ${f.file}  ${f.kb.toFixed(1)} KB`);
    console.log(`  Lighthouse desempenho (mobile): ${r.score} (mediana de ${r.scores.join(', ')}; meta >= 90)`);
    for (const m of r.metrics) console.log(`    ${m}`);
  }
} finally {
  await chrome?.kill();
  await api.stop();
}
