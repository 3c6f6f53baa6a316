import type { WaitingRoomClientMessage, WaitingRoomServerMessage } from '@legiao/contracts/fila';
import { vi } from 'vitest';

type Answer = (message: WaitingRoomClientMessage, socket: FakeWebSocket) => void;

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
  static answer: Answer | null = null;

  readonly url: string;
  readyState = FakeWebSocket.CONNECTING;
  /** Every message the page sent, parsed. */
  readonly sent: WaitingRoomClientMessage[] = [];
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
  receive(message: WaitingRoomServerMessage | string) {
    const data = typeof message === 'string' ? message : JSON.stringify(message);
    this.onmessage?.(new MessageEvent('message', { data }));
  }

  send(data: string) {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('WebSocket não está aberto.');
    const message = JSON.parse(data) as WaitingRoomClientMessage;
    this.sent.push(message);
    const answer = FakeWebSocket.answer;
    if (answer) queueMicrotask(() => this.readyState === FakeWebSocket.OPEN && answer(message, this));
  }

  close(code = 1000) {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new CloseEvent('close', { code, wasClean: true }));
  }
}

export const TEST_TICKET = 'ticket-de-teste';

/** The hub with room to spare: every TryLogin is let in at once (as when the waiting room is off). */
export const admitEveryone: Answer = (message, socket) => {
  if (message.type === 'TryLogin') {
    socket.receive({ type: 'ProceedToLogin', ticket: TEST_TICKET, expiraEm: new Date(Date.now() + 300_000).toISOString() });
  }
};

/** Replaces the global WebSocket with FakeWebSocket (undone by vi.unstubAllGlobals after each test). */
export function installFakeWebSocket(options: { autoOpen?: boolean; answer?: Answer | null } = {}) {
  FakeWebSocket.instances = [];
  FakeWebSocket.autoOpen = options.autoOpen ?? true;
  FakeWebSocket.answer = options.answer === undefined ? admitEveryone : options.answer;
  vi.stubGlobal('WebSocket', FakeWebSocket);
  return FakeWebSocket;
}
