import { hostname } from 'node:os';
import { OutageLog } from '../../db/unavailable.js';
import { randomUUID } from 'node:crypto';
import type { AutomaticWaitingRoom } from '@legiao/contracts';
import type { AutoLimites, AutoSwap, QueueStore } from './fila.types.js';
import { systemClock, type Clock } from './clock.js';

export interface AutoRoomOptions {
  store: QueueStore;
  limites: AutoLimites;
  /** Mean event-loop delay of this process over the last second, in ms (lib/pressure-monitor.ts's latest sample). */
  readDelayMs: () => number;
  /** Requests of this process waiting for a database connection right now. */
  readPoolWaiting: () => number;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
  clock?: Clock;
  reportMs?: number;
  sampleMs?: number;
}

const REASONS: Record<AutoSwap['motivo'], string> = {
  ativos: 'membros ativos no limite',
  atraso: 'atraso do event loop acima do limite',
  pool: 'pedidos esperando conexão com o banco acima do limite',
  calmo: 'leituras abaixo do limite',
  sem_leituras: 'nenhum processo confirmou a espera nos últimos segundos',
};

/**
 * The automatic waiting room (FILA_AUTO, docs/decisions/0025-many-processes.md), one per process.
 * Each process only measures: its event-loop delay and the most requests it had waiting for a
 * database connection in the last second (sampled every 100 ms, since the pool's queue comes and
 * goes between two reports), sent to the shared store once a second. The decision is the store's,
 * one for every process (one Lua script in Redis: no leader to elect, nothing to agree on): on when
 * a trigger passes its limit, off when every reading is calm and none was over for the minimum time.
 * The process whose report made a switch logs it; the store keeps the last switches for staff.
 */
export class AutoRoom {
  private readonly failures = new OutageLog('fila: leitura da sala automática falhou');
  /** Unique per process and per app (tests run several apps in one process). */
  readonly processo = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly clock: Clock;
  private timers: NodeJS.Timeout[] = [];
  private poolMax = 0;
  private reporting = false;

  constructor(private readonly opts: AutoRoomOptions) {
    this.clock = opts.clock ?? systemClock;
  }

  start() {
    this.timers.push(setInterval(() => (this.poolMax = Math.max(this.poolMax, this.opts.readPoolWaiting())), this.opts.sampleMs ?? 100));
    this.timers.push(setInterval(() => void this.report(), this.opts.reportMs ?? 1000));
    for (const t of this.timers) t.unref();
  }

  close() {
    for (const t of this.timers) clearInterval(t);
  }

  /** One report; skipped while the previous one still runs (a slow Redis must not pile them up). */
  async report(): Promise<AutoSwap | null> {
    if (this.reporting) return null;
    this.reporting = true;
    try {
      const delay = this.opts.readDelayMs();
      const reading = { atrasoMs: Number.isFinite(delay) ? Math.max(0, delay) : 60_000, poolAguardando: Math.max(this.poolMax, this.opts.readPoolWaiting()) };
      this.poolMax = 0;
      const swap = await this.opts.store.autoReport(this.processo, reading, this.opts.limites, this.clock.now());
      if (swap) {
        const msg = `fila: sala de espera automática ${swap.ligada ? 'LIGADA' : 'desligada'} (${REASONS[swap.motivo]})`;
        (swap.ligada ? this.opts.log.warn : this.opts.log.info).call(this.opts.log, { automatica: swap }, msg);
      }
      return swap;
    } catch (err) {
      // Every second while Redis is away: one line per burst (ADR 0037).
      this.failures.report(this.opts.log, err);
      return null;
    } finally {
      this.reporting = false;
    }
  }
}

/** The automatic room as staff see it (GET /api/admin/fila's `automatica`). */
export async function readAutomatic(store: QueueStore, limites: AutoLimites & { enabled: boolean }, now: number): Promise<AutomaticWaitingRoom> {
  const e = await store.autoState(now);
  const iso = (t: number) => new Date(t).toISOString();
  return {
    configurada: limites.enabled,
    ligada: e.ligada,
    motivo: e.motivo,
    desde: e.desde === null ? null : iso(e.desde),
    limites: { ativos: limites.maxActive, atrasoMs: limites.maxDelayMs, poolAguardando: limites.maxPoolWaiting, fracao: limites.fracao, minimoMs: limites.minimoMs },
    ativos: e.ativos,
    atrasoMs: Math.round(e.atrasoMs * 10) / 10,
    poolAguardando: e.poolAguardando,
    processos: e.processos,
    trocas: e.trocas.map((t) => ({ ...t, em: iso(t.em), atrasoMs: Math.round(t.atrasoMs * 10) / 10 })),
  };
}
