import { MSG } from '@legiao/contracts/messages';
import { STORAGE } from '@legiao/contracts/storage-keys';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

describe('AlterarSenhaPage', () => {
  it('enables Atualizar only for a strong, confirmed password and PATCHes {senha, novaSenha}', async () => {
    localStorage.setItem(STORAGE.token, 'tok');
    const patches: unknown[] = [];
    mockFetch((url, init) => {
      if (url === '/api/usuario/nova-senha' && init.method === 'PATCH') {
        patches.push(JSON.parse(String(init.body)));
        return jsonResponse({ message: 'ok' });
      }
      return jsonResponse(makeUser());
    });
    const ui = userEvent.setup();
    renderApp('/alterar-senha');

    await ui.type(await screen.findByLabelText('Senha atual'), 'Antiga1!');
    const submit = screen.getByRole('button', { name: 'Atualizar' }) as HTMLButtonElement;
    await ui.type(screen.getByLabelText('Nova senha'), 'Novinha1');
    await ui.type(screen.getByLabelText('Confirme a nova senha'), 'Novinha1');
    expect(submit.disabled).toBe(true); // no special character
    await ui.type(screen.getByLabelText('Nova senha'), '!');
    expect(submit.disabled).toBe(true); // confirmation differs
    await ui.type(screen.getByLabelText('Confirme a nova senha'), '!');
    expect(submit.disabled).toBe(false);

    await ui.click(submit);
    expect(await screen.findByRole('heading', { name: 'Senha alterada com sucesso!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir para a home' })).toBeTruthy();
    expect(patches).toEqual([{ senha: 'Antiga1!', novaSenha: 'Novinha1!' }]);
  });

  it('shows the first error message when the current password is wrong', async () => {
    localStorage.setItem(STORAGE.token, 'tok');
    mockFetch((url) =>
      url === '/api/usuario/nova-senha'
        ? jsonResponse({ errors: [{ message: 'Senha atual incorreta.' }] }, 400)
        : jsonResponse(makeUser()),
    );
    const ui = userEvent.setup();
    renderApp('/alterar-senha');
    await ui.type(await screen.findByLabelText('Senha atual'), 'errada');
    await ui.type(screen.getByLabelText('Nova senha'), 'Novinha1!');
    await ui.type(screen.getByLabelText('Confirme a nova senha'), 'Novinha1!');
    await ui.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Senha atual incorreta.');
  });

  it('says a new password over 72 bytes is too long, as it is typed, and keeps Atualizar disabled', async () => {
    localStorage.setItem(STORAGE.token, 'tok');
    const fetch = mockFetch(() => jsonResponse(makeUser()));
    const ui = userEvent.setup();
    renderApp('/alterar-senha');
    const long = `S@1ab${'ç'.repeat(36)}`; // 41 characters, 77 bytes
    await ui.type(await screen.findByLabelText('Senha atual'), 'Antiga1!');
    await ui.type(screen.getByLabelText('Nova senha'), long);
    await ui.type(screen.getByLabelText('Confirme a nova senha'), long);
    expect(screen.getByText(MSG.senhaLonga)).toBeTruthy();
    expect(screen.getByLabelText('Nova senha').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByRole('button', { name: 'Atualizar' }) as HTMLButtonElement).disabled).toBe(true);
    expect(fetch.mock.calls.some(([url]) => url === '/api/usuario/nova-senha')).toBe(false);
  });
});
