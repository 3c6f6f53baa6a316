import type { SqlPool } from '../../db/prisma.js';
import type { QueueStore } from '../fila/fila.types.js';
import { waveSize, type WaveDecision } from './alert-wave-rule.js';

// Plans the alert waves (docs/decisions/0049-launch-alert-waves.md). Every process with
// ALERTAS_LANCAMENTO runs a pass every few seconds; nothing is elected: a wave is made inside a
// transaction holding the launch's advisory lock (pg_try_advisory_xact_lock: a second process skips
// the launch this pass), and only when the last wave is an interval old. Making a wave moves `size`
// asked rows to `reservado` with its number, in the order they asked; then a job per sender slot goes
// to pg-boss. The pass also settles what a dead sender left (alert-sender.ts) and queues a job again
// for a wave that still has claimable rows nobody is working on.

export interface PlannerOptions {
  pool: SqlPool;
  store: QueueStore;
  waveIntervalMs: number;
  targetWaitMs: number;
  /**
   * The members' mean time from their alert to the portal (τ): an alert sent t ago still counts as
   * e^(−t/τ) of a member on the way (an exponential reaction; alert-wave-rule.ts, inTransit).
   */
  reactionMs: number;
  leaseMs: number;
  /** Jobs queued per wave: how many senders (in any process) may work on it at once. */
  sendersPerWave: number;
  enqueue: (launchId: string, wave: number, copies: number) => Promise<void>;
  settleStale: (launchId: string) => Promise<number>;
  log: { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
  /** Tests only: plan only these launches (test files share one database). */
  launchIds?: () => string[] | null;
}

interface DueLaunch {
  id: string;
  acesso_inicio: Date;
  aviso_prazo_min: number;
}

export interface PlannedWave extends WaveDecision {
  launchId: string;
  wave: number;
}

/** The room's reading for the rule; a store that cannot be read (Redis away) counts as paused: only the floor then. */
async function roomReading(store: QueueStore, now: number) {
  try {
    const s = await store.stats(now);
    return { queueLength: s.aguardando, admittedLastMinute: s.admissoesUltimoMinuto, ratePerMinute: s.settings.admissoesPorMinuto, paused: s.settings.pausada || s.automatica };
  } catch {
    return { queueLength: 0, admittedLastMinute: 0, ratePerMinute: 0, paused: true };
  }
}

export class LaunchAlertPlanner {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(private readonly opts: PlannerOptions) {}

  start(everyMs = Math.min(5000, Math.max(100, Math.floor(this.opts.waveIntervalMs / 3)))) {
    this.timer = setInterval(() => void this.tick(), everyMs);
    this.timer.unref();
    void this.tick();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }

  private async tick() {
    if (this.running) return;
    this.running = this.pass()
      .catch((err) => this.opts.log.warn({ err: String((err as Error).message ?? err) }, 'avisos de lançamento: passe não concluído (nova tentativa no próximo)'))
      .finally(() => (this.running = null));
  }

  /** One pass over the launches whose window is open and that have alerts to send. */
  async pass(now = new Date()): Promise<PlannedWave[]> {
    const { rows } = await this.opts.pool.query<DueLaunch>(
      `SELECT l.id::text AS id, l.acesso_inicio, l.aviso_prazo_min FROM lancamento_produto l
       WHERE l.status = 'publicado' AND l.acesso_inicio <= $1 AND l.acesso_fim > $1
         AND EXISTS (SELECT 1 FROM lancamento_aviso a WHERE a.lancamento_id = l.id AND a.status IN ('pedido', 'reservado', 'enviando'))
         AND ($2::uuid[] IS NULL OR l.id = ANY($2::uuid[]))`,
      [now, this.opts.launchIds?.() ?? null],
    );
    const made: PlannedWave[] = [];
    for (const launch of rows) {
      await this.opts.settleStale(launch.id);
      const wave = await this.planWave(launch, now);
      if (wave) {
        made.push(wave);
        await this.opts.enqueue(launch.id, wave.wave, this.opts.sendersPerWave);
      }
      await this.requeueStalled(launch.id);
    }
    return made;
  }

  private async planWave(launch: DueLaunch, now: Date): Promise<PlannedWave | null> {
    const room = await roomReading(this.opts.store, now.getTime());
    const client = await this.opts.pool.connect();
    try {
      await client.query('BEGIN');
      const lock = await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_xact_lock(hashtextextended('lancamento-aviso-onda:' || $1, 0)) AS ok`, [launch.id]);
      if (!lock.rows[0]!.ok) {
        await client.query('ROLLBACK');
        return null;
      }
      const last = await client.query<{ numero: number | null; criada_em: Date | null }>(
        `SELECT numero, criada_em FROM lancamento_aviso_onda WHERE lancamento_id = $1 ORDER BY numero DESC LIMIT 1`,
        [launch.id],
      );
      const previous = last.rows[0];
      // Measured against the database's clock, as the rows' own times.
      // On the way: the alerts sent in the last 10 τ (older ones weigh under e^-10), each e^(−age/τ).
      const { rows: due } = await client.query<{ due: boolean; remaining: number; pending: number; in_transit: number }>(
        `SELECT ($2::timestamptz IS NULL OR $2::timestamptz <= now() - $3 * interval '1 millisecond') AS due,
                (SELECT count(*)::int FROM lancamento_aviso WHERE lancamento_id = $1 AND status = 'pedido') AS remaining,
                (SELECT count(*)::int FROM lancamento_aviso WHERE lancamento_id = $1 AND status IN ('reservado', 'enviando')) AS pending,
                (SELECT coalesce(sum(exp(-extract(epoch FROM now() - enviado_em) * 1000 / $4::float8)), 0)::float8 FROM lancamento_aviso
                  WHERE lancamento_id = $1 AND status = 'enviado' AND enviado_em > now() - $4::float8 * 10 * interval '1 millisecond') AS in_transit`,
        [launch.id, previous?.criada_em ?? null, this.opts.waveIntervalMs, this.opts.reactionMs],
      );
      if (!due[0]!.due || due[0]!.remaining === 0) {
        await client.query('ROLLBACK');
        return null;
      }
      const decision = waveSize({
        remaining: due[0]!.remaining,
        pending: due[0]!.pending,
        inTransit: due[0]!.in_transit,
        elapsedMs: Math.max(0, now.getTime() - launch.acesso_inicio.getTime()),
        boundMs: launch.aviso_prazo_min * 60_000,
        intervalMs: this.opts.waveIntervalMs,
        targetWaitMs: this.opts.targetWaitMs,
        ...room,
      });
      const number = (previous?.numero ?? 0) + 1;
      const taken = await client.query(
        `UPDATE lancamento_aviso SET status = 'reservado', onda = $2, atualizado_em = now()
         WHERE (lancamento_id, usuario_id) IN (
           SELECT lancamento_id, usuario_id FROM lancamento_aviso WHERE lancamento_id = $1 AND status = 'pedido'
           ORDER BY pedido_em, usuario_id LIMIT $3 FOR UPDATE SKIP LOCKED)`,
        [launch.id, number, decision.size],
      );
      await client.query(
        `INSERT INTO lancamento_aviso_onda (lancamento_id, numero, tamanho, restantes, fila_aguardando, fila_admissoes, taxa, ritmo, piso)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [launch.id, number, taken.rowCount ?? 0, due[0]!.remaining, room.queueLength, room.admittedLastMinute, Math.round(decision.rate), decision.paced, decision.floor],
      );
      await client.query('COMMIT');
      this.opts.log.info({ launchId: launch.id, wave: number, size: taken.rowCount, paced: decision.paced, floor: decision.floor, queue: room.queueLength, pending: due[0]!.pending, inTransit: Math.round(due[0]!.in_transit) }, 'avisos de lançamento: onda');
      return { ...decision, size: taken.rowCount ?? 0, launchId: launch.id, wave: number };
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }

  /**
   * A wave with rows claimable (never claimed, or whose claim or retry delay ran out) and untouched for
   * a lease: its job was lost (a process died between the wave and the job, or with the job), all its
   * senders are gone, or its retries are due. Its jobs again (a duplicate is harmless: the rows are
   * claimed one by one), and the rows touched, so a wave is queued again at most once per lease
   * whatever the number of processes and passes (a job every pass flooded the queue: workers then
   * spent their polls on jobs with nothing left to do).
   */
  private async requeueStalled(launchId: string) {
    const { rows } = await this.opts.pool.query<{ onda: number }>(
      `WITH stalled AS (
         UPDATE lancamento_aviso SET atualizado_em = now()
          WHERE lancamento_id = $1 AND status = 'reservado' AND (lote_ate IS NULL OR lote_ate < now()) AND atualizado_em < now() - $2 * interval '1 millisecond'
          RETURNING onda)
       SELECT DISTINCT onda FROM stalled`,
      [launchId, this.opts.leaseMs],
    );
    for (const r of rows) await this.opts.enqueue(launchId, r.onda, this.opts.sendersPerWave);
  }
}
