import type { SqlPool } from '../../db/prisma.js';
import { OutageLog } from '../../db/unavailable.js';
import { recordAudit } from '../admin/audit/audit.service.js';
import { systemClock, type Clock } from '../fila/clock.js';
import type { QueueStore } from '../fila/fila.types.js';

// The waiting room at a launch's opening (issue 31 item 4; docs/decisions/0047-launches.md, part 2).
// Every API process runs this timer: it reads which published launches open soon and holds the
// shared queue store on for them. Nothing has to be elected:
// - the hold itself is idempotent (holdForLaunch keeps the longest; every process asks the same) and
//   lapses by itself at its time, so "off" needs no process at all;
// - the record the launch page shows (lancamento_fila) is one row per launch and opening, inserted
//   ON CONFLICT DO NOTHING: the process whose insert made it logs and audits the switch, the others
//   find it there. Closing it is an UPDATE ... WHERE desligada_em IS NULL: one process wins again.

export interface LaunchOpeningOptions {
  pool: SqlPool;
  store: QueueStore;
  /** How long before the window's start the room goes on, and after it off (FILA_LANCAMENTO_*). */
  beforeMs: number;
  afterMs: number;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
  clock?: Clock;
  intervalMs?: number;
}

export type OffReason = 'horario' | 'arquivado' | 'alterado';

export interface OpeningPass {
  /** Launches whose hold this process recorded as switched on in this pass. */
  switchedOn: string[];
  /** Launches whose hold this process recorded as ended, with why. */
  switchedOff: { launchId: string; reason: OffReason }[];
}

const AUDIT_ENTITY = 'fila';

export class LaunchOpeningRoom {
  private readonly failures = new OutageLog('fila: agenda dos lançamentos não conferida (nova tentativa no próximo ciclo)');
  private readonly clock: Clock;
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(private readonly opts: LaunchOpeningOptions) {
    this.clock = opts.clock ?? systemClock;
  }

  start() {
    this.timer = setInterval(() => void this.tick(), this.opts.intervalMs ?? 5000);
    this.timer.unref();
    void this.tick();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One timed pass; a database or Redis away is reported once per outage (ADR 0037/0038), not every tick. */
  private async tick() {
    try {
      await this.runOnce();
    } catch (err) {
      this.failures.report(this.opts.log, err);
    }
  }

  /** One pass at `now` (the clock's by default); skipped (empty) while the previous one still runs. */
  async runOnce(now = this.clock.now()): Promise<OpeningPass> {
    const pass: OpeningPass = { switchedOn: [], switchedOff: [] };
    if (this.running) return pass;
    this.running = true;
    try {
      await this.holdDue(now, pass);
      await this.closeEnded(now, pass);
      return pass;
    } finally {
      this.running = false;
    }
  }

  /** Records of holds that are over (time), or whose launch left 'publicado' or moved its opening: closed once. */
  private async closeEnded(now: number, pass: OpeningPass) {
    const { pool, log } = this.opts;
    const at = new Date(now);
    const { rows } = await pool.query<{ id: string; nome: string; abertura: Date; ate: Date; status: string; inicio: Date }>({
      name: 'lancamento-fila-encerrar',
      text: `SELECT f.lancamento_id::text AS id, l.nome, f.abertura, f.ate, l.status::text AS status, l.acesso_inicio AS inicio
             FROM lancamento_fila f JOIN lancamento_produto l ON l.id = f.lancamento_id
             WHERE f.desligada_em IS NULL AND (f.ate <= $1 OR l.status <> 'publicado' OR l.acesso_inicio <> f.abertura)`,
      values: [at],
    });
    for (const r of rows) {
      const reason: OffReason = r.ate.getTime() <= now ? 'horario' : r.status !== 'publicado' ? 'arquivado' : 'alterado';
      const { rows: closed } = await pool.query<{ desligada_em: Date }>(
        `UPDATE lancamento_fila SET desligada_em = LEAST(ate, $3), motivo = $4 WHERE lancamento_id = $1 AND abertura = $2 AND desligada_em IS NULL RETURNING desligada_em`,
        [r.id, r.abertura, at, reason],
      );
      if (!closed[0]) continue; // another process closed it first
      pass.switchedOff.push({ launchId: r.id, reason });
      const after = { lancamento: r.nome, abertura: r.abertura.toISOString(), desligadaEm: closed[0].desligada_em.toISOString(), motivo: reason };
      await recordAudit(pool, { actorId: null, action: 'fila.lancamento.desligar', entity: AUDIT_ENTITY, entityId: r.id, before: null, after, requestId: null });
      log.info({ lancamento: { id: r.id, ...after } }, `fila: sala de espera do lançamento "${r.nome}" encerrada (${reason})`);
    }
  }

  /** Published launches whose opening is within [start - before, start + after): hold the room on. */
  private async holdDue(now: number, pass: OpeningPass) {
    const { pool, store, log, beforeMs, afterMs } = this.opts;
    const { rows } = await pool.query<{ id: string; nome: string; inicio: Date }>({
      name: 'lancamento-fila-devidos',
      text: `SELECT id::text AS id, nome, acesso_inicio AS inicio FROM lancamento_produto
             WHERE status = 'publicado' AND acesso_inicio <= $1 AND acesso_inicio > $2 ORDER BY acesso_inicio, id`,
      values: [new Date(now + beforeMs), new Date(now - afterMs)],
    });
    // A hold in force for a launch no longer due (archived, its opening moved) ends now, in every
    // process's store (each process checks its own: without Redis each has one); one over by time
    // has lapsed by itself.
    const current = (await store.stats(now)).lancamento;
    if (current && !rows.some((r) => r.id === current.launchId && r.inicio.getTime() + afterMs === current.until)) await store.releaseLaunch(current.launchId, now);
    for (const r of rows) {
      const until = r.inicio.getTime() + afterMs;
      // The store first: the record says "on" only once the room really is.
      await store.holdForLaunch({ launchId: r.id, name: r.nome, until }, now);
      const { rows: made } = await pool.query<{ ligada_em: Date }>(
        `INSERT INTO lancamento_fila (lancamento_id, abertura, ligada_em, ate) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING ligada_em`,
        [r.id, r.inicio, new Date(now), new Date(until)],
      );
      if (!made[0]) continue; // recorded already (by this or another process)
      pass.switchedOn.push(r.id);
      const after = { lancamento: r.nome, abertura: r.inicio.toISOString(), ligadaEm: made[0].ligada_em.toISOString(), ate: new Date(until).toISOString() };
      await recordAudit(pool, { actorId: null, action: 'fila.lancamento.ligar', entity: AUDIT_ENTITY, entityId: r.id, before: null, after, requestId: null });
      log.warn({ lancamento: { id: r.id, ...after } }, `fila: sala de espera LIGADA pelo lançamento "${r.nome}" até ${after.ate}`);
    }
  }
}
