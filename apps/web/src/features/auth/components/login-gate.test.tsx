import { STORAGE } from '@legiao/contracts/storage-keys';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FakeWebSocket, installFakeWebSocket } from '../../../test/fake-websocket';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { WAITING_ROOM_CLIENT_ID_KEY } from '../../fila/lib/client-id';

const tokenResponse = { token: { token: 'tok-fila', tipo: 'Bearer', expiraEm: '2030-01-01T00:00:00Z' } };
const inFiveMinutes = () => new Date(Date.now() + 300_000).toISOString();

/** The hub socket the page opened, once it has sent TryLogin. */
async function joined(): Promise<FakeWebSocket> {
  await waitFor(() => expect(FakeWebSocket.instances.at(-1)?.sent.some((m) => m.type === 'TryLogin')).toBe(true));
  return FakeWebSocket.last;
}

const tryLogins = () => FakeWebSocket.sentTypes().filter((t) => t === 'TryLogin').length;

describe('LoginGate (the waiting room in front of the login form)', () => {
  it('shows "X de Y" while waiting, then the form on ProceedToLogin; the login carries the ticket', async () => {
    installFakeWebSocket({ answer: null });
    const fetch = mockFetch((url) => {
      if (url === '/api/auth/login') return jsonResponse(tokenResponse);
      if (url === '/api/usuario/logged') return jsonResponse(makeUser({ nome: 'Rita Souza' }));
      return jsonResponse({ errors: [{ message: 'inesperado' }] }, 500);
    });
    const ui = userEvent.setup();
    const { router } = renderApp('/login');

    const socket = await joined();
    expect(socket.url).toBe(`ws://${window.location.host}/api/fila/ws`);
    const clientId = socket.sent[0]!.clientId;
    expect(localStorage.getItem(WAITING_ROOM_CLIENT_ID_KEY)).toBe(clientId);

    act(() => socket.receive({ type: 'ReceiveQueuePosition', posicao: 3, quantidade: 120 }));
    expect(await screen.findByRole('heading', { name: 'Você está na fila' })).toBeTruthy();
    const status = screen.getByText('3 de 120').closest('[role="status"]')!;
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('Sua posição: 3 de 120');
    // Nothing measured yet: the rough pace (5 s a place).
    expect(screen.getByText(/Tempo estimado:/).textContent).toBe('Tempo estimado: menos de 1 min');
    expect(screen.getByText(/Mantenha esta página aberta/)).toBeTruthy();
    expect(screen.queryByLabelText('E-mail')).toBeNull();

    act(() => socket.receive({ type: 'ReceiveQueuePosition', posicao: 1, quantidade: 118 }));
    expect(await screen.findByText('1 de 118')).toBeTruthy();

    act(() => socket.receive({ type: 'ProceedToLogin', ticket: 'tkt-da-fila', expiraEm: inFiveMinutes() }));
    await ui.type(await screen.findByLabelText('E-mail'), 'rita@example.com');
    expect(screen.queryByRole('heading', { name: 'Você está na fila' })).toBeNull();
    await ui.type(screen.getByLabelText('Senha'), 'Segredo1!');
    await ui.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByRole('heading', { name: 'Olá, Rita!' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
    const login = fetch.mock.calls.find(([url]) => url === '/api/auth/login')!;
    expect(JSON.parse(String(login[1].body))).toEqual({ email: 'rita@example.com', senha: 'Segredo1!', ticket: 'tkt-da-fila' });
    // The same socket stays open for the member's pages.
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(socket.readyState).toBe(FakeWebSocket.OPEN);
  });

  it('shows the form with no flash of the waiting room when there is room', async () => {
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      if (document.body.textContent?.includes('Você está na fila')) seen.push('fila');
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    renderApp('/login');
    expect(await screen.findByLabelText('E-mail')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 400));
    observer.disconnect();
    expect(seen).toEqual([]);
  });

  it('shows the waiting room (without a position) when the first answer takes over 300 ms', async () => {
    installFakeWebSocket({ answer: null });
    renderApp('/login');
    await joined();
    expect(await screen.findByRole('heading', { name: 'Você está na fila' })).toBeTruthy();
    expect(screen.getByText('Entrando na fila...')).toBeTruthy();
  });

  it('a 403 FILA_TICKET_INVALIDO shows its message and goes back to the queue with TryLogin', async () => {
    installFakeWebSocket({ answer: null });
    mockFetch(() => jsonResponse({ errors: [{ message: 'Sua vez na fila expirou ou não é válida. Entre na fila novamente.', code: 'FILA_TICKET_INVALIDO' }] }, 403));
    const ui = userEvent.setup();
    renderApp('/login');
    const socket = await joined();
    act(() => socket.receive({ type: 'ProceedToLogin', ticket: 'velho', expiraEm: inFiveMinutes() }));

    await ui.type(await screen.findByLabelText('E-mail'), 'x@y.com');
    await ui.type(screen.getByLabelText('Senha'), 'Segredo1!');
    await ui.click(screen.getByRole('button', { name: 'Entrar' }));

    expect((await screen.findByRole('alert')).textContent).toContain('Sua vez na fila expirou');
    await waitFor(() => expect(tryLogins()).toBe(2));
    expect(screen.queryByLabelText('E-mail')).toBeNull();
    act(() => socket.receive({ type: 'ReceiveQueuePosition', posicao: 2, quantidade: 5 }));
    expect(await screen.findByText('2 de 5')).toBeTruthy();
  });

  it('on the login page, FORA_DA_FILA sends TryLogin again', async () => {
    installFakeWebSocket({ answer: null });
    renderApp('/login');
    const socket = await joined();
    act(() => socket.receive({ type: 'ReceiveQueuePosition', posicao: 4, quantidade: 4 }));
    act(() => socket.receive({ type: 'Error', code: 'FORA_DA_FILA', message: 'Você não está na fila.', requestType: 'UpdateActivity' }));
    await waitFor(() => expect(tryLogins()).toBe(2));
    expect(await screen.findByText('4 de 4')).toBeTruthy();
  });

  it('ignores a malformed message and keeps showing the position', async () => {
    installFakeWebSocket({ answer: null });
    renderApp('/login');
    const socket = await joined();
    act(() => socket.receive({ type: 'ReceiveQueuePosition', posicao: 6, quantidade: 9 }));
    expect(await screen.findByText('6 de 9')).toBeTruthy();
    act(() => socket.receive('{"type":"ReceiveQueuePosition","posicao":"um","quantidade":9}'));
    act(() => socket.receive('{não é json'));
    act(() => socket.receive('{"type":"ProceedToLogin","ticket":42}'));
    expect(screen.getByText('6 de 9')).toBeTruthy();
    expect(screen.queryByLabelText('E-mail')).toBeNull();
  });

  it('shows the form anyway when the hub cannot be reached', async () => {
    installFakeWebSocket({ autoOpen: false, answer: null });
    renderApp('/login');
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    act(() => FakeWebSocket.last.fail());
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2), { timeout: 3000 });
    act(() => FakeWebSocket.last.fail());
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(3), { timeout: 4000 });
    act(() => FakeWebSocket.last.fail());
    expect(await screen.findByLabelText('E-mail')).toBeTruthy();
  });

  it('with hash and code, logs in automatically after admission with the ticket; on failure goes to /login', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetch = mockFetch((url) => (url === '/api/auth/loginbywill' ? jsonResponse({ errors: [{ message: 'Rota não encontrada.' }] }, 404) : jsonResponse({}, 500)));
    const { router } = renderApp(`/login?hash=abc123&code=${btoa('11987654321')}&beneficio=7`);

    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/login');
    const call = fetch.mock.calls.find(([url]) => url === '/api/auth/loginbywill')!;
    expect(JSON.parse(String(call[1].body))).toEqual({ celular: '11987654321', hash: 'abc123', ticket: 'ticket-de-teste' });
    expect(await screen.findByLabelText('E-mail')).toBeTruthy();
    expect(localStorage.getItem(STORAGE.beneficioChatbot)).toBe('7');
    expect(localStorage.getItem(STORAGE.token)).toBeNull();
    expect(warn).toHaveBeenCalledWith('Login automático falhou.', expect.anything());
  });

  it('with hash and code, a working automatic login goes to /home', async () => {
    mockFetch((url) => {
      if (url === '/api/auth/loginbywill') return jsonResponse(tokenResponse);
      if (url === '/api/usuario/logged') return jsonResponse(makeUser({ nome: 'Ana Lima' }));
      return jsonResponse({}, 500);
    });
    const { router } = renderApp(`/login?hash=abc123&code=${btoa('11987654321')}`);
    expect(await screen.findByRole('heading', { name: 'Olá, Ana!' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
    expect(localStorage.getItem(STORAGE.token)).toBe('tok-fila');
  });
});
