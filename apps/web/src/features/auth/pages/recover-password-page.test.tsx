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
});
