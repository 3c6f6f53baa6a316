import cluster, { type Worker } from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue } from 'prom-client';
import type { ApiMetrics } from './metrics.js';

// WORKERS > 1 (docs/decisions/0025-many-processes.md): a scrape of GET /api/metrics reaches one
// worker through the shared port, but Prometheus must see the whole API. The worker that got it asks
// the primary; the primary asks every worker for its readings (JSON) over the cluster's IPC channel,
// combines them (prom-client's AggregatorRegistry: per-process numbers summed, shared ones by max)
// and hands the text back.

type Snapshot = MetricObjectWithValues<MetricValue<string>>[];
type Message =
  | { legiao: 'metrics-req'; id: string }
  | { legiao: 'metrics-collect'; id: string }
  | { legiao: 'metrics-json'; id: string; metrics: Snapshot }
  | { legiao: 'metrics-text'; id: string; text: string | null };

const isMessage = (m: unknown): m is Message => typeof m === 'object' && m !== null && typeof (m as { legiao?: unknown }).legiao === 'string';
/** A worker that does not answer within this is left out of the scrape (it may be booting or dying). */
const COLLECT_MS = 2000;

/** In each worker: answer the primary's collection with this process's readings. */
export function answerMetricsCollection(metrics: ApiMetrics) {
  process.on('message', (m: unknown) => {
    if (!isMessage(m) || m.legiao !== 'metrics-collect') return;
    metrics.snapshot().then(
      (snapshot) => process.send?.({ legiao: 'metrics-json', id: m.id, metrics: snapshot } satisfies Message),
      () => process.send?.({ legiao: 'metrics-json', id: m.id, metrics: [] } satisfies Message),
    );
  });
}

/** In the worker serving the scrape: every process's metrics combined, or null if the primary can't. */
export function requestClusterMetrics(): Promise<string | null> {
  const id = randomUUID();
  return new Promise((resolve) => {
    const done = (text: string | null) => {
      clearTimeout(timer);
      process.off('message', onMessage);
      resolve(text);
    };
    const onMessage = (m: unknown) => {
      if (isMessage(m) && m.legiao === 'metrics-text' && m.id === id) done(m.text);
    };
    const timer = setTimeout(() => done(null), COLLECT_MS + 1000);
    process.on('message', onMessage);
    process.send?.({ legiao: 'metrics-req', id } satisfies Message);
  });
}

/** In the primary: serve the workers' requests for the combined metrics. */
export function serveClusterMetrics(workers: () => Worker[]) {
  const pending = new Map<string, { snapshots: Snapshot[]; waiting: number; finish: () => void }>();
  cluster.on('message', (worker: Worker, m: unknown) => {
    if (!isMessage(m)) return;
    if (m.legiao === 'metrics-json') {
      const round = pending.get(m.id);
      if (!round) return;
      round.snapshots.push(m.metrics);
      if (--round.waiting === 0) round.finish();
      return;
    }
    if (m.legiao !== 'metrics-req') return;
    const id = randomUUID();
    const live = workers().filter((w) => w.isConnected());
    const round = {
      snapshots: [] as Snapshot[],
      waiting: live.length,
      finish: () => {
        clearTimeout(timer);
        pending.delete(id);
        let text: Promise<string | null>;
        try {
          text = AggregatorRegistry.aggregate(round.snapshots).metrics();
        } catch {
          text = Promise.resolve(null);
        }
        void text.catch(() => null).then((t) => {
          if (worker.isConnected()) worker.send({ legiao: 'metrics-text', id: m.id, text: t } satisfies Message);
        });
      },
    };
    const timer = setTimeout(() => round.finish(), COLLECT_MS);
    pending.set(id, round);
    for (const w of live) w.send({ legiao: 'metrics-collect', id } satisfies Message);
    if (live.length === 0) round.finish();
  });
}
