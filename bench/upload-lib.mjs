// Shared by the benches of the back office's uploads (cupons-import.mjs, importacoes.mjs): command
// line options, the load average, the API from source on a fresh database with its resident memory
// sampled per phase, a file sent as a streamed multipart body, and following a background job to
// its end.
import { statSync, createReadStream, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { root } from './lib.mjs';
import { freshDb, startApiAt } from './resgate-lib.mjs';

/** `--name value` from the command line, or `def`. */
export const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : def;
};

export const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;
export const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The load average as "1 / 5 / 15" (minutes). */
export const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

/**
 * Sends `file` from disk as a streamed multipart body (never in memory here either): the text
 * `fields` first, then the file as field "arquivo". Answers the parsed JSON answer of a 201 and the
 * milliseconds from the last byte sent to the answer: the API reads the body only as fast as COPY
 * takes it (backpressure), so the last byte leaving marks the end of parsing and COPY, and what comes
 * after it is the statements that judge the file. Any other status rejects with the answer.
 */
export function uploadFile(url, { headers = {}, fields = {}, file, fileName = 'bench.csv' }) {
  return new Promise((resolve, reject) => {
    const boundary = `----bench${randomUUID().replace(/-/g, '')}`;
    const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    const head = Buffer.from(`${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const req = request(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + statSync(file).size + tail.length },
    });
    let sent = 0;
    req.on('finish', () => (sent = Date.now()));
    req.on('response', async (res) => {
      let body = '';
      for await (const c of res) body += c;
      const afterLastByteMs = Date.now() - sent;
      res.statusCode === 201 ? resolve({ body: JSON.parse(body), afterLastByteMs }) : reject(new Error(`upload: ${res.statusCode} ${body}`));
    });
    req.on('error', reject);
    req.write(head);
    const f = createReadStream(file);
    f.pipe(req, { end: false });
    f.on('end', () => req.end(tail));
  });
}

/**
 * Samples process `pid`'s resident memory from /proc/<pid>/status every `everyMs`: the peak since
 * it started (`peak`) and per phase (`peaks[phase]`; set `phase` as the bench moves on). `status()`
 * reads VmRSS and VmHWM (kB) now; `stop()` ends the sampling.
 */
export function sampleRss(pid, everyMs = 100) {
  const status = () => Object.fromEntries(readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').filter((l) => /^Vm(RSS|HWM)/.test(l)).map((l) => [l.split(':')[0], Number(l.split(/\s+/)[1])]));
  const rss = { phase: 'boot', peak: 0, peaks: {}, status, stop: () => clearInterval(timer) };
  const timer = setInterval(() => {
    const { VmRSS } = status();
    rss.peak = Math.max(rss.peak, VmRSS);
    rss.peaks[rss.phase] = Math.max(rss.peaks[rss.phase] ?? 0, VmRSS);
  }, everyMs);
  return rss;
}

/**
 * Database `name` made anew, the API from source on `port` on it (one process, warnings only), its
 * RSS sampled (sampleRss) and a pg client on the database. `stop()` ends all three.
 */
export async function startOnFreshDb(name, port) {
  const dbUrl = await freshDb(name);
  const api = await startApiAt(root, port, { DATABASE_URL: dbUrl, JWT_SECRET: 'legiao-bench-secret-0123456789-abcdefghijklmnop', LOG_LEVEL: 'warn', WORKERS: '1' });
  const rss = sampleRss(api.child.pid);
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const stop = async () => {
    rss.stop();
    await db.end();
    await api.stop();
  };
  return { dbUrl, pid: api.child.pid, rss, db, stop };
}

/**
 * Polls `url` (a job's row) every `everyMs` while its `estado` is `state`, printing `progress(row)`
 * every 5 s; answers the last row read.
 */
export async function follow(url, { headers = {}, state, everyMs, progress }) {
  let last = 0;
  for (;;) {
    const current = await (await fetch(url, { headers })).json();
    if (Date.now() - last > 5000) {
      console.log(`  progresso: ${progress(current)}`);
      last = Date.now();
    }
    if (current.estado !== state) return current;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
