// The pieces of bench/webhooks.mjs (issue 25, outgoing webhooks; docs/decisions/0042-webhooks.md):
// local receivers in a process of their own (so their arrival times do not wait for the bench's own
// event loop, busy with the redemption load), the endpoints through the back office's API, the
// redemption load that causes the events (one redemption = one transaction = one
// beneficio.resgatado event) with the time each 201 reached the bench, and the arithmetic of what
// the receivers got: per endpoint, each event's first 2xx, the missing ones, the repeated ones, and
// the time from the event's commit to its delivery.
// Run as a script (`node bench/webhooks-lib.mjs --receivers N`) it is the receivers' process.
import { fork } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { pct } from './launch-lib.mjs';

const SELF = fileURLToPath(import.meta.url);

/** Nearest-rank percentile (bench/launch-lib.mjs). */
export { pct };

// --- the receivers (child process) ---------------------------------------------------------------------

/**
 * How a receiver answers: 'ok' (200 at once), 'half-500' (500 to the events whose id ends in an odd
 * hex digit, half of them, every attempt, 200 to the rest), 'hang' (reads the request and never
 * answers; the API's timeout cuts it).
 */
export const MODES = ['ok', 'half-500', 'hang'];

/** Whether an event id falls in the half a 'half-500' receiver refuses (a random uuid's last hex digit). */
export const refusedHalf = (id) => parseInt(id.at(-1), 16) % 2 === 1;

/** Standard Webhooks: one of the space-separated v1 signatures is the HMAC of "id.timestamp.body" with the secret. */
export function signatureOk(secret, id, timestamp, signatures, body) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = 'v1,' + createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return String(signatures ?? '')
    .split(' ')
    .includes(expected);
}

function runReceivers(n) {
  // Per receiver: its mode, secret, and every request: [webhook-id, arrival ms (epoch, 0.01 ms),
  // status answered (0 = none), event time from the body (ms), resgateId, signature ok (1/0), type].
  const state = Array.from({ length: n }, () => ({ mode: 'ok', secret: null, records: [], okIds: new Set(), hung: new Set(), badSignatures: 0 }));
  const now = () => performance.timeOrigin + performance.now();
  const servers = state.map((r) =>
    http.createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
      const arrived = now();
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const id = String(req.headers['webhook-id'] ?? '');
        let eventMs = NaN;
        let redemptionId = null;
        let type = null;
        try {
          const parsed = JSON.parse(body);
          eventMs = Date.parse(parsed.timestamp);
          redemptionId = parsed.data?.resgateId ?? null;
          type = parsed.type ?? null;
        } catch {}
        const signed = r.secret ? signatureOk(r.secret, id, req.headers['webhook-timestamp'], req.headers['webhook-signature'], body) : true;
        if (!signed) r.badSignatures++;
        let status = 200;
        if (r.mode === 'hang') status = 0;
        else if (r.mode === 'half-500' && refusedHalf(id)) status = 500;
        r.records.push([id, arrived, status, eventMs, redemptionId, signed ? 1 : 0, type]);
        if (status === 0) {
          // Never answered; the API's timeout destroys the socket.
          r.hung.add(res);
          res.on('close', () => r.hung.delete(res));
          return;
        }
        if (status === 200) r.okIds.add(id);
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'erro do receptor de teste');
      });
    }),
  );
  Promise.all(servers.map((s) => new Promise((resolve) => s.listen(0, '127.0.0.1', resolve)))).then(() => {
    process.send({ ready: servers.map((s) => `http://127.0.0.1:${s.address().port}/webhooks`) });
  });
  process.on('message', (m) => {
    const r = state[m.i];
    let reply = null;
    if (m.cmd === 'mode') r.mode = m.mode;
    else if (m.cmd === 'secret') r.secret = m.secret;
    else if (m.cmd === 'counts') reply = state.map((x) => ({ received: x.records.length, okIds: x.okIds.size, hung: x.hung.size, mode: x.mode }));
    else if (m.cmd === 'records') reply = { records: r.records, badSignatures: r.badSignatures };
    else if (m.cmd === 'reset') for (const x of state) Object.assign(x, { mode: 'ok', secret: null, records: [], okIds: new Set(), badSignatures: 0 });
    else if (m.cmd === 'clear') for (const x of state) Object.assign(x, { records: [], okIds: new Set(), badSignatures: 0 });
    process.send({ seq: m.seq, reply });
  });
  process.on('disconnect', () => process.exit(0));
}

if (process.argv[1] === SELF && process.argv[2] === '--receivers') runReceivers(Number(process.argv[3] ?? 3));

/**
 * `n` local HTTP receivers in a child process: { urls, setMode(i, mode), setSecret(i, secret),
 * counts() (per receiver: requests, distinct ids answered 200, requests held), records(i), reset(), close() }.
 */
export async function startReceivers(n) {
  const child = fork(SELF, ['--receivers', String(n)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' });
  const pending = new Map();
  let seq = 0;
  const urls = await new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`os receptores terminaram ao iniciar (código ${code})`)));
    child.on('message', (m) => {
      if (m.ready) resolve(m.ready);
      else if (pending.has(m.seq)) {
        pending.get(m.seq)(m.reply);
        pending.delete(m.seq);
      }
    });
  });
  const ask = (msg) =>
    new Promise((resolve) => {
      const s = ++seq;
      pending.set(s, resolve);
      child.send({ ...msg, seq: s });
    });
  return {
    urls,
    pid: child.pid,
    setMode: (i, mode) => ask({ cmd: 'mode', i, mode }),
    setSecret: (i, secret) => ask({ cmd: 'secret', i, secret }),
    counts: () => ask({ cmd: 'counts' }),
    records: (i) => ask({ cmd: 'records', i }),
    reset: () => ask({ cmd: 'reset' }),
    /** Forgets what was received, keeps the modes and secrets. */
    clear: () => ask({ cmd: 'clear' }),
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

// --- the back office ---------------------------------------------------------------------------------------

/** POST /api/admin/integracoes/webhooks: { id, secret } (the secret is shown only in this answer). */
export async function createEndpoint(base, adminToken, { url, description, types }) {
  const res = await fetch(`${base}/api/admin/integracoes/webhooks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url, descricao: description, tipos: types }),
  });
  const body = await res.json();
  if (res.status !== 201 || !body.segredo) throw new Error(`POST /api/admin/integracoes/webhooks: ${res.status} ${JSON.stringify(body)}`);
  return { id: body.endpoint.id, secret: body.segredo };
}

/** The first page of GET /api/admin/integracoes/webhooks/:id/entregas (what the back office shows). */
export async function deliveryLog(base, adminToken, endpointId, query = '') {
  const res = await fetch(`${base}/api/admin/integracoes/webhooks/${endpointId}/entregas${query}`, { headers: { authorization: `Bearer ${adminToken}` } });
  if (!res.ok) throw new Error(`GET .../entregas: ${res.status} ${await res.text()}`);
  return res.json();
}

/** The legiao_webhook_* lines of GET /api/metrics, as { name{labels}: value }. */
export async function webhookMetrics(base, adminToken) {
  const res = await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${adminToken}` } }).catch((err) => ({ ok: false, status: err.cause?.code ?? err.message }));
  if (!res.ok) return { erro: res.status };
  const out = {};
  for (const line of (await res.text()).split('\n')) {
    const m = /^(legiao_webhook_[a-z_]+(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (m) out[m[1]] = Number(m[2]);
  }
  return out;
}

// --- the cause: redemptions ------------------------------------------------------------------------------

/**
 * POST /api/beneficio/resgate by `connections` members at once (one connection and token each, a new
 * Idempotency-Key per request, as bench/resgate.mjs) until `amount` requests were made: each 201's
 * numeroCupom (the redemption's id, the event's data.resgateId) and the time its answer reached the
 * bench (after the commit: an upper bound of the commit time). { rate (201/s, from the first request
 * to the last answer), seconds, ok, non2xx, errors, answeredAt: Map(resgateId -> epoch ms), startedAt,
 * endedAt (the last answer) }.
 */
export async function redemptionLoad({ base, tokens, benefitId, amount, connections = tokens.length, timeoutS = 30, rate = undefined }) {
  const answeredAt = new Map();
  let next = 0;
  // autocannon reports the end of an `amount` run on its next 1-second tick: the rate is taken from
  // the first request to the last answer instead.
  let lastAnswerAt = 0;
  const startedAt = Date.now();
  const r = await autocannon({
    url: `${base}/api/beneficio/resgate`,
    connections,
    amount,
    timeout: timeoutS,
    // A pace (redemptions per second over all connections) instead of flat out: a launch's crowd.
    ...(rate ? { overallRate: rate } : {}),
    setupClient: (client) => client.setHeaders({ authorization: `Bearer ${tokens[next++ % tokens.length]}`, 'content-type': 'application/json' }),
    requests: [
      {
        method: 'POST',
        body: JSON.stringify({ idBeneficio: benefitId }),
        setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'idempotency-key': randomUUID() } }),
        onResponse: (status, body) => {
          const at = Date.now();
          lastAnswerAt = at;
          if (status !== 201) return;
          try {
            answeredAt.set(JSON.parse(body).numeroCupom, at);
          } catch {}
        },
      },
    ],
  });
  const endedAt = lastAnswerAt || Date.now();
  const seconds = (endedAt - startedAt) / 1000;
  return { rate: r['2xx'] / seconds, seconds, ok: r['2xx'], non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts, answeredAt, startedAt, endedAt };
}

// --- what the receivers got -----------------------------------------------------------------------------------

/**
 * Waits until each receiver in `which` answered 200 to `expected` distinct events (or `timeoutMs`
 * passed); `progress(counts)` every `everyMs`. Answers the counts at the end and whether complete.
 */
export async function waitForDeliveries(receivers, which, expected, { timeoutMs, everyMs = 250, progress = () => {} }) {
  const until = Date.now() + timeoutMs;
  let counts;
  for (;;) {
    counts = await receivers.counts();
    progress(counts);
    if (which.every((i) => counts[i].okIds >= expected)) return { counts, complete: true };
    if (Date.now() > until) return { counts, complete: false };
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * One receiver's record against the events that exist (`events`: Map(id -> { at: criado_em ms,
 * redemptionId })) and the bench's answer times (Map(resgateId -> ms)): events delivered (first 200),
 * missing, unknown ids, ids received more than once (any answer) and answered 200 more than once,
 * bad signatures, and commit -> delivery in ms (from criado_em, the redemption's own short
 * transaction: an upper bound; from the 201's arrival at the bench: a lower bound), p50/p95/max.
 * An event still missing counts as later than any delivered one: when it falls at a percentile's
 * rank, that percentile is Infinity ("more than the wait"; see censoredFloor).
 */
export function analyse({ records, badSignatures }, events, answeredAt) {
  const firstOk = new Map();
  const seen = new Map();
  const okCount = new Map();
  const unknown = [];
  for (const record of records) {
    const [id, arrived, status] = record;
    if (!events.has(id)) unknown.push(record);
    seen.set(id, (seen.get(id) ?? 0) + 1);
    if (status >= 200 && status < 300) {
      okCount.set(id, (okCount.get(id) ?? 0) + 1);
      if (!firstOk.has(id) || firstOk.get(id) > arrived) firstOk.set(id, arrived);
    }
  }
  const fromEvent = [];
  const fromAnswer = [];
  let first = Infinity;
  let last = -Infinity;
  for (const [id, arrived] of firstOk) {
    const e = events.get(id);
    if (!e) continue;
    fromEvent.push(arrived - e.at);
    const answered = answeredAt?.get(e.redemptionId);
    if (answered !== undefined) fromAnswer.push(arrived - answered);
    first = Math.min(first, arrived);
    last = Math.max(last, arrived);
  }
  let missing = 0;
  for (const id of events.keys()) if (!firstOk.has(id)) missing++;
  return {
    requests: records.length,
    delivered: fromEvent.length,
    missing,
    unknown: unknown.length,
    unknownSample: unknown.slice(0, 3).map(([id, arrived, status, eventMs, redemptionId, , type]) => ({ id, type, status, redemptionId, eventAt: new Date(eventMs).toISOString(), arrivedAt: new Date(arrived).toISOString() })),
    receivedTwice: [...seen.values()].filter((c) => c > 1).length,
    okTwice: [...okCount.values()].filter((c) => c > 1).length,
    extraOk: [...okCount.values()].reduce((s, c) => s + c - 1, 0),
    refused: records.filter((r) => r[2] >= 300).length,
    unanswered: records.filter((r) => r[2] === 0).length,
    badSignatures,
    fromEvent: latencyStats(fromEvent, missing),
    fromAnswer: latencyStats(fromAnswer, missing),
    fromEventValues: fromEvent,
    first,
    last,
    firstOk,
  };
}

/** p50/p95/max of delivered latencies, `missing` more counted as later than all of them (Infinity). */
export function latencyStats(xs, missing = 0) {
  const all = missing ? [...xs, ...Array(missing).fill(Infinity)] : xs;
  return { p50: pct(all, 50), p95: pct(all, 95), max: missing ? Infinity : xs.length ? Math.max(...xs) : NaN, n: xs.length };
}

/** The events of one type as Map(id -> { at: criado_em epoch ms, redemptionId }). */
export async function eventsOf(db, type) {
  const { rows } = await db.query(
    `SELECT id, (extract(epoch FROM criado_em) * 1000)::float8 AS at, (dados->>'resgateId')::int AS rid FROM evento WHERE tipo = $1`,
    [type],
  );
  return new Map(rows.map((r) => [r.id, { at: r.at, redemptionId: r.rid }]));
}

/** webhook_entrega per endpoint: rows by status, attempts, and deliveries without a 2xx yet. */
export async function deliveryRows(db) {
  const { rows } = await db.query(
    `SELECT endpoint_id, count(*)::int AS n, count(*) FILTER (WHERE status = 'entregue')::int AS entregue, count(*) FILTER (WHERE status = 'pendente')::int AS pendente,
            count(*) FILTER (WHERE status = 'falhou')::int AS falhou, sum(tentativas)::int AS tentativas, max(tentativas)::int AS max_tentativas,
            count(*) FILTER (WHERE job_id IS NULL AND status = 'pendente')::int AS sem_job
       FROM webhook_entrega GROUP BY endpoint_id`,
  );
  return new Map(rows.map((r) => [r.endpoint_id, r]));
}

/**
 * Lost or late: the deliveries not yet made, by what will make them. Waiting for the relay (no job
 * yet), on a live pg-boss job (created, retry, active), or lost (a job id whose job is gone or
 * finished without the delivery being marked).
 */
export async function undelivered(db) {
  const { rows: [r] } = await db.query(
    `SELECT count(*)::int AS pending, count(*) FILTER (WHERE e.job_id IS NULL)::int AS "waitingForRelay",
            count(*) FILTER (WHERE j.state IN ('created', 'retry', 'active'))::int AS "liveJob",
            count(*) FILTER (WHERE e.job_id IS NOT NULL AND (j.id IS NULL OR j.state NOT IN ('created', 'retry', 'active')))::int AS lost
       FROM webhook_entrega e LEFT JOIN pgboss.job j ON j.name = 'webhook-entrega' AND j.id = e.job_id
      WHERE e.status = 'pendente'`,
  );
  return r;
}

/** pg-boss's jobs of the delivery queue by state (pgboss.job). */
export async function jobStates(db) {
  const { rows } = await db.query(`SELECT state::text, count(*)::int AS n FROM pgboss.job WHERE name = 'webhook-entrega' GROUP BY 1 ORDER BY 1`);
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}

/** A duration: ms under a second, else seconds; Infinity (an event still missing at that rank) as "> floor" when a floor is given. */
export const ms = (x, floor) =>
  x === Infinity ? (Number.isFinite(floor) ? `> ${ms(floor)}` : 'não entregue') : !Number.isFinite(x) ? '-' : Math.abs(x) < 1000 ? `${Math.round(x)} ms` : `${(x / 1000).toFixed(1)} s`;
export const s1 = (x) => (Number.isFinite(x) ? `${(x / 1000).toFixed(1)} s` : '-');
