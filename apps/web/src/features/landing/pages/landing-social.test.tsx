import { STORAGE } from '@legiao/contracts/storage-keys';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { browser, savePendingLogin } from '../../social/lib/oauth';

const CONFIG = {
  google: { clientId: 'cid', authUrl: 'https://accounts.google.com/o/oauth2/v2/auth' },
  facebook: { appId: '1913', authUrl: 'https://www.facebook.com/v19.0/dialog/oauth' },
};
const TOKEN = { token: { token: 'sessao-social', tipo: 'Bearer', expiraEm: '2030-01-01T00:00:00Z' } };

/** The API: social config, social login (recorded), logged user, FAQ. */
function api(socialLogin: (body: unknown) => Response = () => jsonResponse(TOKEN)) {
  const posted: unknown[] = [];
  const fetch = mockFetch((url, init) => {
    if (url === '/api/auth/social-config') return jsonResponse(CONFIG);
    if (url === '/api/auth/social-login') {
      const body = JSON.parse(String(init.body));
      posted.push(body);
      return socialLogin(body);
    }
    if (url === '/api/usuario/logged') return jsonResponse(makeUser({ social: true, cpf: null, celular: null }));
    return jsonResponse([]);
  });
  return { posted, fetch };
}

afterEach(() => sessionStorage.clear());

describe('social login on the landing page', () => {
  it('the Google and Facebook buttons start the provider flow with a state kept in this tab', async () => {
    api();
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const ui = userEvent.setup();
    renderApp('/');
    await ui.click(await screen.findByRole('button', { name: 'Entrar com Google' }, { timeout: 15_000 }));
    const url = new URL(assign.mock.calls[0]![0]);
    expect(url.hostname).toBe('accounts.google.com');
    const pending = JSON.parse(sessionStorage.getItem('legiao.socialLogin')!);
    expect(pending).toMatchObject({ provider: 'google', state: url.searchParams.get('state') });

    await ui.click(screen.getByRole('button', { name: 'Entrar com Facebook' }));
    expect(new URL(assign.mock.calls[1]![0]).hostname).toBe('www.facebook.com');
  });

  it('hides the buttons when no provider is configured', async () => {
    mockFetch((url) => (url === '/api/auth/social-config' ? jsonResponse({ google: null, facebook: null }) : jsonResponse([])));
    renderApp('/');
    await screen.findByRole('heading', { name: /Faça parte da/ }, { timeout: 15_000 });
    await waitFor(() => expect(screen.queryByText('ou entre com')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Entrar com Google' })).toBeNull();
  });

  it('finishes the login from the fragment: posts the token, stores the session, goes to /novo-registro', async () => {
    localStorage.setItem(STORAGE.hashIndicacao, 'ref-9');
    savePendingLogin({ state: 'st-ok', provider: 'google' });
    const { posted } = api();
    const { router } = renderApp('/#access_token=ya29.token-do-google&token_type=Bearer&state=st-ok');
    expect(await screen.findByRole('heading', { name: 'Complete seu cadastro' }, { timeout: 15_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/novo-registro');
    expect(posted).toEqual([{ provider: 'google', token: 'ya29.token-do-google', hashIndicacao: 'ref-9' }]);
    expect(localStorage.getItem(STORAGE.token)).toBe('sessao-social');
  });

  it('ignores a token whose state this tab did not start, and stays silently on a refused login', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    savePendingLogin({ state: 'meu', provider: 'facebook' });
    const { posted } = api();
    const first = renderApp('/#access_token=de-outro&state=outro');
    await screen.findByRole('heading', { name: /Faça parte da/ });
    expect(posted).toEqual([]);
    expect(first.router.state.location.hash).toBe('');
    first.unmount();

    savePendingLogin({ state: 'st', provider: 'facebook' });
    const refused = api(() => jsonResponse({ errors: [{ message: 'Não foi possível confirmar seu login social. Tente novamente.', code: 'SOCIAL_TOKEN_INVALIDO' }] }, 401));
    const { router } = renderApp('/#access_token=forjado&state=st');
    await waitFor(() => expect(refused.posted).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Entrando...')).toBeNull());
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(localStorage.getItem(STORAGE.token)).toBeNull();
  });

  it('goes to the waiting room (/login) when the room is on and there was no admission', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    savePendingLogin({ state: 'st', provider: 'google' });
    api(() => jsonResponse({ errors: [{ message: 'A sala de espera está ativa.', code: 'FILA_SEM_TICKET' }] }, 403));
    const { router } = renderApp('/#access_token=tok&state=st');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
