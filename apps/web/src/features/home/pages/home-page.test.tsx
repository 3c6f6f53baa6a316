import { STORAGE } from '@legiao/contracts/storage-keys';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const menu = () => screen.getByRole('navigation', { name: 'Menu principal' });

describe('HomePage', () => {
  beforeEach(() => localStorage.setItem(STORAGE.token, 'tok'));

  it('greets by first name; members see the store link and no Friends & family', async () => {
    mockFetch(() => jsonResponse(makeUser({ nome: 'Diego Alves' })));
    renderApp('/home');
    expect(await screen.findByRole('heading', { name: 'Olá, Diego!' })).toBeTruthy();
    await waitFor(() => expect(menu().textContent).toContain('Loja oficial'));
    for (const name of ['Minha coleção', 'Indique e ganhe', 'Extrato', 'Meu perfil']) {
      expect(screen.getByRole('link', { name })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'Meu perfil' }).getAttribute('href')).toBe('/editar-perfil');
    expect(screen.queryByRole('link', { name: 'Friends & family' })).toBeNull();
  });

  it('staff see Friends & family and no store link', async () => {
    mockFetch(() => jsonResponse(makeUser({ colaborador: true })));
    renderApp('/home');
    expect(await screen.findByRole('link', { name: 'Friends & family' })).toBeTruthy();
    expect(menu().textContent).not.toContain('Loja oficial');
  });

  it('Sair revokes the token on the server, clears storage and goes to /', async () => {
    const fetch = mockFetch((url) => (url === '/api/auth/logout' ? new Response(null, { status: 204 }) : jsonResponse(makeUser())));
    const ui = userEvent.setup();
    const { router } = renderApp('/home');
    await screen.findByRole('heading', { name: /^Olá/ });
    await ui.click(screen.getByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const logout = fetch.mock.calls.find(([url]) => url === '/api/auth/logout')!;
    expect(logout[1].method).toBe('POST');
    expect((logout[1].headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(localStorage.getItem(STORAGE.token)).toBeNull();
    expect(localStorage.getItem(STORAGE.allDataUser)).toBeNull();
  });

  it('logs out and goes to / when the logged user cannot be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch((url) => (url === '/api/auth/logout' ? new Response(null, { status: 204 }) : jsonResponse({}, 500)));
    const { router } = renderApp('/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 8000 });
    expect(localStorage.getItem(STORAGE.token)).toBeNull();
  });
});
