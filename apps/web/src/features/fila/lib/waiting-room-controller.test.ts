import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { FakeWebSocket, installFakeWebSocket } from '../../../test/fake-websocket';
import { WaitingRoomController, type GateState, type Reason } from './waiting-room-controller';

const CLIENT = 'cliente-teste-0001';
let controller: WaitingRoomController;
let loggedIn: boolean;
let ended: Mock<(reason: Reason) => void>;

function start(opts: { loggedIn?: boolean } = {}) {
  loggedIn = opts.loggedIn ?? false;
  ended = vi.fn<(reason: Reason) => void>();
  controller = new WaitingRoomController({
    url: 'ws://portal.test/api/fila/ws',
    clientId: CLIENT,
    isLoggedIn: () => loggedIn,
    onSessionEnded: ended,
    random: () => 0.5, // jitter at its middle: the nominal schedule
  });
  return controller;
}

const sockets = () => FakeWebSocket.instances;
const socket = () => FakeWebSocket.last;
const types = (s = socket()) => s.sent.map((m) => m.type);
const state = (): GateState => controller.gateState;

/** Advances the clock until a new socket is made; returns how long that took. */
function timeToNextSocket(limitMs = 60_000): number {
  const before = sockets().length;
  for (let ms = 0; ms <= limitMs; ms += 50) {
    if (sockets().length > before) return ms;
    vi.advanceTimersByTime(50);
  }
  throw new Error('nenhum novo socket');
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-22T12:00:00.000Z') });
  installFakeWebSocket({ autoOpen: false, answer: null });
});

afterEach(() => controller?.dispose());

describe('FilaController on the login page', () => {
  it('joins with TryLogin, shows the position, renews every 30 s and shows the form on ProceedToLogin', () => {
    start().openGate();
    expect(socket().url).toBe('ws://portal.test/api/fila/ws');
    expect(state()).toEqual({ phase: 'conectando' });

    socket().open();
    expect(socket().sent).toEqual([{ type: 'TryLogin', clientId: CLIENT }]);

    socket().receive({ type: 'ReceiveQueuePosition', posicao: 3, quantidade: 120 });
    expect(state()).toMatchObject({ phase: 'aguardando', posicao: 3, quantidade: 120, reconectando: false });

    vi.advanceTimersByTime(29_999);
    expect(types()).toEqual(['TryLogin']);
    vi.advanceTimersByTime(1);
    expect(types()).toEqual(['TryLogin', 'UpdateActivity']);
    vi.advanceTimersByTime(30_000);
    expect(types()).toEqual(['TryLogin', 'UpdateActivity', 'UpdateActivity']);

    socket().receive({ type: 'ProceedToLogin', ticket: 'tkt-1', expiraEm: '2026-11-22T12:06:00.000Z' });
    expect(state()).toEqual({ phase: 'formulario', ticket: 'tkt-1', expiraEm: '2026-11-22T12:06:00.000Z' });
    // Admitted: no more timed renewals, only on activity.
    vi.advanceTimersByTime(60_000);
    expect(types()).toEqual(['TryLogin', 'UpdateActivity', 'UpdateActivity']);
    controller.activity();
    expect(types()).toEqual(['TryLogin', 'UpdateActivity', 'UpdateActivity', 'UpdateActivity']);
  });

  it('reconnects with backoff 0.5, 1, 2, 4, 8, 15, 15 s and sends TryLogin again', () => {
    start().openGate();
    socket().open();
    socket().receive({ type: 'ReceiveQueuePosition', posicao: 7, quantidade: 9 });

    socket().fail(); // lost
    expect(state()).toMatchObject({ phase: 'aguardando', posicao: 7, reconectando: true });
    const waits: number[] = [timeToNextSocket()];
    for (let i = 0; i < 6; i++) {
      socket().fail(); // refused
      waits.push(timeToNextSocket());
    }
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000, 15000, 15000]);
    expect(sockets()).toHaveLength(8);

    socket().open();
    expect(types()).toEqual(['TryLogin']);
    socket().receive({ type: 'ReceiveQueuePosition', posicao: 5, quantidade: 9 });
    expect(state()).toMatchObject({ phase: 'aguardando', posicao: 5, reconectando: false });

    // Back to 0.5 s after a socket that had opened.
    socket().fail();
    expect(timeToNextSocket()).toBe(500);
  });

  it('shows the form without a ticket when the hub cannot be reached, and goes back to the queue on rejoin', () => {
    start().openGate();
    socket().fail();
    expect(state().phase).toBe('conectando');
    expect(timeToNextSocket()).toBe(1000);
    socket().fail();
    expect(state().phase).toBe('conectando');
    expect(timeToNextSocket()).toBe(2000);
    socket().fail();
    expect(state()).toEqual({ phase: 'formulario', ticket: null, expiraEm: null });

    // The hub comes back later: a position is kept aside, the form stays.
    timeToNextSocket();
    socket().open();
    expect(types()).toEqual(['TryLogin']);
    socket().receive({ type: 'ReceiveQueuePosition', posicao: 2, quantidade: 4 });
    expect(state().phase).toBe('formulario');

    // Login answered 403 FILA_SEM_TICKET: back to the waiting room, asking again.
    controller.rejoin();
    expect(state()).toMatchObject({ phase: 'aguardando', posicao: 2, quantidade: 4 });
    expect(types()).toEqual(['TryLogin', 'TryLogin']);
    socket().receive({ type: 'ProceedToLogin', ticket: 'tkt-2', expiraEm: '2026-11-22T12:10:00.000Z' });
    expect(state()).toMatchObject({ phase: 'formulario', ticket: 'tkt-2' });
  });

  it('answers FORA_DA_FILA with TryLogin', () => {
    start().openGate();
    socket().open();
    socket().receive({ type: 'ReceiveQueuePosition', posicao: 1, quantidade: 1 });
    socket().receive({ type: 'Error', code: 'FORA_DA_FILA', message: 'Você não está na fila.', requestType: 'UpdateActivity' });
    expect(types()).toEqual(['TryLogin', 'TryLogin']);
    expect(ended).not.toHaveBeenCalled();
  });

  it('ignores malformed server messages', () => {
    start().openGate();
    socket().open();
    socket().receive({ type: 'ReceiveQueuePosition', posicao: 4, quantidade: 10 });
    const before = state();
    for (const bad of ['não é json', '{"type":"ReceiveQueuePosition","posicao":0,"quantidade":1}', '{"type":"ProceedToLogin"}', '{"type":"Desconhecido"}', 'null', '[1,2]']) {
      socket().receive(bad);
    }
    expect(state()).toBe(before);
    socket().receive({ type: 'ReceiveQueuePosition', posicao: 3, quantidade: 10 });
    expect(state()).toMatchObject({ posicao: 3 });
  });

  it('asks for a fresh ticket shortly before the current one expires', () => {
    start().openGate();
    socket().open();
    socket().receive({ type: 'ProceedToLogin', ticket: 'tkt-1', expiraEm: '2026-11-22T12:05:00.000Z' });
    vi.advanceTimersByTime(289_999);
    expect(types()).toEqual(['TryLogin']);
    vi.advanceTimersByTime(1);
    expect(types()).toEqual(['TryLogin', 'TryLogin']);
    expect(state().phase).toBe('formulario');
  });

  it('ProceedToLogout on the login page ends the session (clear and go to /)', () => {
    start().openGate();
    socket().open();
    socket().receive({ type: 'ProceedToLogout', motivo: 'inatividade' });
    expect(ended).toHaveBeenCalledWith('inatividade');
  });

  it('closes the socket a little after the login page goes away when nobody logged in', () => {
    const close = start().openGate();
    socket().open();
    close();
    vi.advanceTimersByTime(1_999);
    expect(socket().readyState).toBe(FakeWebSocket.OPEN);
    vi.advanceTimersByTime(1);
    expect(socket().readyState).toBe(FakeWebSocket.CLOSED);
  });
});

describe('FilaController for a logged-in member', () => {
  it('keeps the socket across the move from the login page to the portal', () => {
    const close = start().openGate();
    socket().open();
    socket().receive({ type: 'ProceedToLogin', ticket: 'tkt-1', expiraEm: '2026-11-22T12:05:00.000Z' });
    loggedIn = true;
    close();
    vi.advanceTimersByTime(5_000);
    expect(sockets()).toHaveLength(1);
    expect(socket().readyState).toBe(FakeWebSocket.OPEN);
  });

  it('connects on start, sends TryLogin, and renews on activity at most every 30 s', () => {
    start({ loggedIn: true }).sync();
    socket().open();
    expect(types()).toEqual(['TryLogin']);
    socket().receive({ type: 'ProceedToLogin', ticket: 'tkt', expiraEm: '2026-11-22T12:05:00.000Z' });

    vi.advanceTimersByTime(10_000);
    controller.activity();
    expect(types()).toEqual(['TryLogin']);
    vi.advanceTimersByTime(20_000);
    controller.activity();
    controller.activity();
    expect(types()).toEqual(['TryLogin', 'UpdateActivity']);
    vi.advanceTimersByTime(120_000);
    expect(types()).toEqual(['TryLogin', 'UpdateActivity']); // no timed renewals once logged in
    expect(ended).not.toHaveBeenCalled();
  });

  it('ends the session on ProceedToLogout, on FORA_DA_FILA and when its place is gone', () => {
    start({ loggedIn: true }).sync();
    socket().open();
    socket().receive({ type: 'ProceedToLogout', motivo: 'saida' });
    expect(ended).toHaveBeenLastCalledWith('saida');
    socket().receive({ type: 'Error', code: 'FORA_DA_FILA', message: 'x', requestType: 'UpdateActivity' });
    expect(ended).toHaveBeenCalledTimes(2);
    socket().receive({ type: 'ReceiveQueuePosition', posicao: 40, quantidade: 40 });
    expect(ended).toHaveBeenCalledTimes(3);

    loggedIn = false;
    socket().receive({ type: 'ProceedToLogout', motivo: 'saida' });
    expect(ended).toHaveBeenCalledTimes(3); // nobody to log out, not on the login page
  });

  it('sends Logout on Sair, reconnecting for it if needed, then closes', () => {
    start({ loggedIn: true }).sync();
    socket().fail();
    controller.logout();
    loggedIn = false; // logout.ts clears the session right after
    expect(sockets()).toHaveLength(2);
    socket().open();
    expect(types()).toEqual(['Logout']);
    vi.advanceTimersByTime(0);
    expect(socket().readyState).toBe(FakeWebSocket.CLOSED);
    vi.advanceTimersByTime(60_000);
    expect(sockets()).toHaveLength(2);
  });

  it('does not connect for a visitor who is neither logged in nor on the login page', () => {
    start().sync();
    controller.activity();
    vi.advanceTimersByTime(60_000);
    expect(sockets()).toHaveLength(0);
  });
});
