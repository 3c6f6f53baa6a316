// A CPU profile of the API under one of the benches, printed readable:
//   node bench/profile.mjs logged            (any bench that starts the API with lib.mjs startApi)
//   DURATION=5 node bench/profile.mjs home
// Runs `node bench/<bench>.mjs [args]` with API_NODE_ARGS="--cpu-prof --cpu-prof-dir=<tmp>" (the
// API writes its .cpuprofile when it exits: stop() sends SIGTERM, the server calls process.exit(0)),
// then reads the newest profile and prints the top self-time functions and self time grouped by
// package: node_modules/<pkg>, node: internals, our own code by source folder (bundle positions
// mapped back through apps/api/dist's source maps), wasm, and V8's (garbage collector), (idle),
// (program). The API's boot (before the first routed request) is left out unless BOOT=1.
// `PROFILE=<file.cpuprofile>` only reads an existing profile; TOP (default 25).
// Needs `pnpm build`. docs/decisions/0021-compiled-api.md
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertApiBuilt, root } from './lib.mjs';

const TOP = Number(process.env.TOP ?? 25);
const SPECIAL = new Set(['(garbage collector)', '(idle)', '(program)', '(root)']);

async function runBench(bench, args) {
  const script = join(root, 'bench', `${bench.replace(/\.mjs$/, '')}.mjs`);
  if (!existsSync(script)) throw new Error(`bench/${bench}.mjs não existe`);
  assertApiBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'legiao-prof-'));
  const apiNodeArgs = [process.env.API_NODE_ARGS ?? '', '--cpu-prof', `--cpu-prof-dir=${dir}`].join(' ').trim();
  console.log(`$ API_NODE_ARGS="${apiNodeArgs}" node bench/${bench}.mjs ${args.join(' ')}\n`);
  const code = await new Promise((r) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: root, env: { ...process.env, API_NODE_ARGS: apiNodeArgs }, stdio: 'inherit' });
    child.on('exit', (c) => r(c ?? 1));
  });
  const profiles = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')).map((f) => join(dir, f));
  if (!profiles.length) throw new Error(`nenhum .cpuprofile em ${dir} (o bench usa startApi de bench/lib.mjs e para a API com stop()?)`);
  profiles.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  console.log(`\nbench terminou com código ${code}; ${profiles.length} perfil(is) em ${dir}; lendo o mais recente`);
  return profiles[0];
}

// --- positions in apps/api/dist mapped back to the TypeScript sources -------------------------
const maps = new Map(); // bundle path -> SourceMap | null
function sourceMapFor(file) {
  if (!maps.has(file)) {
    let sm = null;
    try {
      sm = { dir: dirname(file), map: new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))) };
    } catch {}
    maps.set(file, sm);
  }
  return maps.get(file);
}

/** { file (relative to the repo), line (1-based), group } for one call frame. */
function locate(cf) {
  const { url, lineNumber, columnNumber, functionName } = cf;
  if (!url) return { file: SPECIAL.has(functionName) ? '' : '(nativo)', line: 0, group: null };
  if (url.startsWith('node:')) return { file: url, line: lineNumber + 1, group: 'node: (internos do Node)' };
  if (url.startsWith('wasm://')) return { file: url, line: 0, group: 'wasm (compilador de queries do Prisma)' };
  let path = url.startsWith('file://') ? fileURLToPath(url) : url;
  let line = lineNumber + 1;
  if (path.includes('/apps/api/dist/') && lineNumber >= 0) {
    const sm = sourceMapFor(path);
    const e = sm?.map.findEntry(lineNumber, columnNumber);
    if (e?.originalSource) {
      path = resolve(sm.dir, e.originalSource.replace(/^file:\/\//, ''));
      line = e.originalLine + 1;
    } else {
      return { file: relative(root, path), line, group: 'apps/api/dist (auxiliares do esbuild, sem mapa)' };
    }
  }
  const nm = path.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = path.slice(nm + '/node_modules/'.length).split('/');
    const pkg = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    return { file: `${pkg}/${rest.slice(pkg.split('/').length).join('/')}`, line, group: `node_modules/${pkg}` };
  }
  const rel = relative(root, path);
  return { file: rel, line, group: rel.startsWith('..') ? dirname(path) : dirname(rel) };
}

// --- the profile --------------------------------------------------------------------------------
function analyse(file) {
  const prof = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  // The boot (module loading, migrations, seed) ends with the first request Fastify routes:
  // the first sample with fastify's routeHandler on its stack. Left out unless BOOT=1.
  const serving = new Map();
  const isServing = (id) => {
    if (id === undefined) return false;
    if (!serving.has(id)) {
      const cf = byId.get(id).callFrame;
      serving.set(id, (cf.functionName === 'routeHandler' && cf.url.includes('/fastify/lib/route.js')) || isServing(parent.get(id)));
    }
    return serving.get(id);
  };
  const { samples, timeDeltas } = prof;
  let first = 0;
  let bootUs = 0;
  if (process.env.BOOT !== '1') {
    const i = samples.findIndex((id) => isServing(id));
    if (i > 0) {
      first = i;
      for (let k = 1; k <= i; k++) bootUs += Math.max(0, timeDeltas[k]);
    }
  }

  // Self time of a sample = time until the next sample (as Chrome DevTools counts it).
  const self = new Map(); // node id -> µs
  for (let i = first; i < samples.length; i++) {
    const dt = i + 1 < timeDeltas.length ? timeDeltas[i + 1] : 0;
    self.set(samples[i], (self.get(samples[i]) ?? 0) + Math.max(0, dt));
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);

  const where = new Map();
  const place = (id) => {
    if (!where.has(id)) where.set(id, locate(byId.get(id).callFrame));
    return where.get(id);
  };
  // A native/V8 builtin (no URL) counts in the group of the nearest caller that has one.
  const groupOf = (id) => {
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const cf = byId.get(cur).callFrame;
      if (SPECIAL.has(cf.functionName) && !cf.url) return cf.functionName === '(root)' ? '(program)' : cf.functionName;
      const g = place(cur).group;
      if (g) return g;
    }
    return '(nativo sem chamador)';
  };

  const fns = new Map();
  const groups = new Map();
  for (const [id, us] of self) {
    if (!us) continue;
    const n = byId.get(id);
    const p = place(id);
    const name = n.callFrame.functionName || '(anônima)';
    const key = `${name}\0${p.file}\0${p.line}`;
    const f = fns.get(key) ?? { name, at: p.file ? (p.line ? `${p.file}:${p.line}` : p.file) : '', us: 0 };
    f.us += us;
    fns.set(key, f);
    const gname = groupOf(id);
    const g = groups.get(gname) ?? { us: 0, native: 0 };
    g.us += us;
    if (!n.callFrame.url && !SPECIAL.has(n.callFrame.functionName)) g.native += us;
    groups.set(gname, g);
  }
  return { total, fns, groups, wall: prof.endTime - prof.startTime, bootUs };
}

function print({ total, fns, groups, wall, bootUs }, file) {
  const ms = (us) => (us / 1000).toFixed(0);
  const pct = (us) => `${((100 * us) / total).toFixed(1)}%`;
  const idle = groups.get('(idle)')?.us ?? 0;
  console.log(`\nperfil: ${file}`);
  if (bootUs) console.log(`partida da API (até o primeiro pedido roteado pelo Fastify): ${ms(bootUs)} ms, fora da conta abaixo (BOOT=1 inclui)`);
  console.log(`tempo amostrado: ${ms(total)} ms (perfil inteiro: ${ms(wall)} ms); ocioso (idle): ${ms(idle)} ms = ${pct(idle)}; ocupado: ${ms(total - idle)} ms`);

  console.log(`\n== ${TOP} funções com mais tempo próprio (self) ==`);
  const rows = [...fns.values()].sort((a, b) => b.us - a.us).slice(0, TOP);
  const w = Math.min(48, Math.max(...rows.map((r) => r.name.length)));
  console.log(`${'função'.padEnd(w)}  ${'self ms'.padStart(8)}  ${'%'.padStart(6)}  arquivo:linha`);
  for (const r of rows) console.log(`${r.name.slice(0, w).padEnd(w)}  ${ms(r.us).padStart(8)}  ${pct(r.us).padStart(6)}  ${r.at}`);

  console.log('\n== tempo próprio por pacote (nativos/V8 contados no pacote de quem chamou) ==');
  const gs = [...groups.entries()].sort((a, b) => b[1].us - a[1].us);
  const gw = Math.max(...gs.map(([g]) => g.length));
  console.log(`${'pacote / pasta'.padEnd(gw)}  ${'self ms'.padStart(8)}  ${'%'.padStart(6)}  ${'%ocupado'.padStart(8)}  nativo ms`);
  for (const [g, v] of gs.filter(([, v]) => v.us >= 500)) {
    const busy = g === '(idle)' ? '' : `${((100 * v.us) / (total - idle || 1)).toFixed(1)}%`;
    console.log(`${g.padEnd(gw)}  ${ms(v.us).padStart(8)}  ${pct(v.us).padStart(6)}  ${busy.padStart(8)}  ${v.native ? ms(v.native) : ''}`);
  }
}

const [bench, ...args] = process.argv.slice(2);
if (!bench && !process.env.PROFILE) {
  console.error('uso: node bench/profile.mjs <bench> [args]   (ex.: DURATION=5 node bench/profile.mjs logged)');
  process.exit(2);
}
const file = process.env.PROFILE ?? (await runBench(bench, args));
print(analyse(file), file);
