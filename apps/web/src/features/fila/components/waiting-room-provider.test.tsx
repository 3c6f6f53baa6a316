import { STORAGE } from '@legiao/contracts/storage-keys';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeWebSocket } from '../../../test/fake-websocket';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { WAITING_ROOM_CLIENT_ID_KEY } from '../lib/client-id';

function loggedIn() {
  localStorage.setItem(STORAGE.token, 'tok');
  localStorage.setItem(STORAGE.user, '{}');
  localStorage.setItem(STORAGE.allDataUser, '{}');
  localStorage.setItem(STORAGE.indicacao, '{}');
}

async function memberPage() {
  // The member and the logout answer; every other call of the home fails, as an unreachable section would.
  mockFetch((url) => {
    if (url === '/api/auth/logout') return new Response(null, { status: 204 });
    if (url.startsWith('/api/usuario/logged')) return jsonResponse(makeUser({ nome: 'Davi Reis' }));
    return jsonResponse({ errors: [{ message: 'Indisponível no teste.' }] }, 503);
  });
  const view = renderApp('/home');
  await screen.findByRole('heading', { name: 'Olá, Davi!' });
  await waitFor(() => expect(FakeWebSocket.sentTypes()).toContain('TryLogin'));
  return view;
}

function expectSessionCleared() {
  for (const key of [STORAGE.token, STORAGE.user, STORAGE.allDataUser, STORAGE.indicacao]) expect(localStorage.getItem(key)).toBeNull();
}

describe('FilaProvider (the waiting room on the member pages)', () => {
  beforeEach(loggedIn);

  it('ProceedToLogout clears the session and goes to /', async () => {
    const { router } = await memberPage();
    act(() => FakeWebSocket.last.receive({ type: 'ProceedToLogout', motivo: 'inatividade' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expectSessionCleared();
  });

  it('FORA_DA_FILA while logged in logs out', async () => {
    const { router } = await memberPage();
    act(() => FakeWebSocket.last.receive({ type: 'Error', code: 'FORA_DA_FILA', message: 'Você não está na fila.', requestType: 'UpdateActivity' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expectSessionCleared();
  });

  it('Sair sends Logout and keeps the clientId', async () => {
    const ui = userEvent.setup();
    const { router } = await memberPage();
    const clientId = localStorage.getItem(WAITING_ROOM_CLIENT_ID_KEY);
    expect(clientId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    await ui.click(screen.getByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(FakeWebSocket.sentTypes()).toContain('Logout');
    expect(FakeWebSocket.last.sent.find((m) => m.type === 'Logout')?.clientId).toBe(clientId);
    expectSessionCleared();
    expect(localStorage.getItem(WAITING_ROOM_CLIENT_ID_KEY)).toBe(clientId);
  });
});
