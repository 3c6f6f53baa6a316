import { AUTO_READING_VALID_MS, AUTO_SWITCHES_KEPT, evaluateAuto, burstFor, type Admission, type AutoState, type AutoReading, type AutoLimites, type AutoSwap, type Closing, type LaunchHold, type WaitingRoomEvent, type WaitingRoomSettings, type WaitingRoomStats, type JoinResult, type QueueStore, type StoreOptions } from './fila.types.js';

const MINUTE = 60_000;

/**
 * The queue of one API process (REDIS_URL unset). Waiting clients live in a Map, whose insertion
 * order is their arrival order: a re-join finds its entry and keeps it, admission takes the first.
 * Same rules, step for step, as the Lua scripts of store-redis.ts.
 */
export class MemoryQueueStore implements QueueStore {
  readonly kind = 'memoria' as const;
  private nextAdmission = 0;
  private readonly waiting = new Map<string, { entrada: number }>();
  private readonly admitted = new Map<string, { jti: string | null }>();
  private readonly activity = new Map<string, number>();
  /** Admission times of the last minute, oldest first (for the operators' count). */
  private admissoes: number[] = [];
  private bucket: { tokens: number; ts: number } | null = null;
  private overrides: Partial<WaitingRoomSettings> = {};
  /** The automatic room: readings per process, its state, its switches (latest first). */
  private readonly readings = new Map<string, AutoReading & { em: number }>();
  private auto = { ligada: false, motivo: null as AutoSwap['motivo'] | null, desde: null as number | null, hotAt: 0, seenAt: 0 };
  private trocas: AutoSwap[] = [];
  private launch: LaunchHold | null = null;
  private readonly listeners = new Set<(e: WaitingRoomEvent) => void>();

  constructor(private readonly opts: StoreOptions) {}

  /** Admissions are held by the automatic room (a hold nobody has confirmed lately lapses). */
  private autoHolds(now: number) {
    return this.auto.ligada && this.auto.seenAt >= now - AUTO_READING_VALID_MS;
  }

  /** A launch's opening sends every login through the line (holdForLaunch). */
  private launchHolds(now: number) {
    return this.launch !== null && now < this.launch.until;
  }

  private settings(): WaitingRoomSettings {
    return {
      capacidade: this.overrides.capacidade ?? this.opts.defaults.capacidade,
      admissoesPorMinuto: this.overrides.admissoesPorMinuto ?? this.opts.defaults.admissoesPorMinuto,
      pausada: this.overrides.pausada ?? false,
    };
  }

  /** Token bucket: refills at the per-minute rate, holds at most one second's worth. */
  private tokens(now: number, rate: number) {
    const cap = burstFor(rate);
    if (!this.bucket) this.bucket = { tokens: cap, ts: now };
    if (now > this.bucket.ts) {
      this.bucket.tokens += ((now - this.bucket.ts) * rate) / MINUTE;
      this.bucket.ts = now;
    }
    if (this.bucket.tokens > cap) this.bucket.tokens = cap;
    return this.bucket;
  }

  private admitOne(clientId: string, now: number, out: Admission[]) {
    const jti = String(++this.nextAdmission);
    this.waiting.delete(clientId);
    this.admitted.set(clientId, { jti });
    this.activity.set(clientId, now);
    this.admissoes.push(now);
    out.push({ clientId, jti });
  }

  private admitWaiting(now: number, out: Admission[]) {
    const s = this.settings();
    if (s.pausada || this.autoHolds(now) || this.waiting.size === 0) return;
    const free = s.capacidade - this.admitted.size;
    if (free <= 0) return;
    const bucket = this.tokens(now, s.admissoesPorMinuto);
    let n = Math.min(free, Math.floor(bucket.tokens), this.waiting.size);
    bucket.tokens -= n;
    for (const clientId of this.waiting.keys()) {
      if (n-- <= 0) break;
      this.admitOne(clientId, now, out);
    }
  }

  private trim(now: number) {
    let i = 0;
    while (i < this.admissoes.length && this.admissoes[i]! <= now - MINUTE) i++;
    if (i > 0) this.admissoes = this.admissoes.slice(i);
  }

  private emit(admitted: Admission[], closed: Closing[], changed: boolean) {
    if (!admitted.length && !closed.length && !changed) return;
    const e: WaitingRoomEvent = { admitidos: admitted, closings: closed, changed: changed };
    // After the caller's own answer, like a Redis message that arrives later.
    setImmediate(() => {
      for (const l of this.listeners) l(e);
    });
  }

  async join(clientId: string, now: number): Promise<JoinResult> {
    const adm = this.admitted.get(clientId);
    if (adm) {
      this.activity.set(clientId, now);
      if (!adm.jti) adm.jti = String(++this.nextAdmission);
      return { estado: 'admitido', jti: adm.jti };
    }
    if (this.waiting.has(clientId)) {
      this.activity.set(clientId, now);
      return { estado: 'aguardando', posicao: this.rank(clientId), quantidade: this.waiting.size };
    }
    const s = this.settings();
    if (!s.pausada && !this.autoHolds(now) && !this.launchHolds(now) && this.waiting.size === 0 && this.admitted.size < s.capacidade) {
      const bucket = this.tokens(now, s.admissoesPorMinuto);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        const out: Admission[] = [];
        this.admitOne(clientId, now, out);
        this.trim(now);
        this.emit(out, [], false);
        return { estado: 'admitido', jti: out[0]!.jti };
      }
    }
    this.waiting.set(clientId, { entrada: now });
    this.activity.set(clientId, now);
    this.emit([], [], true);
    return { estado: 'aguardando', posicao: this.waiting.size, quantidade: this.waiting.size };
  }

  private rank(clientId: string) {
    let i = 0;
    for (const id of this.waiting.keys()) {
      i++;
      if (id === clientId) return i;
    }
    return 0;
  }

  async touch(clientId: string, now: number) {
    const state = this.admitted.has(clientId) ? 'admitido' : this.waiting.has(clientId) ? 'aguardando' : null;
    if (state) this.activity.set(clientId, now);
    return state;
  }

  private remove(clientId: string) {
    this.activity.delete(clientId);
    if (this.admitted.delete(clientId)) return 'admitido' as const;
    if (this.waiting.delete(clientId)) return 'aguardando' as const;
    return null;
  }

  async leave(clientId: string, now: number) {
    const was = this.remove(clientId);
    if (!was) return false;
    const out: Admission[] = [];
    if (was === 'admitido') this.admitWaiting(now, out);
    this.trim(now);
    this.emit(out, [{ clientId, motivo: 'saida' }], true);
    return true;
  }

  async tick(now: number) {
    const ended: Closing[] = [];
    const limit = now - this.opts.inactivityMs;
    for (const [clientId, last] of this.activity) {
      if (last <= limit && this.remove(clientId)) ended.push({ clientId, motivo: 'inatividade' });
    }
    const out: Admission[] = [];
    this.admitWaiting(now, out);
    this.trim(now);
    this.emit(out, ended, ended.length > 0 || out.length > 0);
  }

  async positions(clientIds: string[]) {
    const wanted = new Set(clientIds);
    const positions = new Map<string, number>();
    const admitted = new Map<string, string>();
    for (const id of wanted) {
      const jti = this.admitted.get(id)?.jti;
      if (jti) admitted.set(id, jti);
    }
    if (wanted.size) {
      let i = 0;
      for (const id of this.waiting.keys()) {
        i++;
        if (wanted.has(id)) {
          positions.set(id, i);
          if (positions.size === wanted.size) break;
        }
      }
    }
    return { quantidade: this.waiting.size, positions: positions, admitidos: admitted };
  }

  async stats(now: number): Promise<WaitingRoomStats> {
    this.trim(now);
    const first = this.waiting.values().next();
    return {
      automatica: this.autoHolds(now),
      aguardando: this.waiting.size,
      admitidos: this.admitted.size,
      admissoesUltimoMinuto: this.admissoes.length,
      esperaMaisAntigaMs: first.done ? 0 : Math.max(0, now - first.value.entrada),
      settings: this.settings(),
      lancamento: this.launchHolds(now) ? { ...this.launch! } : null,
    };
  }

  async updateSettings(patch: Partial<WaitingRoomSettings>, now: number) {
    this.overrides = { ...this.overrides, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) };
    const out: Admission[] = [];
    this.admitWaiting(now, out);
    this.trim(now);
    this.emit(out, [], true);
    return this.settings();
  }

  async isGated(now = Date.now()) {
    const s = this.settings();
    return s.pausada || this.autoHolds(now) || this.launchHolds(now) || this.waiting.size > 0 || this.admitted.size >= s.capacidade;
  }

  async holdForLaunch(hold: LaunchHold, now: number) {
    if (!this.launchHolds(now) || hold.until > this.launch!.until) {
      this.launch = { ...hold };
      this.emit([], [], true);
    }
    return { ...this.launch! };
  }

  async releaseLaunch(launchId: string, now: number) {
    if (this.launch?.launchId !== launchId) return false;
    const held = this.launchHolds(now);
    this.launch = null;
    const out: Admission[] = [];
    this.admitWaiting(now, out);
    this.trim(now);
    this.emit(out, [], true);
    return held;
  }

  async checkTicket(clientId: string, jti: string) {
    return this.admitted.get(clientId)?.jti === jti;
  }

  async consumeTicket(clientId: string, jti: string, now: number) {
    const adm = this.admitted.get(clientId);
    if (!adm || adm.jti !== jti) return false;
    adm.jti = null;
    this.activity.set(clientId, now);
    return true;
  }

  /** The worst fresh reading of every process (stale ones are dropped). */
  private currentReadings(now: number) {
    let delayMs = 0;
    let poolWaiting = 0;
    for (const [process, l] of this.readings) {
      if (l.em < now - AUTO_READING_VALID_MS) {
        this.readings.delete(process);
        continue;
      }
      delayMs = Math.max(delayMs, l.atrasoMs);
      poolWaiting = Math.max(poolWaiting, l.poolAguardando);
    }
    return { atrasoMs: delayMs, poolAguardando: poolWaiting, processos: this.readings.size };
  }

  async autoReport(process: string, reading: AutoReading, limites: AutoLimites, now: number) {
    this.readings.set(process, { ...reading, em: now });
    const { atrasoMs: delayMs, poolAguardando: poolWaiting } = this.currentReadings(now);
    const activeOnes = this.admitted.size;
    const { trigger, calmo: calm } = evaluateAuto(activeOnes, delayMs, poolWaiting, limites);
    const enabled = this.autoHolds(now);
    let reason: AutoSwap['motivo'] | null = null;
    if (this.auto.ligada && !enabled) reason = 'sem_leituras';
    this.auto.seenAt = now;
    if (trigger) this.auto.hotAt = now;
    if (!enabled && trigger) reason = trigger;
    else if (enabled && calm && now - this.auto.hotAt >= limites.minimoMs) reason = 'calmo';
    if (!reason) return null;
    const swap: AutoSwap = { ligada: reason === trigger, motivo: reason, em: now, ativos: activeOnes, atrasoMs: delayMs, poolAguardando: poolWaiting, processo: process };
    this.auto = { ...this.auto, ligada: swap.ligada, motivo: reason, desde: now };
    this.trocas = [swap, ...this.trocas].slice(0, AUTO_SWITCHES_KEPT);
    if (!swap.ligada) {
      // Released: the queue moves again at once (at the admission rate), not at the next tick.
      const out: Admission[] = [];
      this.admitWaiting(now, out);
      this.trim(now);
      this.emit(out, [], out.length > 0);
    }
    return swap;
  }

  async autoState(now: number): Promise<AutoState> {
    const current = this.currentReadings(now);
    return { ligada: this.autoHolds(now), motivo: this.auto.motivo, desde: this.auto.desde, ativos: this.admitted.size, ...current, trocas: [...this.trocas] };
  }

  onEvent(listener: (e: WaitingRoomEvent) => void) {
    this.listeners.add(listener);
  }

  async close() {
    this.listeners.clear();
  }
}
