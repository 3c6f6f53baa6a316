import { MSG } from '@legiao/contracts/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';

describe('RecuperarSenhaPage', () => {
  it('goes to /login when q and h are both missing', async () => {
    const { router } = renderApp('/recuperar-senha');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('posts code, hash and the confirmed password, then shows the success page', async () => {
    const fetch = mockFetch(() => jsonResponse({ message: 'ok' }));
    const ui = userEvent.setup();
    renderApp('/recuperar-senha?q=codigo&h=hash');
    await ui.type(await screen.findByLabelText('Senha'), 'Trocada1!');
    await ui.type(screen.getByLabelText('Confirme sua senha'), 'Trocada1!');
    await ui.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByRole('heading', { name: 'Senha atualizada com sucesso!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/auth/recuperar-senha-confirmacao');
    expect(JSON.parse(String(init.body))).toEqual({
      code: 'codigo',
      hash: 'hash',
      senha: 'Trocada1!',
      confirmacaoSenha: 'Trocada1!',
    });
  });

  it('says a password over 72 bytes is too long and keeps Salvar nova senha disabled', async () => {
    const fetch = mockFetch(() => jsonResponse({ message: 'ok' }));
    const ui = userEvent.setup();
    renderApp('/recuperar-senha?q=codigo&h=hash');
    const long = `S@1ab${'ç'.repeat(36)}`; // 41 characters, 77 bytes
    await ui.type(await screen.findByLabelText('Senha'), long);
    await ui.type(screen.getByLabelText('Confirme sua senha'), long);
    expect(screen.getByText(MSG.senhaLonga)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Salvar nova senha' }) as HTMLButtonElement).disabled).toBe(true);
    // Back under the limit, the message goes.
    await ui.clear(screen.getByLabelText('Senha'));
    await ui.type(screen.getByLabelText('Senha'), 'Trocada1!');
    expect(screen.queryByText(MSG.senhaLonga)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
