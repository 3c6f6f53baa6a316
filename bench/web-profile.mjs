// Where the browser's main thread spends its time while a page loads: a CPU profile of the page in
// Debian's Chromium (no throttling: shares, not absolute times), self time per function mapped back
// to the source through the build's source maps, grouped by package, and the long tasks.
//
// Needs a build with source maps: `pnpm --filter @legiao/web exec vite build --sourcemap --outDir /tmp/web-map`
// then `WEB_DIST=/tmp/web-map node bench/web-profile.mjs`. Without maps it prints bundle positions.
//   PAGE     '/home' (default) or '/'
//   RUNS     profiles added together (default 3), each in a fresh tab with the HTTP cache cleared
//   TOP      functions listed (default 30)
//   SETTLE   ms to keep profiling after the load event (default 3000)
//   LONG     main-thread tasks listed above this many ms (default 6)
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import WebSocket from 'ws';
import { ensureDatabase, root, startApi } from './lib.mjs';

const PORT = 3995;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PAGE = process.env.PAGE ?? '/home';
const RUNS = Number(process.env.RUNS ?? 3);
const TOP = Number(process.env.TOP ?? 30);
const SETTLE = Number(process.env.SETTLE ?? 3000);
const LONG = Number(process.env.LONG ?? 6);
const WEB_DIST = resolve(process.env.WEB_DIST ?? join(root, 'apps/web/dist'));

/** A small CDP client over the tab's WebSocket, with event listeners. */
async function connect(wsUrl) {
  const ws = new WebSocket(wsUrl, { perMessageDeflate: false, maxPayload: 1 << 30 });
  await new Promise((r, j) => ws.once('open', r).once('error', j));
  const pending = new Map();
  const listeners = new Map();
  ws.on('message', (m) => {
    const msg = JSON.parse(m);
    if (msg.id) pending.get(msg.id)?.(msg);
    else listeners.get(msg.method)?.forEach((f) => f(msg.params));
  });
  let id = 0;
  return {
    send: (method, params = {}) =>
      new Promise((r, j) => {
        pending.set(++id, (msg) => (msg.error ? j(new Error(`${method}: ${msg.error.message}`)) : r(msg.result)));
        ws.send(JSON.stringify({ id, method, params }));
      }),
    on: (method, f) => listeners.set(method, [...(listeners.get(method) ?? []), f]),
    close: () => ws.close(),
  };
}

const maps = new Map();
function mapOf(url) {
  if (!url.startsWith(ORIGIN)) return null;
  if (!maps.has(url)) {
    const file = join(WEB_DIST, new URL(url).pathname);
    maps.set(url, existsSync(`${file}.map`) ? new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))) : null);
  }
  return maps.get(url);
}

/** "function (source:line)" and its package for a profile node's call frame. */
function place(frame) {
  const { url, functionName, lineNumber, columnNumber } = frame;
  if (!url) return { name: functionName || `(${frame.functionName || 'program'})`, pkg: functionName.startsWith('(') ? functionName : '(native)' };
  const map = mapOf(url);
  const entry = map?.findEntry(lineNumber, columnNumber);
  if (entry?.originalSource) {
    const src = entry.originalSource.replace(/^.*?(node_modules\/\.pnpm\/[^/]+\/node_modules\/)/, 'node_modules/');
    const pkg = src.includes('node_modules/')
      ? src.split('node_modules/')[1].split('/').slice(0, src.split('node_modules/')[1].startsWith('@') ? 2 : 1).join('/')
      : src.replace(/^.*?src\//, 'src/').split('/').slice(0, 3).join('/');
    return { name: `${entry.name ?? functionName ?? '(anonymous)'} (${src.replace(/^.*?(src\/|node_modules\/)/, '$1')}:${entry.originalLine + 1})`, pkg };
  }
  return { name: `${functionName || '(anonymous)'} (${new URL(url).pathname}:${lineNumber + 1}:${columnNumber + 1})`, pkg: new URL(url).pathname };
}

await ensureDatabase();
const api = await startApi(PORT, { WEB_DIST });
let chrome;
try {
  const login = await fetch(`${ORIGIN}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'membro@legiao.dev', senha: 'Legiao@2025' }),
  });
  const { token } = await login.json();
  chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--window-size=412,823'] });
  const self = new Map(); // name -> { ms, pkg }
  const pkgs = new Map();
  const tasks = [];
  let total = 0;
  for (let run = 0; run < RUNS; run++) {
    const target = await (await fetch(`http://127.0.0.1:${chrome.port}/json/new?${ORIGIN}/ajuda-bench`, { method: 'PUT' })).json();
    const tab = await connect(target.webSocketDebuggerUrl);
    await new Promise((r) => setTimeout(r, 1000));
    await tab.send('Runtime.evaluate', { expression: PAGE === '/' ? 'localStorage.clear()' : `localStorage.setItem('token', ${JSON.stringify(token.token)})` });
    await tab.send('Network.enable');
    await tab.send('Network.clearBrowserCache');
    await tab.send('Emulation.setDeviceMetricsOverride', { width: 412, height: 823, deviceScaleFactor: 1.75, mobile: true });
    await tab.send('Profiler.enable');
    await tab.send('Profiler.setSamplingInterval', { interval: 100 });
    await tab.send('Page.enable');
    await tab.send('Tracing.start', { categories: 'toplevel,devtools.timeline,blink.user_timing,loading', transferMode: 'ReportEvents' });
    const events = [];
    tab.on('Tracing.dataCollected', (p) => events.push(...p.value));
    const done = new Promise((r) => tab.on('Tracing.tracingComplete', r));
    await tab.send('Profiler.start');
    const loaded = new Promise((r) => tab.on('Page.loadEventFired', r));
    await tab.send('Page.navigate', { url: `${ORIGIN}${PAGE}` });
    await loaded;
    await new Promise((r) => setTimeout(r, SETTLE));
    const { profile } = await tab.send('Profiler.stop');
    await tab.send('Tracing.end');
    await done;
    // Long tasks of the main thread: over LONG ms unthrottled (Lighthouse multiplies them by its CPU slowdown,
    // 8-10x on a quiet host of these machines, so 6 ms here is a 50 ms long task there).
    const nav = events.find((e) => e.name === 'navigationStart');
    const t0 = nav?.ts ?? 0;
    // The renderer's main thread: where the page's navigationStart was recorded.
    const mainTid = nav?.tid;
    // Each sample's time (same clock as the trace) and place, to say what filled each long task.
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parents = new Map();
    for (const n of profile.nodes) for (const c of n.children ?? []) parents.set(c, n);
    const sampled = [];
    let clock = profile.startTime;
    profile.samples.forEach((node, i) => {
      clock += profile.timeDeltas[i] ?? 0;
      sampled.push({ ts: clock, ms: (profile.timeDeltas[i + 1] ?? 0) / 1000, node });
    });
    const inside = (e, names) => events.filter((x) => x.tid === mainTid && x.ph === 'X' && names.includes(x.name) && x.ts >= e.ts && x.ts < e.ts + e.dur);
    for (const e of events) {
      if ((e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && e.ph === 'X' && e.dur > LONG * 1000 && e.tid === mainTid) {
        const what = new Map();
        const fns = new Map();
        for (const x of sampled) {
          if (x.ts < e.ts || x.ts >= e.ts + e.dur) continue;
          const { pkg, name } = place(byId.get(x.node).callFrame);
          if (pkg === '(idle)') continue;
          what.set(pkg, (what.get(pkg) ?? 0) + x.ms);
          // The nearest frame of our own source on the stack: which component or hook it was for.
          let n = byId.get(x.node);
          let ours = null;
          while (n && !ours) {
            const p = place(n.callFrame);
            if (p.pkg.startsWith('src/')) ours = p.name;
            n = parents.get(n.id);
          }
          if (ours) fns.set(ours, (fns.get(ours) ?? 0) + x.ms);
        }
        const browser = ['ParseHTML', 'UpdateLayoutTree', 'Layout', 'Paint', 'EvaluateScript', 'v8.compile', 'FunctionCall', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'v8.run']
          .map((n) => [n, inside(e, [n]).reduce((t, x) => t + x.dur, 0) / 1000])
          .filter(([, ms]) => ms >= 1);
        tasks.push({
          run: run + 1,
          at: (e.ts - t0) / 1000,
          ms: e.dur / 1000,
          what: [...what].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', '),
          events: browser.map(([n, ms]) => `${n} ${ms.toFixed(1)}`).join(', '),
          ours: [...fns].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', '),
        });
      }
    }
    const dt = new Map();
    profile.samples.forEach((node, i) => dt.set(node, (dt.get(node) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000));
    for (const node of profile.nodes) {
      const ms = dt.get(node.id) ?? 0;
      if (!ms) continue;
      const { name, pkg } = place(node.callFrame);
      if (name === '(idle)') continue;
      total += ms;
      const e = self.get(name) ?? { ms: 0, pkg };
      e.ms += ms;
      self.set(name, e);
      pkgs.set(pkg, (pkgs.get(pkg) ?? 0) + ms);
    }
    if (process.env.DUMP) (await import("node:fs")).writeFileSync(`/tmp/trace-${run}.json`, JSON.stringify(events));
    tab.close();
    await fetch(`http://127.0.0.1:${chrome.port}/json/close/${target.id}`);
  }
  const avg = (ms) => (ms / RUNS).toFixed(1).padStart(7);
  console.log(`${PAGE}: ${RUNS} load(s), busy main thread ${(total / RUNS).toFixed(0)} ms per load (no throttling), idle left out`);
  console.log('\nself time per package (ms per load)');
  for (const [pkg, ms] of [...pkgs].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${avg(ms)}  ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${pkg}`);
  console.log(`\ntop ${TOP} functions by self time (ms per load)`);
  for (const [name, { ms }] of [...self].sort((a, b) => b[1].ms - a[1].ms).slice(0, TOP)) console.log(`${avg(ms)}  ${name}`);
  console.log(`\nmain-thread tasks over ${LONG} ms (run, ms from navigation, duration)`);
  for (const t of tasks) console.log(`  run ${t.run}  @${t.at.toFixed(0).padStart(5)}  ${t.ms.toFixed(1).padStart(5)} ms  samples: ${t.what}\n${' '.repeat(27)}events: ${t.events}${t.ours ? `\n${' '.repeat(27)}under: ${t.ours}` : ''}`);
} finally {
  await chrome?.kill();
  await api.stop();
}
