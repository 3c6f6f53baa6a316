/** The queue's shared state, behind one interface: in memory (one process) or in Redis (many). */

export interface FilaSettings {
  capacidade: number;
  admissoesPorMinuto: number;
  pausada: boolean;
}

export interface FilaDefaults {
  capacidade: number;
  admissoesPorMinuto: number;
}

export interface StoreOptions {
  defaults: FilaDefaults;
  /** A session (waiting or admitted) with no activity for this long ends. */
  inatividadeMs: number;
}

/** One admission: `jti` names it and goes into the ticket (single use, see consumeTicket). */
export interface Admissao {
  clientId: string;
  jti: string;
}

export interface Encerramento {
  clientId: string;
  motivo: 'saida' | 'inatividade';
}

/** What every process must hear about, whichever process changed the queue. */
export interface FilaEvento {
  admitidos: Admissao[];
  encerrados: Encerramento[];
  /** Positions or counts may have changed: waiting clients need a fresh ReceiveQueuePosition. */
  mudou: boolean;
}

export type JoinResult = { estado: 'admitido'; jti: string } | { estado: 'aguardando'; posicao: number; quantidade: number };

export interface FilaStats {
  aguardando: number;
  admitidos: number;
  admissoesUltimoMinuto: number;
  esperaMaisAntigaMs: number;
  settings: FilaSettings;
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
  /** 1-based places of the given clients that are waiting (others are absent from the map). */
  positions(clientIds: string[]): Promise<{ quantidade: number; posicoes: Map<string, number> }>;
  stats(now: number): Promise<FilaStats>;
  /** Operators' changes; shared by every process. Admits at once if there is now room. */
  updateSettings(patch: Partial<FilaSettings>, now: number): Promise<FilaSettings>;
  /** The room is on: paused, somebody waiting, or every place taken. */
  isGated(): Promise<boolean>;
  /** The ticket's admission is still the client's current, unused one. */
  checkTicket(clientId: string, jti: string): Promise<boolean>;
  /** Uses the admission's ticket up (atomic: only one login wins it). */
  consumeTicket(clientId: string, jti: string, now: number): Promise<boolean>;
  onEvent(listener: (e: FilaEvento) => void): void;
  close(): Promise<void>;
}

/** Admissions allowed in one go: one second's worth of the per-minute rate (at least 1). */
export const burstFor = (admissoesPorMinuto: number) => Math.max(1, Math.ceil(admissoesPorMinuto / 60));
