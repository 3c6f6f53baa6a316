import type { FilaClientMessage, FilaServerMessage } from '@legiao/contracts/fila';
import { vi } from 'vitest';

type Responder = (message: FilaClientMessage, socket: FakeWebSocket) => void;

/**
 * A WebSocket double for the waiting room's hub. Each `new WebSocket(url)` is kept in
 * `FakeWebSocket.instances`; tests open, answer and close sockets by hand, or let a responder
 * answer what the page sends.
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];
  /** Open each socket on the next microtask (else the test calls open() or fail()). */
  static autoOpen = true;
  static responder: Responder | null = null;

  readonly url: string;
  readyState = FakeWebSocket.CONNECTING;
  /** Every message the page sent, parsed. */
  readonly sent: FilaClientMessage[] = [];
  onopen: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;

  constructor(url: string) {
    this.url = url;
    FakeWebSocket.instances.push(this);
    if (FakeWebSocket.autoOpen) queueMicrotask(() => this.readyState === FakeWebSocket.CONNECTING && this.open());
  }

  static get last(): FakeWebSocket {
    const socket = FakeWebSocket.instances[FakeWebSocket.instances.length - 1];
    if (!socket) throw new Error('Nenhum WebSocket foi aberto.');
    return socket;
  }

  /** The types the page sent on every socket, in order. */
  static sentTypes(): string[] {
    return FakeWebSocket.instances.flatMap((s) => s.sent.map((m) => m.type));
  }

  open() {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.(new Event('open'));
  }

  /** The connection was refused or dropped (error, then close, as browsers do). */
  fail(code = 1006) {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.onerror?.(new Event('error'));
    this.onclose?.(new CloseEvent('close', { code, wasClean: false }));
  }

  /** A server message (an object is sent as JSON; a string as it is, to test bad frames). */
  receive(message: FilaServerMessage | string) {
    const data = typeof message === 'string' ? message : JSON.stringify(message);
    this.onmessage?.(new MessageEvent('message', { data }));
  }

  send(data: string) {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('WebSocket não está aberto.');
    const message = JSON.parse(data) as FilaClientMessage;
    this.sent.push(message);
    const responder = FakeWebSocket.responder;
    if (responder) queueMicrotask(() => this.readyState === FakeWebSocket.OPEN && responder(message, this));
  }

  close(code = 1000) {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new CloseEvent('close', { code, wasClean: true }));
  }
}

export const TEST_TICKET = 'ticket-de-teste';

/** The hub with room to spare: every TryLogin is let in at once (as when the waiting room is off). */
export const admitEveryone: Responder = (message, socket) => {
  if (message.type === 'TryLogin') {
    socket.receive({ type: 'ProceedToLogin', ticket: TEST_TICKET, expiraEm: new Date(Date.now() + 300_000).toISOString() });
  }
};

/** Replaces the global WebSocket with FakeWebSocket (undone by vi.unstubAllGlobals after each test). */
export function installFakeWebSocket(options: { autoOpen?: boolean; responder?: Responder | null } = {}) {
  FakeWebSocket.instances = [];
  FakeWebSocket.autoOpen = options.autoOpen ?? true;
  FakeWebSocket.responder = options.responder === undefined ? admitEveryone : options.responder;
  vi.stubGlobal('WebSocket', FakeWebSocket);
  return FakeWebSocket;
}
