import { STORAGE } from '@legiao/contracts/storage-keys';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

// "Não conseguimos entregar e-mails" (docs/decisions/0049-launch-alert-waves.md, "Bounces that arrive
// later"): shown while the logged user carries emailDevolvidoEm; "Meu e-mail está certo" clears it.

const BOUNCED = '2026-11-29T12:00:00.000Z';
const CONFIRM = '/api/usuario/email-devolvido/confirmar';

beforeEach(() => localStorage.setItem(STORAGE.token, 'tok'));
afterEach(() => vi.unstubAllGlobals());

describe('BouncedEmailNotice (Meu perfil)', () => {
  it('tells the member, links to the e-mail change, and goes away when they say the address is right', async () => {
    let bounced: string | null = BOUNCED;
    const fetch = mockFetch((url, init) => {
      if (url === '/api/usuario/logged') return jsonResponse(makeUser({ emailDevolvidoEm: bounced }));
      if (url === CONFIRM && init.method === 'POST') {
        bounced = null;
        return jsonResponse({ message: 'Pronto! Voltaremos a enviar e-mails para o seu endereço.' });
      }
      return jsonResponse({ errors: [{ message: `inesperado ${url}` }] }, 500);
    });
    const ui = userEvent.setup();
    renderApp('/editar-perfil');

    const notice = await screen.findByRole('status', { name: 'Seus e-mails não estão chegando' });
    expect(notice.textContent).toContain('Não conseguimos entregar e-mails em carla@example.com. Confira se o endereço está certo');
    expect(within(notice).getByRole('link', { name: 'Alterar meu e-mail' }).getAttribute('href')).toBe('/alterar-email');

    await ui.click(within(notice).getByRole('button', { name: 'Meu e-mail está certo' }));
    await waitFor(() => expect(screen.queryByTestId('aviso-email-devolvido')).toBeNull());
    expect(await screen.findByText('Pronto! Voltaremos a enviar e-mails para o seu endereço.')).toBeTruthy();
    const post = fetch.mock.calls.find(([url]) => url === CONFIRM)!;
    expect(post[1].method).toBe('POST');
    expect(post[1].body).toBeUndefined();
    // The stored copy (menus) no longer carries the mark either.
    await waitFor(() => expect(JSON.parse(localStorage.getItem(STORAGE.allDataUser)!).emailDevolvidoEm).toBeNull());
  });

  it('an error is shown in Portuguese and the notice stays, to try again', async () => {
    mockFetch((url) => {
      if (url === '/api/usuario/logged') return jsonResponse(makeUser({ emailDevolvidoEm: BOUNCED }));
      if (url === CONFIRM) return jsonResponse({ errors: [{ message: 'Algo deu errado na requisição' }] }, 500);
      return jsonResponse({ errors: [{ message: `inesperado ${url}` }] }, 500);
    });
    const ui = userEvent.setup();
    renderApp('/editar-perfil');
    const notice = await screen.findByTestId('aviso-email-devolvido');
    await ui.click(within(notice).getByRole('button', { name: 'Meu e-mail está certo' }));
    expect((await within(notice).findByRole('alert')).textContent).toBe('Algo deu errado na requisição');
    expect(within(notice).getByRole('button', { name: 'Meu e-mail está certo' })).toBeTruthy();
  });

  it('nothing while there is no bounce on record', async () => {
    mockFetch((url) => (url === '/api/usuario/logged' ? jsonResponse(makeUser()) : jsonResponse({ errors: [{ message: 'x' }] }, 500)));
    renderApp('/editar-perfil');
    expect(await screen.findByLabelText('Nome completo')).toBeTruthy();
    expect(screen.queryByTestId('aviso-email-devolvido')).toBeNull();
  });
});
