// The store's side of bench/lancamentos.mjs (issue 31 §5), in a process of its own: the checkout's
// entitlement checks at the launch's pace and the order feed, as the store (another system, on
// another machine in production) would send them. Run in the bench's own process, their client work
// shared the event loop that drives the member home's load, so the home's measure also counted the
// bench's own queueing; here the parent's loop drives only the home. Forked by lancamentos.mjs with
// `--loja`; it gets one message (the round) and answers with what it measured and its own CPU time.
// The loops are exported for the parent's measures with nothing else running (checks alone).
import { sendBatches, sleep } from './integracao-lib.mjs';

const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
export const stats = (latencies, seconds) => {
  const s = [...latencies].sort((a, b) => a - b);
  return { n: s.length, rate: s.length / seconds, p50: pct(s, 50), p95: pct(s, 95) };
};
export const emailOf = (prefix, i) => `${prefix}-${i}@bench.legiao.dev`;

/** CONCURRENCY loops for `seconds`: the answer's latency of each call (ms); errors counted. */
export async function closedLoop(seconds, call, { concurrency, members }) {
  const latencies = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        try {
          await call(Math.floor(Math.random() * members));
          latencies.push(performance.now() - t0);
        } catch (err) {
          errors++;
          if (errors <= 3) console.log(`  erro: ${err.message}`);
        }
      }
    }),
  );
  return { ...stats(latencies, (performance.now() - started) / 1000), errors };
}

/**
 * The checkout's pace during the launch: `rate` calls a second (open loop: call k is due at k / rate s),
 * at most CONCURRENCY in flight. Latency from the moment a call was due, so a server that falls behind
 * shows it (no coordinated omission).
 */
export async function pacedLoop(seconds, rate, call, { concurrency, members }) {
  const latencies = [];
  let errors = 0;
  let next = 0;
  const total = Math.floor(seconds * rate);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const due = started + (next++ / rate) * 1000;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        try {
          await call(Math.floor(Math.random() * members));
          latencies.push(performance.now() - due);
        } catch (err) {
          errors++;
          if (errors <= 3) console.log(`  erro: ${err.message}`);
        }
      }
    }),
  );
  return { ...stats(latencies, (performance.now() - started) / 1000), errors };
}

export const checkVia = (base, key, slug, prefix) => async (i) => {
  const res = await fetch(`${base}/api/integracao/v1/lancamentos/${slug}/direito?email=${encodeURIComponent(emailOf(prefix, i))}`, { headers: { authorization: `Bearer ${key}` } });
  const body = await res.json();
  if (res.status !== 200 || body.elegivel !== true) throw new Error(`direito ${emailOf(prefix, i)}: ${res.status} ${JSON.stringify(body)}`);
};


/**
 * The round, in the child: checks paced at `checkRate` and the orders spread over `seconds` (batch k not
 * before k / total of the time, `senders` in parallel, each batch until answered), started together.
 */
async function round(r) {
  const { base, checkerKey, storeKey, slug, prefix, seconds, checkRate, concurrency, members, senders, batches } = r;
  const cpu0 = process.cpuUsage();
  const situations = {};
  const launchUses = {};
  const started = performance.now();
  const notBefore = (k) => started + (k / batches.length) * seconds * 1000;
  const checks = pacedLoop(seconds, checkRate, checkVia(base, checkerKey, slug, prefix), { concurrency, members });
  // Every 20th batch with an Idempotency-Key, its retry with the same one; the other retries without.
  const keyFor = (x) => {
    const k = x.retryOf ?? x.index;
    return k % 20 === 0 ? `bench-lanc-${r.tag}-${k}` : undefined;
  };
  const onAnswer = (batch, answer) => {
    for (const o of answer.pedidos) {
      situations[o.situacao] = (situations[o.situacao] ?? 0) + 1;
      if (batch.retryOf !== undefined) continue;
      for (const u of o.lancamentos ?? []) if (u.slug === slug) launchUses[u.situacao] = (launchUses[u.situacao] ?? 0) + u.unidades;
    }
  };
  const send = (async () => {
    let next = 0;
    const sender = async () => {
      while (next < batches.length) {
        const k = next++;
        const wait = notBefore(k) - performance.now();
        if (wait > 0) await sleep(wait);
        await sendBatches({ base, key: storeKey, batches: [batches[k]], senders: 1, keyFor, onAnswer });
      }
    };
    await Promise.all(Array.from({ length: senders }, sender));
    return (performance.now() - started) / 1000;
  })();
  const [launchChecks, sentIn] = await Promise.all([checks, send]);
  const cpu = process.cpuUsage(cpu0);
  return { launchChecks, sentIn, situations, launchUses, cpuS: (cpu.user + cpu.system) / 1e6 };
}

if (process.argv[2] === '--loja' && process.send) {
  process.once('message', async (r) => {
    try {
      process.send({ ok: true, ...(await round(r)) });
    } catch (err) {
      process.send({ ok: false, error: String(err?.stack ?? err) });
    }
    process.disconnect();
  });
}
