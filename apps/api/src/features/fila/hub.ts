import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { WAITING_ROOM_CLIENT_TYPES, waitingRoomClientMessageSchema, MSG_WAITING_ROOM, type WaitingRoomClientMessage, type WaitingRoomErrorCode, type WaitingRoomServerMessage } from '@legiao/contracts';
import { systemClock, type Clock } from './clock.js';
import type { WaitingRoomEvent, QueueStore } from './fila.types.js';
import { signTicket, ticketKey } from './ticket.js';
import { AppError } from '../../errors/app-error.js';

/** The store's Redis is away (ADR 0037): its client logs the loss and the return once; not again per message. */
const storeAway = (err: unknown) => err instanceof AppError && err.code === 'UNAVAILABLE';

export interface HubLog {
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
}

export interface WaitingRoomHubOptions {
  store: QueueStore;
  /** FILA_ENABLED: when false every TryLogin proceeds at once and nothing is stored. */
  enabled: boolean;
  jwtSecret: string;
  ticketTtlS: number;
  log: HubLog;
  clock?: Clock;
  /** Admission and expiry pass (ms). */
  tickMs?: number;
  /** Least time between two position pushes to one client (ms). */
  pushIntervalMs?: number;
  /** Protocol ping; a socket that missed one pong is dropped (ms). */
  pingMs?: number;
}

/** What the hub knows about one socket of this process. */
interface Conn {
  socket: WebSocket;
  clientId: string | null;
  /** The last state this socket was told. */
  estado: 'aguardando' | 'admitido' | null;
  posicao: number;
  quantidade: number;
  pushedAt: number;
  /** jti of the last ProceedToLogin sent (one per admission, whoever triggers it). */
  jtiSent: string | null;
  /** Messages and events for this socket run one after the other, in arrival order. */
  chain: Promise<void>;
  alive: boolean;
  /** Per-socket message budget (token bucket) and when the last "too many" was answered. */
  budget: number;
  budgetAt: number;
  floodNoticeAt: number;
}

const MAX_MESSAGE_BYTES = 1024;
const MESSAGES_PER_SECOND = 10;
const MESSAGE_BURST = 20;
/** Position pushes skip a socket whose unsent data is above this (a slow reader gets the next). */
const MAX_BUFFERED = 64 * 1024;
const PUSH_SLICE = 500;

/**
 * One per API process: owns this process's sockets, answers their messages through the
 * QueueStore, runs the admission/expiry ticker and pushes positions (at most about once per
 * second per client). Whatever process changes the queue, the store's events reach every hub.
 */
export class WaitingRoomHub {
  readonly enabled: boolean;
  readonly store: QueueStore;
  private readonly clock: Clock;
  private readonly key: Buffer;
  private readonly conns = new Map<WebSocket, Conn>();
  private readonly byClient = new Map<string, Set<Conn>>();
  private timers: NodeJS.Timeout[] = [];
  private ticking = false;
  private pushTimer: NodeJS.Timeout | null = null;
  private pushing = false;
  private pushAgain = false;
  private lastPushAt = 0;
  private closed = false;
  private readonly tickMs: number;
  private readonly pushIntervalMs: number;
  private readonly pingMs: number;

  constructor(private readonly opts: WaitingRoomHubOptions) {
    this.enabled = opts.enabled;
    this.store = opts.store;
    this.clock = opts.clock ?? systemClock;
    this.key = ticketKey(opts.jwtSecret);
    this.tickMs = opts.tickMs ?? 250;
    this.pushIntervalMs = opts.pushIntervalMs ?? 1000;
    this.pingMs = opts.pingMs ?? 30_000;
    this.store.onEvent((e) => this.onEvent(e));
  }

  get ticketKey() {
    return this.key;
  }

  get connectionCount() {
    return this.conns.size;
  }

  start() {
    if (this.enabled) this.timers.push(setInterval(() => void this.tick(), this.tickMs));
    this.timers.push(setInterval(() => this.ping(), this.pingMs));
    for (const t of this.timers) t.unref();
  }

  async close() {
    this.closed = true;
    for (const t of this.timers) clearInterval(t);
    if (this.pushTimer) clearTimeout(this.pushTimer);
    for (const c of this.conns.values()) c.socket.close(1001, 'encerrando');
    await this.store.close();
  }

  /** One admission and expiry pass; skipped while the previous one still runs. */
  async tick() {
    if (this.ticking || this.closed) return;
    this.ticking = true;
    try {
      await this.store.tick(this.clock.now());
    } catch (err) {
      if (!storeAway(err)) this.opts.log.warn({ err }, 'fila: tick falhou');
    } finally {
      this.ticking = false;
    }
  }

  /** Takes a freshly upgraded socket. Listeners go on before anything can wait. */
  attach(socket: WebSocket) {
    const conn: Conn = { socket, clientId: null, estado: null, posicao: 0, quantidade: 0, pushedAt: 0, jtiSent: null, chain: Promise.resolve(), alive: true, budget: MESSAGE_BURST, budgetAt: this.clock.now(), floodNoticeAt: 0 };
    socket.on('error', (err) => {
      this.opts.log.warn({ err }, 'fila: erro no socket');
      this.detach(conn);
    });
    socket.on('close', () => this.detach(conn));
    socket.on('pong', () => {
      conn.alive = true;
    });
    socket.on('message', (data, isBinary) => {
      // Nothing a client sends may throw out of this listener (it would take the process down).
      try {
        this.onMessage(conn, data as Buffer | Buffer[] | ArrayBuffer, isBinary);
      } catch (err) {
        this.opts.log.error({ err }, 'fila: falha ao tratar mensagem');
        this.fail(conn, 'INDISPONIVEL', MSG_WAITING_ROOM.indisponivel);
      }
    });
    this.conns.set(socket, conn);
  }

  private detach(conn: Conn) {
    if (!this.conns.delete(conn.socket)) return;
    if (conn.clientId) {
      const set = this.byClient.get(conn.clientId);
      set?.delete(conn);
      if (set?.size === 0) this.byClient.delete(conn.clientId);
    }
    // The place is kept: a reconnect with the same clientId before the idle time-out finds it.
  }

  private ping() {
    for (const c of this.conns.values()) {
      if (!c.alive) {
        c.socket.terminate();
        this.detach(c);
        continue;
      }
      c.alive = false;
      try {
        c.socket.ping();
      } catch {
        this.detach(c);
      }
    }
  }

  private send(conn: Conn, msg: WaitingRoomServerMessage) {
    this.sendRaw(conn, JSON.stringify(msg));
  }

  private sendRaw(conn: Conn, json: string) {
    if (conn.socket.readyState !== conn.socket.OPEN) return;
    try {
      conn.socket.send(json);
    } catch (err) {
      this.opts.log.warn({ err }, 'fila: envio falhou');
    }
  }

  private fail(conn: Conn, code: WaitingRoomErrorCode, message: string, requestType?: string) {
    this.send(conn, { type: 'Error', code, message, ...(requestType ? { requestType } : {}) });
  }

  private enqueue(conn: Conn, job: () => Promise<void> | void) {
    conn.chain = conn.chain.then(job).catch((err) => {
      if (!storeAway(err)) this.opts.log.warn({ err }, 'fila: mensagem falhou');
      this.fail(conn, 'INDISPONIVEL', MSG_WAITING_ROOM.indisponivel);
    });
  }

  private withinBudget(conn: Conn) {
    const now = this.clock.now();
    conn.budget = Math.min(MESSAGE_BURST, conn.budget + ((now - conn.budgetAt) * MESSAGES_PER_SECOND) / 1000);
    conn.budgetAt = now;
    if (conn.budget >= 1) {
      conn.budget -= 1;
      return true;
    }
    if (now - conn.floodNoticeAt >= 1000) {
      conn.floodNoticeAt = now;
      this.fail(conn, 'MUITAS_MENSAGENS', MSG_WAITING_ROOM.muitasMensagens);
    }
    return false;
  }

  private onMessage(conn: Conn, data: Buffer | Buffer[] | ArrayBuffer, isBinary: boolean) {
    if (!this.withinBudget(conn)) return;
    const buf = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    if (isBinary || buf.length > MAX_MESSAGE_BYTES) return this.fail(conn, 'MENSAGEM_INVALIDA', MSG_WAITING_ROOM.mensagemInvalida);
    let raw: unknown;
    try {
      raw = JSON.parse(buf.toString('utf8'));
    } catch {
      return this.fail(conn, 'MENSAGEM_INVALIDA', MSG_WAITING_ROOM.mensagemInvalida);
    }
    const type = typeof raw === 'object' && raw !== null && typeof (raw as { type?: unknown }).type === 'string' ? (raw as { type: string }).type : undefined;
    if (type !== undefined && !(WAITING_ROOM_CLIENT_TYPES as readonly string[]).includes(type)) return this.fail(conn, 'TIPO_DESCONHECIDO', MSG_WAITING_ROOM.tipoDesconhecido, type.slice(0, 50));
    const parsed = waitingRoomClientMessageSchema.safeParse(raw);
    if (!parsed.success) return this.fail(conn, 'MENSAGEM_INVALIDA', parsed.error.issues[0]?.message ?? MSG_WAITING_ROOM.mensagemInvalida, type);
    const msg = parsed.data;
    if (conn.clientId === null) {
      conn.clientId = msg.clientId;
      let set = this.byClient.get(msg.clientId);
      if (!set) this.byClient.set(msg.clientId, (set = new Set()));
      set.add(conn);
    } else if (conn.clientId !== msg.clientId) {
      return this.fail(conn, 'CLIENTE_DIFERENTE', MSG_WAITING_ROOM.clienteDiferente, msg.type);
    }
    this.enqueue(conn, () => this.handle(conn, msg));
  }

  private async handle(conn: Conn, msg: WaitingRoomClientMessage) {
    const now = this.clock.now();
    switch (msg.type) {
      case 'TryLogin': {
        if (!this.enabled) return this.proceed(conn, msg.clientId, `livre-${randomUUID()}`, true);
        const r = await this.store.join(msg.clientId, now);
        if (r.estado === 'admitido') return this.proceed(conn, msg.clientId, r.jti, true);
        conn.estado = 'aguardando';
        conn.posicao = r.posicao;
        conn.quantidade = r.quantidade;
        return this.send(conn, { type: 'ReceiveQueuePosition', posicao: r.posicao, quantidade: r.quantidade });
      }
      case 'UpdateActivity': {
        if (!this.enabled) return;
        const state = await this.store.touch(msg.clientId, now);
        if (!state) {
          conn.estado = null;
          this.fail(conn, 'FORA_DA_FILA', MSG_WAITING_ROOM.foraDaFila, msg.type);
        } else if (state === 'admitido' && conn.estado === 'aguardando') {
          // Admitted, but this socket was never told (the event was missed): tell it now.
          const r = await this.store.join(msg.clientId, now);
          if (r.estado === 'admitido') this.proceed(conn, msg.clientId, r.jti, false);
        }
        return;
      }
      case 'Logout': {
        // When there was a session, its ProceedToLogout reaches every tab through the event.
        if (this.enabled && (await this.store.leave(msg.clientId, now))) return;
        conn.estado = null;
        conn.jtiSent = null;
        return this.send(conn, { type: 'ProceedToLogout', motivo: 'saida' });
      }
      case 'GetActiveUsers': {
        if (!this.enabled) return this.send(conn, { type: 'ReceiveActiveUsers', ativos: 0, aguardando: 0 });
        const s = await this.store.stats(now);
        return this.send(conn, { type: 'ReceiveActiveUsers', ativos: s.admitidos, aguardando: s.aguardando });
      }
    }
  }

  /** ProceedToLogin with a fresh ticket; `force` re-sends to a socket that asked again. */
  private proceed(conn: Conn, clientId: string, jti: string, force: boolean) {
    conn.estado = 'admitido';
    if (!force && conn.jtiSent === jti) return;
    conn.jtiSent = jti;
    const { ticket, expiraEm: expiresIn } = signTicket(this.key, clientId, jti, this.clock.now(), this.opts.ticketTtlS);
    this.send(conn, { type: 'ProceedToLogin', ticket, expiraEm: expiresIn });
  }

  private onEvent(e: WaitingRoomEvent) {
    if (this.closed) return;
    if (e.reset) void this.restorePlaces();
    for (const { clientId, jti } of e.admitidos) {
      for (const conn of this.byClient.get(clientId) ?? []) this.enqueue(conn, () => this.proceed(conn, clientId, jti, false));
    }
    for (const { clientId, motivo: reason } of e.closings) {
      for (const conn of this.byClient.get(clientId) ?? []) {
        this.enqueue(conn, () => {
          conn.estado = null;
          conn.jtiSent = null;
          this.send(conn, { type: 'ProceedToLogout', motivo: reason });
        });
      }
    }
    if (e.changed || e.admitidos.length || e.closings.length) this.schedulePush();
  }

  /**
   * The store lost its data (Redis came back empty, ADR 0037): puts back what this process told its
   * sockets, so a member who was admitted (logged in, or on the form) is not sent away and those
   * waiting keep their order, instead of everyone hearing FORA_DA_FILA at their next UpdateActivity.
   */
  async restorePlaces() {
    const admitted = new Set<string>();
    const waiting = new Map<string, number>();
    for (const c of this.conns.values()) {
      if (!c.clientId) continue;
      if (c.estado === 'admitido') admitted.add(c.clientId);
      else if (c.estado === 'aguardando') waiting.set(c.clientId, Math.min(c.posicao, waiting.get(c.clientId) ?? Infinity));
    }
    for (const id of admitted) waiting.delete(id);
    if (!admitted.size && !waiting.size) return;
    const places = [...waiting].map(([clientId, place]) => ({ clientId, posicao: place }));
    try {
      // Slices of 2000, as positions() reads them: a long script would hold Redis.
      const ids = [...admitted];
      for (let i = 0; i < ids.length; i += 2000) await this.store.restore?.(ids.slice(i, i + 2000), [], this.clock.now());
      for (let i = 0; i < places.length; i += 2000) await this.store.restore?.([], places.slice(i, i + 2000), this.clock.now());
      this.opts.log.warn({ admitidos: admitted.size, aguardando: places.length }, 'fila: o Redis voltou sem dados; lugares deste processo recolocados');
    } catch (err) {
      this.opts.log.warn({ err }, 'fila: lugares deste processo não recolocados');
    }
  }

  /** Coalesces changes into one push, no sooner than pushIntervalMs after the previous one. */
  private schedulePush() {
    if (this.pushing) {
      this.pushAgain = true;
      return;
    }
    if (this.pushTimer) return;
    const wait = Math.max(0, this.lastPushAt + this.pushIntervalMs - this.clock.now());
    this.pushTimer = setTimeout(() => {
      this.pushTimer = null;
      void this.pushPositions();
    }, wait);
  }

  /** Sends ReceiveQueuePosition to every waiting socket of this process whose numbers changed. */
  async pushPositions() {
    if (this.closed) return;
    this.pushing = true;
    this.pushAgain = false;
    let retry = false;
    try {
      const waiting: Conn[] = [];
      const ids = new Set<string>();
      for (const c of this.conns.values()) {
        if (c.estado === 'aguardando' && c.clientId) {
          waiting.push(c);
          ids.add(c.clientId);
        }
      }
      this.lastPushAt = this.clock.now();
      if (!waiting.length) return;
      const { quantidade: quantity, positions: positions, admitidos: admitted } = await this.store.positions([...ids]);
      const now = this.clock.now();
      // "About once per second": a socket told less than 90% of the interval ago waits for the next push.
      const minGap = this.pushIntervalMs * 0.9;
      let sent = 0;
      for (const c of waiting) {
        // Admitted while this process missed the event: ProceedToLogin, once per admission.
        const jti = admitted.get(c.clientId!);
        if (jti && c.estado === 'aguardando') {
          this.enqueue(c, () => this.proceed(c, c.clientId!, jti, false));
          continue;
        }
        const position = positions.get(c.clientId!);
        if (c.estado !== 'aguardando' || position === undefined) continue;
        if (position === c.posicao && quantity === c.quantidade) continue;
        if (now - c.pushedAt < minGap || c.socket.bufferedAmount > MAX_BUFFERED) {
          retry = true;
          continue;
        }
        c.posicao = position;
        c.quantidade = quantity;
        c.pushedAt = now;
        // The hot path of a big queue: the same JSON as the contract, without JSON.stringify.
        this.sendRaw(c, `{"type":"ReceiveQueuePosition","posicao":${position},"quantidade":${quantity}}`);
        // Thousands of sends hold the event loop: let admissions and messages in between slices.
        if (++sent % PUSH_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
      }
    } catch (err) {
      if (!storeAway(err)) this.opts.log.warn({ err }, 'fila: envio de posições falhou');
      retry = true;
    } finally {
      this.pushing = false;
      if (this.pushAgain || retry) this.schedulePush();
    }
  }
}
