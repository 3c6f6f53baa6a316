import { STORAGE } from '@legiao/contracts/storage-keys';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEST_TICKET } from '../../../test/fake-websocket';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';

const user = { id: '1', nome: 'Bruno Lima', email: 'bruno@example.com', social: false, colaborador: false };

describe('LoginPage', () => {
  it('logs in, stores the token and the user, and goes to /home', async () => {
    const fetch = mockFetch((url, init) => {
      if (url === '/api/auth/login') {
        // The waiting room let this browser in at once (test/setup.ts): its ticket goes along.
        expect(JSON.parse(String(init.body))).toEqual({ email: 'bruno@example.com', senha: 'Segredo1!', ticket: TEST_TICKET });
        return jsonResponse({ token: { token: 'tok-9', tipo: 'Bearer', expiraEm: '2030-01-01T00:00:00Z' } });
      }
      if (url === '/api/usuario/logged') return jsonResponse(user);
      return jsonResponse({ errors: [{ message: 'inesperado' }] }, 500);
    });
    const ui = userEvent.setup();
    const { router } = renderApp('/login');

    await ui.type(await screen.findByLabelText('E-mail'), 'Bruno@Example.com');
    await ui.type(screen.getByLabelText('Senha'), 'Segredo1!');
    await ui.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByRole('heading', { name: 'Olá, Bruno!' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
    expect(localStorage.getItem(STORAGE.token)).toBe('tok-9');
    expect(JSON.parse(localStorage.getItem(STORAGE.allDataUser)!)).toMatchObject({ nome: 'Bruno Lima' });
    expect(JSON.parse(localStorage.getItem(STORAGE.user)!)).toMatchObject({ nome: 'Bruno Lima' });
    const logged = fetch.mock.calls.find(([url]) => url === '/api/usuario/logged')!;
    expect((logged[1].headers as Record<string, string>).Authorization).toBe('Bearer tok-9');
  });

  it('shows the first error message and stays on /login', async () => {
    mockFetch(() => jsonResponse({ errors: [{ message: 'E-mail ou senha inválidos.' }] }, 401));
    const ui = userEvent.setup();
    const { router } = renderApp('/login');

    await ui.type(await screen.findByLabelText('E-mail'), 'x@y.com');
    await ui.type(screen.getByLabelText('Senha'), 'errada');
    await ui.click(screen.getByRole('button', { name: 'Entrar' }));

    expect((await screen.findByRole('alert')).textContent).toContain('E-mail ou senha inválidos.');
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(STORAGE.token)).toBeNull();
  });

  it('prefills the base64 e-mail of ?e= and focuses the password', async () => {
    renderApp(`/login?e=${btoa('maria@example.com')}&beneficio=42`);
    const email = (await screen.findByLabelText('E-mail')) as HTMLInputElement;
    expect(email.value).toBe('maria@example.com');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Senha')));
    expect(localStorage.getItem(STORAGE.beneficioChatbot)).toBe('42');
  });

  it('links to password recovery and sign-up', async () => {
    renderApp('/login');
    expect((await screen.findByRole('link', { name: 'Esqueci a senha' })).getAttribute('href')).toBe('/esqueceu-a-senha');
    expect(screen.getByRole('link', { name: 'Cadastre-se já' }).getAttribute('href')).toBe('/cadastro');
  });
});
