import { STORAGE } from '@legiao/contracts/storage-keys';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const menu = () => screen.getByRole('navigation', { name: 'Menu principal' });

/** The home's calls: the user, an empty list for every section, a closed survey phase. */
function homeApi(user: ReturnType<typeof makeUser>, extra: Record<string, () => Response> = {}) {
  return (url: string) => {
    const path = url.split('?')[0]!;
    if (extra[path]) return extra[path]();
    if (path === '/api/usuario/logged') return jsonResponse(user);
    if (path === '/api/auth/logout') return new Response(null, { status: 204 });
    if (path === '/api/satisfacao') return jsonResponse({ faseEncerrada: true });
    if (path === '/api/indicacao') return jsonResponse({ confirmados: 3, pendentes: 1, saldo: 3, confirmacoes: [], emailsConfirmados: [], emailsPendentes: [], valorIndicacao: 1 });
    return jsonResponse([]);
  };
}

describe('HomePage', () => {
  beforeEach(() => localStorage.setItem(STORAGE.token, 'tok'));

  it('greets by first name; members see the store link and no Friends & family', async () => {
    mockFetch(homeApi(makeUser({ nome: 'Diego Alves' })));
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
    mockFetch(homeApi(makeUser({ colaborador: true })));
    renderApp('/home');
    expect(await screen.findByRole('link', { name: 'Friends & family' })).toBeTruthy();
    expect(menu().textContent).not.toContain('Loja oficial');
  });

  it('Sair revokes the token on the server, clears storage and goes to /', async () => {
    const fetch = mockFetch(homeApi(makeUser()));
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

  it('members see balance and confirmed referrals; the survey button when the profile is complete and defined', async () => {
    mockFetch(homeApi(makeUser({ saldo: 7, perfilCompleto: true, perfilDefinido: true, hashPesquisaSatisfacao: 'hs1' })));
    renderApp('/home');
    expect(await screen.findByTestId('home-saldo')).toHaveProperty('textContent', '7 pontos');
    await waitFor(() => expect(screen.getByTestId('home-confirmados').textContent).toBe('3'));
    expect(screen.getByRole('link', { name: 'Responder pesquisa!' }).getAttribute('href')).toBe('/pesquisa-de-satisfacao?hash=hs1');
    expect(screen.queryByText('Comece sua coleção agora mesmo, com 15 off*')).toBeNull();
  });

  it('leads see the 15 off offer and no balance', async () => {
    mockFetch(homeApi(makeUser({ lead: true, perfilDefinido: false })));
    renderApp('/home');
    expect(await screen.findByText('Comece sua coleção agora mesmo, com 15 off*')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Resgatar' }).getAttribute('href')).toBe('/beneficios');
    expect(screen.queryByTestId('home-saldo')).toBeNull();
    expect(screen.getByRole('link', { name: 'Personalizar o portal' }).getAttribute('href')).toBe('/personalizar-portal');
  });

  it('staff see neither the offer nor the balance, and no referral call is made', async () => {
    const fetch = mockFetch(homeApi(makeUser({ colaborador: true })));
    renderApp('/home');
    await screen.findByRole('heading', { name: /^Olá/ });
    expect(screen.queryByTestId('home-saldo')).toBeNull();
    expect(screen.queryByText('Comece sua coleção agora mesmo, com 15 off*')).toBeNull();
    expect(fetch.mock.calls.some(([url]) => url.startsWith('/api/indicacao'))).toBe(false);
  });

  it('invites to the survey unless its phase ended, and remembers a dismissal for the tab', async () => {
    mockFetch(homeApi(makeUser({ hashPesquisaSatisfacao: 'hs2' }), { '/api/satisfacao': () => jsonResponse({ faseEncerrada: false }) }));
    const ui = userEvent.setup();
    const { unmount } = renderApp('/home');
    const invitation = await screen.findByRole('dialog', { name: 'Sua opinião vale muito!' });
    expect(invitation.querySelector('a')?.getAttribute('href')).toBe('/pesquisa-de-satisfacao?hash=hs2');
    await ui.click(screen.getByRole('button', { name: 'Fechar convite da pesquisa' }));
    expect(screen.queryByRole('dialog', { name: 'Sua opinião vale muito!' })).toBeNull();
    unmount();
    renderApp('/home');
    await screen.findByRole('heading', { name: /^Olá/ });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog', { name: 'Sua opinião vale muito!' })).toBeNull();
  });
});
