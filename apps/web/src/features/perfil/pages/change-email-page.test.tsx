import { STORAGE } from '@legiao/contracts/storage-keys';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

describe('AlterarEmailPage', () => {
  beforeEach(() => localStorage.setItem(STORAGE.token, 'tok'));

  it('POSTs the new address and says a confirmation link is on its way', async () => {
    const posts: unknown[] = [];
    mockFetch((url, init) => {
      if (url === '/api/usuario/alterar-email') {
        posts.push(JSON.parse(String(init.body)));
        return jsonResponse({ message: 'ok', email: 'novo@example.com' });
      }
      return jsonResponse(makeUser());
    });
    const ui = userEvent.setup();
    renderApp('/alterar-email');
    await ui.type(await screen.findByLabelText('Novo e-mail', {}, { timeout: 15_000 }), 'Novo@Example.com');
    await ui.click(screen.getByRole('button', { name: 'ATUALIZAR' }));
    expect((await screen.findByRole('status')).textContent).toContain('Enviamos um link de confirmação para novo@example.com');
    expect(posts).toEqual([{ email: 'novo@example.com' }]);
    expect(screen.getByRole('link', { name: /Voltar/ }).getAttribute('href')).toBe('/editar-perfil');
  });

  it('shows the server message and keeps the form', async () => {
    mockFetch((url) => (url === '/api/usuario/alterar-email' ? jsonResponse({ errors: [{ message: 'E-mail já cadastrado!' }] }, 409) : jsonResponse(makeUser())));
    const ui = userEvent.setup();
    renderApp('/alterar-email');
    await ui.type(await screen.findByLabelText('Novo e-mail'), 'outro@example.com');
    await ui.click(screen.getByRole('button', { name: 'ATUALIZAR' }));
    expect((await screen.findByRole('alert')).textContent).toContain('E-mail já cadastrado!');
    expect(screen.getByLabelText('Novo e-mail')).toBeTruthy();
  });
});
