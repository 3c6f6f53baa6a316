import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WAITING_ROOM_TICKET_HEADER, waitingRoomStateSchema, tokenResponseSchema } from '@legiao/contracts';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUser, expectError, login, TEST_PASSWORD } from './support/factories.js';
import { WaitingRoomClient, join, listenForWs } from './fila-ws-client.js';
import { signTicket } from '../src/features/fila/ticket.js';
import { setAdmin } from '../src/features/admin/admin-grant.js';

// The waiting room against the running app (memory store), with real WebSocket clients.
const ACTIVE_ROOM = 'A sala de espera está ativa. Aguarde a sua vez na fila para fazer login.';
const INVALID_TICKET = 'Sua vez na fila expirou ou não é válida. Entre na fila novamente.';

const clients: WaitingRoomClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
});
const track = <T extends { c: WaitingRoomClient }>(r: T) => (clients.push(r.c), r);

async function startApp(env: Record<string, string>) {
  const t = await buildTestApp({ env });
  const urls = await listenForWs(t.app);
  return { t, ...urls };
}

const postLogin = (t: TestApp, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers });

describe('waiting room with room to spare (default configuration)', () => {
  let t: TestApp;
  let wsUrl: string;
  beforeAll(async () => ({ t, wsUrl } = await startApp({})));
  afterAll(() => t.close());

  it('admits at once: TryLogin answers ProceedToLogin with a ticket, and login works with or without it', async () => {
    const { c, first } = track(await join(wsUrl));
    expect(first.type).toBe('ProceedToLogin');
    if (first.type !== 'ProceedToLogin') return;
    expect(new Date(first.expiraEm).getTime()).toBeGreaterThan(Date.now() + 290_000);
    const { email } = await createUser(t.prisma);
    expect((await postLogin(t, { email, senha: TEST_PASSWORD, ticket: first.ticket })).statusCode).toBe(200);
    expect(await login(t.app, email)).toBeTruthy(); // nobody waits: no ticket needed
    c.send('GetActiveUsers');
    expect(await c.next('ReceiveActiveUsers')).toEqual({ type: 'ReceiveActiveUsers', ativos: 1, aguardando: 0 });
  });
});

describe('waiting room when full (capacity 1)', () => {
  let t: TestApp;
  let wsUrl: string;
  let adminToken: string;
  beforeAll(async () => {
    ({ t, wsUrl } = await startApp({ FILA_CAPACIDADE: '1' }));
    const { email } = await createUser(t.prisma);
    expect(await setAdmin(t.prisma, email.toUpperCase(), true)).toBe('concedido'); // what admin:grant does
    adminToken = await login(t.app, email); // before anybody queues
  });
  afterAll(() => t.close());
  afterEach(async () => {
    // Every test starts with an empty queue.
    for (const c of clients.splice(0)) {
      c.send('Logout');
      c.close();
    }
    await expect.poll(async () => (await t.app.fila.store.stats(Date.now())).admitidos + (await t.app.fila.store.stats(Date.now())).aguardando).toBe(0);
  });

  const state = async () => waitingRoomStateSchema.parse((await t.app.inject({ method: 'GET', url: '/api/admin/fila', headers: bearer(adminToken) })).json());

  it('queues in arrival order, pushes positions, and admits the next as soon as a place frees', async () => {
    const a = track(await join(wsUrl));
    expect(a.first.type).toBe('ProceedToLogin');
    const b = track(await join(wsUrl));
    const c = track(await join(wsUrl));
    expect(b.first).toEqual({ type: 'ReceiveQueuePosition', posicao: 1, quantidade: 1 });
    expect(c.first).toEqual({ type: 'ReceiveQueuePosition', posicao: 2, quantidade: 2 });
    // b learns that somebody joined behind it.
    expect(await b.c.next('ReceiveQueuePosition')).toEqual({ type: 'ReceiveQueuePosition', posicao: 1, quantidade: 2 });

    a.c.send('Logout');
    expect(await a.c.next('ProceedToLogout')).toEqual({ type: 'ProceedToLogout', motivo: 'saida' });
    const proceed = await b.c.next('ProceedToLogin');
    expect(proceed.ticket).toBeTruthy();
    expect(await c.c.next('ReceiveQueuePosition', 3000, (m) => m.posicao === 1)).toEqual({ type: 'ReceiveQueuePosition', posicao: 1, quantidade: 1 });
    expect(c.c.all('ProceedToLogin')).toEqual([]);
  });

  it('refuses login without a valid ticket while the room is on, and accepts the admitted ticket once', async () => {
    const { email } = await createUser(t.prisma);
    const a = track(await join(wsUrl));
    const b = track(await join(wsUrl));
    expect(b.first.type).toBe('ReceiveQueuePosition');
    expect(await t.app.fila.store.isGated()).toBe(true);

    const withoutTicket = expectError(await postLogin(t, { email, senha: TEST_PASSWORD }), 403, ACTIVE_ROOM);
    expect(withoutTicket.errors[0]!.code).toBe('FILA_SEM_TICKET');
    expect(expectError(await postLogin(t, { email, senha: TEST_PASSWORD, ticket: 'lixo' }), 403, INVALID_TICKET).errors[0]!.code).toBe('FILA_TICKET_INVALIDO');
    // Well signed but naming an admission b never had.
    const forged = signTicket(t.app.fila.ticketKey, b.c.clientId, '999999', Date.now(), 300).ticket;
    expectError(await postLogin(t, { email, senha: TEST_PASSWORD, ticket: forged }), 403, INVALID_TICKET);
    // A session token is not a ticket.
    expectError(await postLogin(t, { email, senha: TEST_PASSWORD, ticket: adminToken }), 403, INVALID_TICKET);

    if (a.first.type !== 'ProceedToLogin') throw new Error('a devia entrar');
    const ticket = a.first.ticket;
    // A wrong password does not use the ticket up.
    expectError(await postLogin(t, { email, senha: 'Errada@123', ticket }), 401);
    const ok = await postLogin(t, { email, senha: TEST_PASSWORD }, { [WAITING_ROOM_TICKET_HEADER]: ticket });
    expect(ok.statusCode, ok.body).toBe(200);
    tokenResponseSchema.parse(ok.json());
    expectError(await postLogin(t, { email, senha: TEST_PASSWORD, ticket }), 403, INVALID_TICKET); // single use

    // Asking again while still admitted gives a new ticket for the same place.
    a.c.tryLogin();
    const again = await a.c.next('ProceedToLogin');
    expect(again.ticket).not.toBe(ticket);
    expect((await postLogin(t, { email, senha: TEST_PASSWORD, ticket: again.ticket })).statusCode).toBe(200);

    // Once the place is given up, its ticket is worthless.
    a.c.tryLogin();
    const third = await a.c.next('ProceedToLogin');
    a.c.send('Logout');
    await a.c.next('ProceedToLogout');
    const bTicket = (await b.c.next('ProceedToLogin')).ticket;
    expectError(await postLogin(t, { email, senha: TEST_PASSWORD, ticket: third.ticket }), 403, INVALID_TICKET);
    expect((await postLogin(t, { email, senha: TEST_PASSWORD, ticket: bTicket })).statusCode).toBe(200);
  });

  it('keeps one place per client: a second tab and a reconnect find the same place', async () => {
    track(await join(wsUrl));
    const b = track(await join(wsUrl));
    const c = track(await join(wsUrl));
    expect(c.first).toMatchObject({ posicao: 2 });
    const secondTab = track(await join(wsUrl, b.c.clientId));
    expect(secondTab.first).toEqual({ type: 'ReceiveQueuePosition', posicao: 1, quantidade: 2 });
    b.c.close();
    secondTab.c.close();
    const reconnect = track(await join(wsUrl, b.c.clientId));
    expect(reconnect.first).toEqual({ type: 'ReceiveQueuePosition', posicao: 1, quantidade: 2 });
    expect((await state()).aguardando).toBe(2);
  });

  it('tells every tab of an admitted client, and ends the place on Logout from any tab', async () => {
    const a = track(await join(wsUrl));
    const b1 = track(await join(wsUrl));
    const b2 = track(await join(wsUrl, b1.c.clientId));
    a.c.send('Logout');
    const [t1, t2] = await Promise.all([b1.c.next('ProceedToLogin'), b2.c.next('ProceedToLogin')]);
    expect(t1.ticket).toBeTruthy();
    expect(t2.ticket).toBeTruthy();
    b2.c.send('Logout');
    expect(await b1.c.next('ProceedToLogout')).toEqual({ type: 'ProceedToLogout', motivo: 'saida' });
    expect(await b2.c.next('ProceedToLogout')).toEqual({ type: 'ProceedToLogout', motivo: 'saida' });
  });

  it('gives operators the state and lets them pause admission and change capacity', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/fila' }), 401);
    const { email } = await createUser(t.prisma);
    const token = await login(t.app, email);
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/fila', headers: bearer(token) }), 403);

    track(await join(wsUrl));
    const b = track(await join(wsUrl));
    const c = track(await join(wsUrl));
    const s = await state();
    expect(s).toMatchObject({ habilitada: true, ativa: true, pausada: false, capacidade: 1, aguardando: 2, admitidos: 1, armazenamento: 'memoria' });
    expect(s.admissoesUltimoMinuto).toBeGreaterThanOrEqual(1);
    expect(s.esperaMaisAntigaMs).toBeGreaterThanOrEqual(0);
    expect(s.conexoesNesteProcesso).toBeGreaterThanOrEqual(3);

    const put = (payload: object, auth = adminToken) => t.app.inject({ method: 'PUT', url: '/api/admin/fila', payload, headers: bearer(auth) });
    expectError(await put({ capacidade: 3 }, token), 403);
    expectError(await put({}), 400);
    expectError(await put({ capacidade: 0 }), 400);

    expect((await put({ pausada: true })).json()).toMatchObject({ pausada: true, ativa: true });
    const r = await put({ capacidade: 3 });
    expect(r.json()).toMatchObject({ capacidade: 3, pausada: true, admitidos: 1, aguardando: 2 });
    await new Promise((res) => setTimeout(res, 600)); // two ticks: still paused
    expect(b.c.all('ProceedToLogin')).toEqual([]);
    await put({ pausada: false });
    await b.c.next('ProceedToLogin');
    await c.c.next('ProceedToLogin');
    expect(await state()).toMatchObject({ admitidos: 3, aguardando: 0, ativa: true });
    await put({ capacidade: 1 });
  });

  it('answers malformed or unknown messages with an error and keeps serving', async () => {
    const raw = await WaitingRoomClient.connect(wsUrl);
    clients.push(raw);
    raw.ws.send('não é json');
    expect(await raw.next('Error')).toMatchObject({ code: 'MENSAGEM_INVALIDA', message: 'Mensagem inválida.' });
    raw.ws.send(JSON.stringify({ type: 'Hackear', clientId: raw.clientId }));
    expect(await raw.next('Error')).toMatchObject({ code: 'TIPO_DESCONHECIDO', requestType: 'Hackear' });
    raw.ws.send(JSON.stringify({ type: 'TryLogin' }));
    expect(await raw.next('Error')).toMatchObject({ code: 'MENSAGEM_INVALIDA', requestType: 'TryLogin' });
    raw.ws.send(JSON.stringify({ type: 'TryLogin', clientId: 'curto' }));
    expect(await raw.next('Error')).toMatchObject({ code: 'MENSAGEM_INVALIDA' });
    raw.ws.send(JSON.stringify([1, 2, 3]));
    expect(await raw.next('Error')).toMatchObject({ code: 'MENSAGEM_INVALIDA' });
    raw.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await raw.next('Error')).toMatchObject({ code: 'MENSAGEM_INVALIDA' });
    raw.ws.send(JSON.stringify({ type: 'TryLogin', clientId: raw.clientId, extra: 'x'.repeat(2000) }));
    expect(await raw.next('Error')).toMatchObject({ code: 'MENSAGEM_INVALIDA' });
    raw.send('UpdateActivity');
    expect(await raw.next('Error')).toMatchObject({ code: 'FORA_DA_FILA', message: 'Você não está na fila. Entre na fila novamente.' });
    raw.tryLogin();
    expect((await raw.any()).type).toBe('ProceedToLogin');
    raw.ws.send(JSON.stringify({ type: 'TryLogin', clientId: 'outro-cliente-123' }));
    expect(await raw.next('Error')).toMatchObject({ code: 'CLIENTE_DIFERENTE' });
    // A flood is cut down to the budget, with one notice a second.
    for (let i = 0; i < 60; i++) raw.send('UpdateActivity');
    expect(await raw.next('Error')).toMatchObject({ code: 'MUITAS_MENSAGENS' });
    expect(raw.all('Error').filter((m) => m.code === 'MUITAS_MENSAGENS')).toHaveLength(1);
    // The socket still works, and so does everybody else.
    await new Promise((r) => setTimeout(r, 1100));
    raw.send('GetActiveUsers');
    expect(await raw.next('ReceiveActiveUsers')).toMatchObject({ ativos: 1 });
    const other = track(await join(wsUrl));
    expect(other.first).toEqual({ type: 'ReceiveQueuePosition', posicao: 1, quantidade: 1 });
  });

  it('survives broken sockets: invalid frames, oversized frames and abrupt disconnects', async () => {
    const { port } = t.app.server.address() as net.AddressInfo;
    // A handshake followed by bytes that are no WebSocket frame (the ws parser errors).
    await new Promise<void>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.write(`GET /api/fila/ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`);
        setTimeout(() => s.write(Buffer.from([0xff, 0xff, 0xff, 0xff, 0x00, 0x01])), 50);
      });
      s.on('error', () => {});
      s.on('close', () => resolve());
      setTimeout(() => (s.destroy(), resolve()), 1000);
    });
    // Larger than the 16 KiB maxPayload: closed with 1009, not buffered.
    const big = await WaitingRoomClient.connect(wsUrl);
    const code = await new Promise<number>((resolve) => {
      big.ws.on('close', (c) => resolve(c));
      big.ws.send('x'.repeat(64 * 1024));
    });
    expect(code).toBe(1009);
    // Gone mid-conversation.
    const gone = await WaitingRoomClient.connect(wsUrl);
    gone.tryLogin();
    (gone.ws as unknown as { _socket: net.Socket })._socket.destroy();

    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const after = track(await join(wsUrl));
    expect(['ProceedToLogin', 'ReceiveQueuePosition']).toContain(after.first.type);
    // The abrupt client can come back to its place (kept until the idle time-out).
    track(await join(wsUrl, gone.clientId));
  });
});

describe('idle time-out (FILA_INATIVIDADE_MS=1500)', () => {
  let t: TestApp;
  let wsUrl: string;
  beforeAll(async () => ({ t, wsUrl } = await startApp({ FILA_CAPACIDADE: '1', FILA_INATIVIDADE_MS: '1500' })));
  afterAll(() => t.close());

  it('ends an idle admitted session with ProceedToLogout and admits the next; UpdateActivity renews', async () => {
    const a = track(await join(wsUrl));
    const b = track(await join(wsUrl));
    const c = track(await join(wsUrl));
    expect(a.first.type).toBe('ProceedToLogin');
    // b and c stay active while a says nothing.
    const beat = setInterval(() => {
      b.c.send('UpdateActivity');
      c.c.send('UpdateActivity');
    }, 400);
    try {
      expect(await a.c.next('ProceedToLogout', 4000)).toEqual({ type: 'ProceedToLogout', motivo: 'inatividade' });
      await b.c.next('ProceedToLogin', 2000);
      expect(await c.c.next('ReceiveQueuePosition', 2000, (m) => m.posicao === 1)).toMatchObject({ quantidade: 1 });
      // b keeps its admission for as long as it stays active.
      await new Promise((r) => setTimeout(r, 2500));
      expect(b.c.all('ProceedToLogout')).toEqual([]);
    } finally {
      clearInterval(beat);
    }
    a.c.send('UpdateActivity');
    expect(await a.c.next('Error')).toMatchObject({ code: 'FORA_DA_FILA' });
    // Gone idle, c's place ends too (a waiting session gets ProceedToLogout as well).
    expect(await c.c.next('ProceedToLogout', 4000)).toEqual({ type: 'ProceedToLogout', motivo: 'inatividade' });
  });
});

describe('positions are batched', () => {
  let t: TestApp;
  let wsUrl: string;
  beforeAll(async () => ({ t, wsUrl } = await startApp({ FILA_CAPACIDADE: '1' })));
  afterAll(() => t.close());

  it('sends a waiting client at most about one update per second, however fast the queue moves', async () => {
    const holder = track(await join(wsUrl));
    const waiting = [];
    for (let i = 0; i < 12; i++) waiting.push(track(await join(wsUrl)));
    const last = waiting[11]!.c;
    expect(waiting[11]!.first).toEqual({ type: 'ReceiveQueuePosition', posicao: 12, quantidade: 12 });
    await new Promise((r) => setTimeout(r, 1100));
    const before = last.all('ReceiveQueuePosition').length;
    // Ten places free within ~200 ms.
    holder.c.send('Logout');
    for (const w of waiting.slice(0, 9)) {
      await w.c.next('ProceedToLogin');
      w.c.send('Logout');
    }
    await last.next('ReceiveQueuePosition', 3000, (m) => m.posicao === 2);
    const updates = last.all('ReceiveQueuePosition').length - before;
    expect(updates).toBeLessThanOrEqual(3);
    expect(updates).toBeGreaterThanOrEqual(1);
  });
});

describe('waiting room turned off (FILA_ENABLED=false)', () => {
  let t: TestApp;
  let wsUrl: string;
  beforeAll(async () => ({ t, wsUrl } = await startApp({ FILA_ENABLED: 'false', FILA_CAPACIDADE: '1' })));
  afterAll(() => t.close());

  it('lets everybody proceed and log in without a ticket', async () => {
    const a = track(await join(wsUrl));
    const b = track(await join(wsUrl));
    expect(a.first.type).toBe('ProceedToLogin');
    expect(b.first.type).toBe('ProceedToLogin');
    const { email } = await createUser(t.prisma);
    expect(await login(t.app, email)).toBeTruthy();
  });
});
