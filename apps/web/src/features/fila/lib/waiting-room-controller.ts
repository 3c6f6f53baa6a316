import type { WaitingRoomClientMessage, WaitingRoomServerMessage, ProceedToLogout } from '@legiao/contracts/fila';
import { PaceTracker } from './estimate';
import { WaitingRoomConnection, type WaitingRoomConnectionOptions } from './waiting-room-connection';

/**
 * What the login page shows (spec 000 sections 2 and 4, ADR 0008 "How the web gate should use it"):
 * - conectando: no answer yet (a tiny loader, then the waiting room without a position);
 * - aguardando: the waiting room with the position;
 * - formulario: the login form, with the admission ticket, or with none when the hub could not
 *   be reached at all (the server still checks tickets; a refusal sends the person back).
 */
export type GateState =
  | { phase: 'conectando' }
  | { phase: 'aguardando'; posicao: number; quantidade: number; estimateMs: number; reconectando: boolean }
  | { phase: 'formulario'; ticket: string | null; expiraEm: string | null };

export type Reason = ProceedToLogout['motivo'];

/** While waiting, the session is renewed this often (the server ends it after 120 s without activity). */
export const ACTIVITY_INTERVAL_MS = 30_000;
/** Attempts in a row that never opened before the form is shown without a ticket. */
export const MAX_FAILURES_BEFORE_FORM = 3;
/** A fresh ticket is asked for this long before the current one expires. */
const TICKET_MARGIN_MS = 10_000;
/** Bounds for that refresh, so a client clock far off the server's can't make it loop. */
const TICKET_REFRESH_MIN_MS = 30_000;
const TICKET_REFRESH_MAX_MS = 30 * 60_000;
/** After the login page closes, the socket waits this long for the member's first page. */
const LINGER_MS = 2_000;
/** The hub could not read the queue (INDISPONIVEL): ask again after this long. */
const UNAVAILABLE_RETRY_MS = 5_000;

export interface WaitingRoomControllerOptions extends WaitingRoomConnectionOptions {
  url: string;
  clientId: string;
  /** Whether a member is logged in (a token is stored); read fresh every time. */
  isLoggedIn: () => boolean;
  /** The queue session ended for a logged-in member or on the login page: clear and go to /. */
  onSessionEnded: (reason: Reason) => void;
  now?: () => number;
}

/** A new object each time: the page times its loader per wait (login-gate.tsx). */
const connecting = (): GateState => ({ phase: 'conectando' });

/**
 * The browser's side of the waiting room, free of React. One per app. It keeps the hub's socket
 * open while the login page is shown (the gate) or a member is logged in, answers the hub, and
 * holds the login page's state (GateState).
 */
export class WaitingRoomController {
  private readonly conn: WaitingRoomConnection;
  private readonly now: () => number;
  private readonly pace = new PaceTracker();
  private readonly listeners = new Set<() => void>();
  private gateOpen = false;
  private state: GateState = connecting();
  /** A position seen while the form shows without a ticket (the hub came back late). */
  private pendingPosition: { posicao: number; quantidade: number } | null = null;
  private pendingLogout = false;
  private lastActivityAt = Number.NEGATIVE_INFINITY;
  private waitingTimer: ReturnType<typeof setInterval> | null = null;
  private ticketTimer: ReturnType<typeof setTimeout> | null = null;
  private lingerTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTryLoginTimer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;

  constructor(private readonly opts: WaitingRoomControllerOptions) {
    this.now = opts.now ?? Date.now;
    this.conn = new WaitingRoomConnection(
      opts.url,
      {
        onOpen: () => this.onOpen(),
        onMessage: (m) => this.onMessage(m),
        onClose: (info) => this.onClose(info.failures),
      },
      opts,
    );
  }

  // ---- login page ----

  get gateState(): GateState {
    return this.state;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The login page is shown: join the queue (or find the place again). Returns the close. */
  openGate(): () => void {
    this.gateOpen = true;
    this.clearTimer('lingerTimer');
    this.pendingPosition = null;
    this.pace.reset();
    this.setState(connecting());
    this.waitingTimer ??= setInterval(() => this.keepWaitingAlive(), ACTIVITY_INTERVAL_MS);
    if (this.conn.isOpen) this.tryLogin();
    else {
      this.conn.start();
      this.conn.retryNow();
    }
    return () => {
      this.gateOpen = false;
      this.clearInterval();
      this.clearTimer('ticketTimer');
      this.clearTimer('retryTryLoginTimer');
      this.scheduleSync(LINGER_MS);
    };
  }

  /**
   * Login said the ticket is missing or no longer valid (403 FILA_*), or it expired: back to the
   * waiting room and ask again (an admitted client gets a fresh ticket at once).
   */
  rejoin() {
    if (!this.gateOpen) return;
    this.clearTimer('ticketTimer');
    const pending = this.pendingPosition;
    this.pendingPosition = null;
    this.setState(pending ? this.waiting(pending.posicao, pending.quantidade, !this.conn.isOpen) : connecting());
    if (this.conn.isOpen) this.tryLogin();
    else this.conn.retryNow();
  }

  // ---- the whole app ----

  /** User activity (pointer, keys, scroll): renews the session at most every 30 s once admitted. */
  activity() {
    if (this.disposed) return;
    const admitted = this.gateOpen ? this.state.phase === 'formulario' : this.opts.isLoggedIn();
    if (!this.gateOpen) this.sync();
    if (!admitted || !this.conn.isOpen) return;
    if (this.now() - this.lastActivityAt < ACTIVITY_INTERVAL_MS) return;
    if (this.send('UpdateActivity')) this.lastActivityAt = this.now();
  }

  /** The page became visible again: reconnect now, and renew at once while waiting. */
  visible() {
    if (this.disposed) return;
    this.sync();
    if (!this.conn.isOpen) this.conn.retryNow();
    else if (this.gateOpen && this.state.phase === 'aguardando') this.keepWaitingAlive();
    else this.activity();
  }

  /** The member clicked Sair: free the place for the next in line (sent even if the socket was down). */
  logout() {
    if (this.disposed) return;
    if (!this.send('Logout')) {
      this.pendingLogout = true;
      this.conn.start();
      this.conn.retryNow();
    }
    // The session is cleared right after this call; look again once it is.
    this.scheduleSync(0);
  }

  /** Opens or closes the socket to match: login page shown, member logged in, or a Logout to send. */
  sync() {
    if (this.disposed) return;
    const wanted = this.gateOpen || this.pendingLogout || this.opts.isLoggedIn();
    if (wanted) this.conn.start();
    else if (this.conn.isWanted) {
      this.conn.stop();
      this.lastActivityAt = Number.NEGATIVE_INFINITY;
    }
  }

  dispose() {
    this.disposed = true;
    this.clearInterval();
    this.clearTimer('ticketTimer');
    this.clearTimer('lingerTimer');
    this.clearTimer('retryTryLoginTimer');
    this.conn.stop();
    this.listeners.clear();
  }

  // ---- the hub ----

  private onOpen() {
    if (this.pendingLogout) {
      this.pendingLogout = false;
      this.send('Logout');
    }
    // After every (re)connect: find the place again (kept for two minutes after the last activity).
    if (this.gateOpen || this.opts.isLoggedIn()) this.tryLogin();
    else this.sync();
  }

  private onClose(failures: number) {
    if (!this.gateOpen) {
      // Nobody needs the socket and the Logout can't get through: give up on it.
      if (this.pendingLogout && failures >= MAX_FAILURES_BEFORE_FORM && !this.opts.isLoggedIn()) {
        this.pendingLogout = false;
        this.sync();
      }
      return;
    }
    const s = this.state;
    if (s.phase === 'aguardando' && !s.reconectando) this.setState({ ...s, reconectando: true });
    else if (s.phase === 'conectando' && failures >= MAX_FAILURES_BEFORE_FORM) this.setState({ phase: 'formulario', ticket: null, expiraEm: null });
  }

  private onMessage(message: WaitingRoomServerMessage) {
    switch (message.type) {
      case 'ProceedToLogin': {
        if (!this.gateOpen) return; // a logged-in member's renewal: nothing to show
        this.pendingPosition = null;
        this.setState({ phase: 'formulario', ticket: message.ticket, expiraEm: message.expiraEm });
        this.scheduleTicketRefresh(message.expiraEm);
        return;
      }
      case 'ReceiveQueuePosition': {
        const { posicao: position, quantidade: quantity } = message;
        if (!this.gateOpen) {
          // A logged-in member whose place was lost (idle, or the hub restarted) while the room is full.
          if (this.opts.isLoggedIn()) this.opts.onSessionEnded('inatividade');
          return;
        }
        this.pace.add(position, this.now());
        if (this.state.phase === 'formulario' && this.state.ticket === null) {
          this.pendingPosition = { posicao: position, quantidade: quantity };
          return;
        }
        this.clearTimer('ticketTimer');
        this.setState(this.waiting(position, quantity, false));
        return;
      }
      case 'ProceedToLogout': {
        if (this.gateOpen || this.opts.isLoggedIn()) {
          this.clearTimer('ticketTimer');
          if (this.gateOpen) this.setState(connecting());
          this.opts.onSessionEnded(message.motivo);
        }
        return;
      }
      case 'Error': {
        if (message.code === 'FORA_DA_FILA') {
          if (this.gateOpen) this.tryLogin();
          else if (this.opts.isLoggedIn()) this.opts.onSessionEnded('inatividade');
        } else if (message.code === 'INDISPONIVEL' && this.gateOpen && this.state.phase === 'conectando') {
          this.clearTimer('retryTryLoginTimer');
          this.retryTryLoginTimer = setTimeout(() => {
            this.retryTryLoginTimer = null;
            if (this.gateOpen && this.state.phase === 'conectando') this.tryLogin();
          }, UNAVAILABLE_RETRY_MS);
        }
        return;
      }
      case 'ReceiveActiveUsers':
        return;
    }
  }

  // ---- helpers ----

  private waiting(position: number, quantity: number, reconnecting: boolean): GateState {
    return { phase: 'aguardando', posicao: position, quantidade: quantity, estimateMs: this.pace.estimateMs(position, this.now()), reconectando: reconnecting };
  }

  private tryLogin() {
    if (this.send('TryLogin')) this.lastActivityAt = this.now();
  }

  private keepWaitingAlive() {
    if (!this.gateOpen || this.state.phase !== 'aguardando') return;
    if (this.send('UpdateActivity')) this.lastActivityAt = this.now();
    // The estimate also moves with time when the queue does not.
    const s = this.state;
    this.setState(this.waiting(s.posicao, s.quantidade, s.reconectando));
  }

  private scheduleTicketRefresh(expiresIn: string) {
    this.clearTimer('ticketTimer');
    const expires = Date.parse(expiresIn);
    const wanted = Number.isNaN(expires) ? TICKET_REFRESH_MIN_MS : expires - this.now() - TICKET_MARGIN_MS;
    const delay = Math.min(TICKET_REFRESH_MAX_MS, Math.max(TICKET_REFRESH_MIN_MS, wanted));
    this.ticketTimer = setTimeout(() => {
      this.ticketTimer = null;
      // Ask for a fresh ticket; the form stays unless the place is gone.
      if (this.gateOpen && this.state.phase === 'formulario') {
        if (this.conn.isOpen) this.tryLogin();
        else this.rejoin();
      }
    }, delay);
  }

  private send(type: WaitingRoomClientMessage['type']): boolean {
    return this.conn.send({ type, clientId: this.opts.clientId });
  }

  private setState(next: GateState) {
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  private scheduleSync(ms: number) {
    this.clearTimer('lingerTimer');
    this.lingerTimer = setTimeout(() => {
      this.lingerTimer = null;
      this.sync();
    }, ms);
  }

  private clearInterval() {
    if (this.waitingTimer) clearInterval(this.waitingTimer);
    this.waitingTimer = null;
  }

  private clearTimer(name: 'ticketTimer' | 'lingerTimer' | 'retryTryLoginTimer') {
    const timer = this[name];
    if (timer) clearTimeout(timer);
    this[name] = null;
  }
}
