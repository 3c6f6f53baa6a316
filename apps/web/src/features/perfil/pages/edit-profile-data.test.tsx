import { STORAGE } from '@legiao/contracts/storage-keys';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

describe('EditarPerfilPage: the member’s data', () => {
  beforeEach(() => localStorage.setItem(STORAGE.token, 'tok'));

  it('Baixar meus dados saves the export as a JSON file', async () => {
    const data = { formato: 'legiao-meus-dados/1', geradoEm: '2026-11-22T10:00:00.000Z', titular: { nome: 'Carla' } };
    mockFetch((url) => (url === '/api/usuario/meus-dados' ? jsonResponse(data) : jsonResponse(makeUser())));
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => (blobs.push(b), 'blob:meus-dados'));
    URL.revokeObjectURL = vi.fn();
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    const ui = userEvent.setup();
    renderApp('/editar-perfil');
    await ui.click(await screen.findByRole('button', { name: 'Baixar meus dados' }, { timeout: 15_000 }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]!.download).toBe('meus-dados-legiao-2026-11-22.json');
    expect(clicks[0]!.getAttribute('href')).toBe('blob:meus-dados');
    expect(JSON.parse(await blobs[0]!.text())).toEqual(data);
  });

  it('lists the consent history when opened', async () => {
    mockFetch((url) =>
      url === '/api/usuario/consentimentos'
        ? jsonResponse([{ canal: 'email', concedido: false, origem: 'perfil', data: '2026-11-20T15:30:00.000Z', ip: '203.0.113.9' }])
        : jsonResponse(makeUser()),
    );
    const ui = userEvent.setup();
    renderApp('/editar-perfil');
    await ui.click(await screen.findByText('Histórico de consentimentos'));
    expect(await screen.findByText(/autorização retirada em 20\/11\/2026/)).toBeTruthy();
  });

  it('Excluir minha conta asks the password, deletes, clears the session and goes to /', async () => {
    const deletes: unknown[] = [];
    mockFetch((url, init) => {
      if (url === '/api/usuario' && init.method === 'DELETE') {
        const body = JSON.parse(String(init.body));
        deletes.push(body);
        return body.senha === 'Certa@123' ? jsonResponse({ message: 'Sua conta foi excluída.' }) : jsonResponse({ errors: [{ message: 'Senha incorreta.' }] }, 400);
      }
      return url === '/api/usuario/logged' ? jsonResponse(makeUser()) : jsonResponse([]);
    });
    const ui = userEvent.setup();
    const { router } = renderApp('/editar-perfil');
    await ui.click(await screen.findByRole('button', { name: 'Excluir minha conta' }));
    const dialog = screen.getByRole('dialog', { name: 'Excluir minha conta' });
    const remove = within(dialog).getByRole('button', { name: 'Excluir conta' }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    await ui.type(within(dialog).getByLabelText('Sua senha'), 'Errada@1');
    await ui.click(remove);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Senha incorreta.');
    expect(localStorage.getItem(STORAGE.token)).toBe('tok');

    await ui.clear(within(dialog).getByLabelText('Sua senha'));
    await ui.type(within(dialog).getByLabelText('Sua senha'), 'Certa@123');
    await ui.click(remove);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem(STORAGE.token)).toBeNull();
    expect(deletes).toEqual([{ senha: 'Errada@1' }, { senha: 'Certa@123' }]);
  });

  it('a social account confirms without a password; Cancelar closes the dialog', async () => {
    mockFetch(() => jsonResponse(makeUser({ social: true })));
    const ui = userEvent.setup();
    renderApp('/editar-perfil');
    await ui.click(await screen.findByRole('button', { name: 'Excluir minha conta' }));
    const dialog = screen.getByRole('dialog', { name: 'Excluir minha conta' });
    expect(within(dialog).queryByLabelText('Sua senha')).toBeNull();
    expect(dialog.textContent).toContain('15 minutos');
    expect((within(dialog).getByRole('button', { name: 'Excluir conta' }) as HTMLButtonElement).disabled).toBe(false);
    await ui.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
