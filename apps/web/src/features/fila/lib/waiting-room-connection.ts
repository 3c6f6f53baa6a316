import type { WaitingRoomClientMessage, WaitingRoomServerMessage } from '@legiao/contracts/fila';
import { asServerMessage } from './server-message';
import { reconnectDelay } from './backoff';

/** WebSocket readyState values (the global may be a test double without the static constants). */
const OPEN = 1;

export type SocketFactory = (url: string) => WebSocket;

export interface WaitingRoomConnectionHandlers {
  onOpen: () => void;
  onMessage: (message: WaitingRoomServerMessage) => void;
  /** `failures`: attempts in a row that never opened (0 when an open socket was lost). */
  onClose: (info: { failures: number }) => void;
}

export interface WaitingRoomConnectionOptions {
  createSocket?: SocketFactory;
  random?: () => number;
  /** A socket not open after this long counts as a failed attempt (a black-holed host hangs for minutes). */
  connectTimeoutMs?: number;
}

/**
 * One WebSocket to the waiting room's hub that comes back by itself: while wanted, a lost or
 * refused socket is retried with exponential backoff and jitter (backoff.ts). Server messages
 * are checked against the contract; anything else is ignored.
 */
export class WaitingRoomConnection {
  private socket: WebSocket | null = null;
  private wanted = false;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly createSocket: SocketFactory;
  private readonly random: () => number;
  private readonly connectTimeoutMs: number;

  constructor(
    private readonly url: string,
    private readonly handlers: WaitingRoomConnectionHandlers,
    options: WaitingRoomConnectionOptions = {},
  ) {
    this.createSocket = options.createSocket ?? ((u) => new WebSocket(u));
    this.random = options.random ?? Math.random;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 8_000;
  }

  get isOpen(): boolean {
    return this.socket?.readyState === OPEN;
  }

  get isWanted(): boolean {
    return this.wanted;
  }

  /** Keeps a socket open from now on (connects at once unless already connecting or waiting to retry). */
  start() {
    this.wanted = true;
    if (!this.socket && !this.retryTimer) this.connect();
  }

  /** Skips the backoff wait (the browser came back online, or the user needs an answer now). */
  retryNow() {
    if (!this.wanted || this.socket) return;
    this.clearRetry();
    this.connect();
  }

  /** Closes and stops reconnecting. */
  stop() {
    this.wanted = false;
    this.failures = 0;
    this.clearRetry();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      this.detach(socket);
      try {
        socket.close(1000);
      } catch {
        // already closing
      }
    }
  }

  /** Sends when open; false when there is no open socket (the caller re-sends after onOpen). */
  send(message: WaitingRoomClientMessage): boolean {
    if (!this.socket || !this.isOpen) return false;
    try {
      this.socket.send(JSON.stringify(message));
      return true;
    } catch {
      return false;
    }
  }

  private connect() {
    let socket: WebSocket;
    try {
      socket = this.createSocket(this.url);
    } catch {
      // A URL or security error: count it as a failed attempt like a refused connection.
      this.failures += 1;
      this.handlers.onClose({ failures: this.failures });
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    let opened = false;
    const onClosed = () => {
      clearTimeout(timeout);
      if (this.socket !== socket) return;
      this.detach(socket);
      this.socket = null;
      if (!opened) this.failures += 1;
      this.handlers.onClose({ failures: this.failures });
      this.scheduleRetry();
    };
    const timeout = setTimeout(() => {
      if (opened) return;
      try {
        socket.close();
      } catch {
        // never opened
      }
      onClosed();
    }, this.connectTimeoutMs);
    socket.onopen = () => {
      clearTimeout(timeout);
      opened = true;
      this.failures = 0;
      this.handlers.onOpen();
    };
    socket.onmessage = (event: MessageEvent) => {
      const message = parseServerMessage(event.data);
      if (message) this.handlers.onMessage(message);
    };
    // 'error' is always followed by 'close'; only 'close' moves on.
    socket.onerror = () => {};
    socket.onclose = onClosed;
  }

  private scheduleRetry() {
    if (!this.wanted || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.wanted && !this.socket) this.connect();
    }, reconnectDelay(this.failures, this.random));
  }

  private clearRetry() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private detach(socket: WebSocket) {
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
  }
}

/** A server message that passes the contract, or null (not JSON, binary, unknown type, bad fields). */
export function parseServerMessage(data: unknown): WaitingRoomServerMessage | null {
  if (typeof data !== 'string' || data.length > 16_384) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    return null;
  }
  return asServerMessage(raw);
}
