import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { WAITING_ROOM_WS_PATH, waitingRoomServerMessageSchema, type WaitingRoomServerMessage } from '@legiao/contracts';

type Msg<T extends WaitingRoomServerMessage['type']> = Extract<WaitingRoomServerMessage, { type: T }>;

/** Listens on a free loopback port; answers the WebSocket URL of the hub. */
export async function listenForWs(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { wsUrl: `ws://127.0.0.1:${port}${WAITING_ROOM_WS_PATH}`, httpUrl: `http://127.0.0.1:${port}` };
}

/**
 * A real WebSocket client of the waiting room, as the web app will be: every message it
 * receives is checked against the contract and kept in order.
 */
export class WaitingRoomClient {
  readonly messages: WaitingRoomServerMessage[] = [];
  private cursor = 0;
  private waiters: (() => void)[] = [];
  closed = false;

  private constructor(
    readonly ws: WebSocket,
    readonly clientId: string,
  ) {
    ws.on('message', (data) => {
      this.messages.push(waitingRoomServerMessageSchema.parse(JSON.parse(data.toString())));
      for (const w of this.waiters.splice(0)) w();
    });
    ws.on('close', () => {
      this.closed = true;
      for (const w of this.waiters.splice(0)) w();
    });
    ws.on('error', () => {});
  }

  static async connect(wsUrl: string, clientId = `cli-${randomUUID()}`) {
    const ws = new WebSocket(wsUrl);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new WaitingRoomClient(ws, clientId);
  }

  send(type: string, extra: Record<string, unknown> = {}) {
    this.ws.send(JSON.stringify({ type, clientId: this.clientId, ...extra }));
  }

  tryLogin() {
    this.send('TryLogin');
  }

  /** The next message of `type` after the ones already taken (skips others of no interest). */
  async next<T extends WaitingRoomServerMessage['type']>(type: T, timeoutMs = 5000, match: (m: Msg<T>) => boolean = () => true): Promise<Msg<T>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.cursor < this.messages.length) {
        const m = this.messages[this.cursor++]!;
        if (m.type === type && match(m as Msg<T>)) return m as Msg<T>;
      }
      const left = deadline - Date.now();
      if (left <= 0 || this.closed) throw new Error(`${this.clientId}: sem ${type} em ${timeoutMs} ms; recebidas: ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The very next message, whatever it is. */
  async any(timeoutMs = 5000): Promise<WaitingRoomServerMessage> {
    const deadline = Date.now() + timeoutMs;
    while (this.cursor >= this.messages.length) {
      if (Date.now() > deadline || this.closed) throw new Error(`${this.clientId}: nenhuma mensagem em ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return this.messages[this.cursor++]!;
  }

  /** Messages of `type` received so far (taken or not). */
  all<T extends WaitingRoomServerMessage['type']>(type: T) {
    return this.messages.filter((m): m is Msg<T> => m.type === type);
  }

  close() {
    this.ws.close();
  }
}

/** Joins and waits for the answer; returns the client and what it got. */
export async function join(wsUrl: string, clientId?: string) {
  const c = await WaitingRoomClient.connect(wsUrl, clientId);
  c.tryLogin();
  const first = await c.any();
  if (first.type !== 'ProceedToLogin' && first.type !== 'ReceiveQueuePosition') throw new Error(`resposta inesperada a TryLogin: ${JSON.stringify(first)}`);
  return { c, first };
}
