import type { SqlPool } from '../../../db/prisma.js';
import type { WaitingRoomState } from '@legiao/contracts';
import { AppError } from '../../../errors/app-error.js';

const ERRORS = 'legiao_http_errors_total';

/**
 * Runs in every API process (docs/decisions/0033-launch-dashboard.md): every 10 s adds this
 * process's new 5xx answers to the minute's row of painel_minuto, and once a minute offers the
 * waiting room's reading. The first process to write a minute's reading keeps it (COALESCE): the
 * queue lives in Redis, so every process reads the same numbers and one sample per minute is enough.
 * One small upsert per process every 10 s; nothing when there is nothing new.
 */
export class DashboardSampler {
  private timer: NodeJS.Timeout | null = null;
  private seenErrors: number | null = null;
  private sampledMinute = -1;
  private running = false;

  constructor(
    private readonly opts: {
      pool: SqlPool;
      readErrors5xx: () => Promise<number>;
      readWaitingRoom: () => Promise<WaitingRoomState | null>;
      log: { warn: (obj: object, msg?: string) => void };
      intervalMs?: number;
    },
  ) {}

  start() {
    this.timer = setInterval(() => void this.runOnce(), this.opts.intervalMs ?? 10_000);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private skipReading(err: unknown): null {
    // Redis away is logged by its client; anything else is worth a line.
    if (!(err instanceof AppError && err.code === 'UNAVAILABLE')) this.opts.log.warn({ err }, 'painel: leitura da fila falhou (nova tentativa em 10 s)');
    return null;
  }

  async runOnce(now = Date.now()): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const minute = Math.floor(now / 60_000) * 60_000;
      const total = await this.opts.readErrors5xx();
      // The first reading only sets the baseline: errors before this sampler started are not this minute's.
      const errors = this.seenErrors === null ? 0 : Math.max(0, total - this.seenErrors);
      this.seenErrors = total;
      // The queue's reading needs Redis; while it is away (ADR 0037) the minute's 5xx are still
      // written, and the reading is tried again in 10 s.
      const waitingRoom = minute !== this.sampledMinute ? await this.opts.readWaitingRoom().catch((err) => this.skipReading(err)) : null;
      if (!waitingRoom && errors === 0) return;
      await this.opts.pool.query(
        `INSERT INTO painel_minuto (minuto, aguardando, admitidos, espera_ms, admissoes, erros) VALUES ($1::timestamp, $2, $3, $4, $5, $6)
         ON CONFLICT (minuto) DO UPDATE SET erros = painel_minuto.erros + EXCLUDED.erros,
           aguardando = COALESCE(painel_minuto.aguardando, EXCLUDED.aguardando), admitidos = COALESCE(painel_minuto.admitidos, EXCLUDED.admitidos),
           espera_ms = COALESCE(painel_minuto.espera_ms, EXCLUDED.espera_ms), admissoes = COALESCE(painel_minuto.admissoes, EXCLUDED.admissoes)`,
        [new Date(minute).toISOString().slice(0, 23), waitingRoom?.aguardando ?? null, waitingRoom?.admitidos ?? null, waitingRoom?.esperaMaisAntigaMs ?? null, waitingRoom?.admissoesUltimoMinuto ?? null, errors],
      );
      if (waitingRoom) this.sampledMinute = minute;
    } catch (err) {
      this.opts.log.warn({ err }, 'painel: amostra não gravada (nova tentativa em 10 s)');
    } finally {
      this.running = false;
    }
  }
}

/** This process's 5xx answers so far, from the Prometheus counter (ADR 0024). */
export async function errors5xx(registry: { getSingleMetric(name: string): unknown }): Promise<number> {
  const metric = registry.getSingleMetric(ERRORS) as { get(): Promise<{ values: { value: number; labels: Record<string, string | number> }[] }> } | undefined;
  if (!metric) return 0;
  const { values } = await metric.get();
  return values.reduce((sum, v) => (Number(v.labels.status) >= 500 ? sum + v.value : sum), 0);
}
