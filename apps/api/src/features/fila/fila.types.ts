/** The queue's shared state, behind one interface: in memory (one process) or in Redis (many). */

export interface WaitingRoomSettings {
  capacidade: number;
  admissoesPorMinuto: number;
  pausada: boolean;
}

export interface WaitingRoomDefaults {
  capacidade: number;
  admissoesPorMinuto: number;
}

export interface StoreOptions {
  defaults: WaitingRoomDefaults;
  /** A session (waiting or admitted) with no activity for this long ends. */
  inactivityMs: number;
}

/** One admission: `jti` names it and goes into the ticket (single use, see consumeTicket). */
export interface Admission {
  clientId: string;
  jti: string;
}

export interface Closing {
  clientId: string;
  motivo: 'saida' | 'inatividade';
}

/** What every process must hear about, whichever process changed the queue. */
export interface WaitingRoomEvent {
  admitidos: Admission[];
  closings: Closing[];
  /** Positions or counts may have changed: waiting clients need a fresh ReceiveQueuePosition. */
  changed: boolean;
  /**
   * The store came back without its data (a Redis restarted with nothing on disk): each process
   * puts back the places of the clients connected to it (QueueStore.restore, ADR 0037).
   */
  reset?: boolean;
}

export type JoinResult = { estado: 'admitido'; jti: string } | { estado: 'aguardando'; posicao: number; quantidade: number };

export interface WaitingRoomStats {
  /** The automatic waiting room holds admissions right now (auto.ts). */
  automatica: boolean;
  aguardando: number;
  admitidos: number;
  admissoesUltimoMinuto: number;
  esperaMaisAntigaMs: number;
  settings: WaitingRoomSettings;
  /** A launch's opening holds the room on until its `until` (launch-opening.ts); null when none does now. */
  lancamento: LaunchHold | null;
}

/**
 * The room switched on for a launch's opening (docs/decisions/0047-launches.md, part 2): until
 * `until` every login goes through the line, in arrival order, at the admission rate, even when there
 * is room. It lapses by itself at `until`: nothing has to switch it off.
 */
export interface LaunchHold {
  launchId: string;
  name: string;
  /** Epoch ms. */
  until: number;
}

export interface QueueStore {
  readonly kind: 'memoria' | 'redis';
  /** TryLogin: a newcomer is admitted at once when nobody waits and there is room (and a token), else queued at the end; a known client keeps its place and renews its activity. */
  join(clientId: string, now: number): Promise<JoinResult>;
  /** UpdateActivity: renews the session; null when the client has none. */
  touch(clientId: string, now: number): Promise<'admitido' | 'aguardando' | null>;
  /** Logout: ends the session at once and admits the next in line; false when there was none. */
  leave(clientId: string, now: number): Promise<boolean>;
  /** Ends idle sessions, then admits from the head as capacity and the rate allow. */
  tick(now: number): Promise<void>;
  /**
   * 1-based places of the given clients that are waiting (others are absent from `posicoes`), and
   * the unused admission of those that are admitted (a repair for an admission event this process
   * missed, e.g. while its Redis subscription was reconnecting). Renews nothing.
   */
  positions(clientIds: string[]): Promise<{ quantidade: number; positions: Map<string, number>; admitidos: Map<string, string> }>;
  stats(now: number): Promise<WaitingRoomStats>;
  /** Operators' changes; shared by every process. Admits at once if there is now room. */
  updateSettings(patch: Partial<WaitingRoomSettings>, now: number): Promise<WaitingRoomSettings>;
  /** The room is on: paused (by staff or by the automatic room), somebody waiting, or every place taken. */
  isGated(now?: number): Promise<boolean>;
  /** The ticket's admission is still the client's current, unused one. */
  checkTicket(clientId: string, jti: string): Promise<boolean>;
  /** Uses the admission's ticket up (atomic: only one login wins it). */
  consumeTicket(clientId: string, jti: string, now: number): Promise<boolean>;
  /**
   * The automatic room (auto.ts): records this process's readings and decides, for every process
   * at once, whether admissions are held. Answers the switch it made, if it made one.
   */
  autoReport(process: string, reading: AutoReading, limites: AutoLimites, now: number): Promise<AutoSwap | null>;
  autoState(now: number): Promise<AutoState>;
  /**
   * Holds the room on for a launch until `hold.until`: kept when one already runs as long or longer
   * (every process asks the same, so asking again changes nothing). Answers the hold in force.
   */
  holdForLaunch(hold: LaunchHold, now: number): Promise<LaunchHold>;
  /** Ends the launch's hold early (the launch was archived or its opening moved); false when it held nothing. */
  releaseLaunch(launchId: string, now: number): Promise<boolean>;
  onEvent(listener: (e: WaitingRoomEvent) => void): void;
  /**
   * After a `reset` event: puts back clients this process had told they were admitted (admitted
   * again, a new ticket on their next TryLogin) and those waiting, in the order of their last known
   * place. Clients the store knows already are left alone. Only stores that can lose their data have it.
   */
  restore?(admitted: string[], waiting: { clientId: string; posicao: number }[], now: number): Promise<void>;
  close(): Promise<void>;
}

/** What one process measures, reported about once a second. */
export interface AutoReading {
  /** Mean event-loop delay over the last second (ms). */
  atrasoMs: number;
  /** Most requests waiting for a database connection at once over the last second. */
  poolAguardando: number;
}

/** FILA_AUTO_*: 0 turns a trigger off. */
export interface AutoLimites {
  maxActive: number;
  maxDelayMs: number;
  maxPoolWaiting: number;
  /** Off again only when every reading is below this fraction of its limit… */
  fracao: number;
  /** …and none has been over its limit for this long (ms). */
  minimoMs: number;
}

/** Why the automatic room switched: a trigger (on), calm readings (off), or no process reporting (off). */
export type AutoReason = 'ativos' | 'atraso' | 'pool' | 'calmo' | 'sem_leituras';

export interface AutoSwap {
  ligada: boolean;
  motivo: AutoReason;
  em: number;
  /** The readings the decision was made on: admitted members, and the worst process's delay and pool wait. */
  ativos: number;
  atrasoMs: number;
  poolAguardando: number;
  /** The process whose report made the switch. */
  processo: string;
}

export interface AutoState {
  ligada: boolean;
  motivo: AutoReason | null;
  desde: number | null;
  ativos: number;
  atrasoMs: number;
  poolAguardando: number;
  /** Processes that reported in the last AUTO_LEITURA_VALIDA_MS. */
  processos: number;
  /** Latest first. */
  trocas: AutoSwap[];
}

/** A reading older than this is ignored; a hold with no fresh reading at all lapses. */
export const AUTO_READING_VALID_MS = 5000;
/** Switches kept for staff to see. */
export const AUTO_SWITCHES_KEPT = 50;

/** The decision both stores make, in one place: the trigger over its limit, if any, and whether every reading is calm. */
export function evaluateAuto(activeOnes: number, delayMs: number, poolWaiting: number, l: AutoLimites): { trigger: AutoReason | null; calmo: boolean } {
  const trigger = l.maxActive > 0 && activeOnes >= l.maxActive ? 'ativos' : l.maxDelayMs > 0 && delayMs >= l.maxDelayMs ? 'atraso' : l.maxPoolWaiting > 0 && poolWaiting >= l.maxPoolWaiting ? 'pool' : null;
  const calm = (l.maxActive === 0 || activeOnes < l.maxActive * l.fracao) && (l.maxDelayMs === 0 || delayMs < l.maxDelayMs * l.fracao) && (l.maxPoolWaiting === 0 || poolWaiting < l.maxPoolWaiting * l.fracao);
  return { trigger, calmo: calm };
}

/** Admissions allowed in one go: one second's worth of the per-minute rate (at least 1). */
export const burstFor = (admissionsByMinute: number) => Math.max(1, Math.ceil(admissionsByMinute / 60));
