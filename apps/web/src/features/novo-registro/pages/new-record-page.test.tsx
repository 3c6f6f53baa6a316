import { STORAGE } from '@legiao/contracts/storage-keys';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

describe('NovoRegistroPage', () => {
  beforeEach(() => localStorage.setItem(STORAGE.token, 'tok'));

  it('asks CPF, mobile and the terms, PUTs them and goes home', async () => {
    const puts: unknown[] = [];
    let user = makeUser({ nome: 'Gabi Social', social: true, cpf: null, celular: null });
    mockFetch((url, init) => {
      if (url === '/api/usuario' && init.method === 'PUT') {
        puts.push(JSON.parse(String(init.body)));
        user = { ...user, cpf: '52998224725', celular: '11987654321' };
        return jsonResponse(user);
      }
      return jsonResponse(user);
    });
    const ui = userEvent.setup();
    const { router } = renderApp('/novo-registro');

    expect(await screen.findByRole('heading', { name: 'Complete seu cadastro' }, { timeout: 15_000 })).toBeTruthy();
    const finish = (await screen.findByRole('button', { name: 'Finalizar' })) as HTMLButtonElement;
    expect(finish.disabled).toBe(true);
    await ui.type(screen.getByLabelText('CPF'), '52998224725');
    expect((screen.getByLabelText('CPF') as HTMLInputElement).value).toBe('529.982.247-25');
    await ui.type(screen.getByLabelText('Celular'), '11987654321');
    expect((screen.getByLabelText('Celular') as HTMLInputElement).value).toBe('(11) 98765-4321');
    expect(finish.disabled).toBe(true); // terms not accepted yet
    await ui.click(screen.getByLabelText('Li e aceito os termos de uso'));
    expect(finish.disabled).toBe(false);
    await ui.click(finish);

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(puts).toEqual([{ nome: 'Gabi Social', cpf: '52998224725', celular: '11987654321', aceiteTermos: true }]);
  });

  it('keeps Finalizar off for an invalid CPF and shows the server message (CPF já cadastrado!)', async () => {
    mockFetch((url, init) =>
      url === '/api/usuario' && init.method === 'PUT'
        ? jsonResponse({ errors: [{ message: 'CPF já cadastrado!' }] }, 409)
        : jsonResponse(makeUser({ social: true, cpf: null, celular: null })),
    );
    const ui = userEvent.setup();
    renderApp('/novo-registro');
    await ui.type(await screen.findByLabelText('CPF'), '11111111111');
    await ui.type(screen.getByLabelText('Celular'), '11987654321');
    await ui.click(screen.getByLabelText('Li e aceito os termos de uso'));
    expect((screen.getByRole('button', { name: 'Finalizar' }) as HTMLButtonElement).disabled).toBe(true);
    await ui.clear(screen.getByLabelText('CPF'));
    await ui.type(screen.getByLabelText('CPF'), '52998224725');
    await ui.click(screen.getByRole('button', { name: 'Finalizar' }));
    expect((await screen.findByRole('alert')).textContent).toContain('CPF já cadastrado!');
  });

  it('goes straight to /home when CPF and mobile are already there', async () => {
    mockFetch(() => jsonResponse(makeUser({ social: true })));
    const { router } = renderApp('/novo-registro');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('sends a visitor without a session to /login', async () => {
    localStorage.removeItem(STORAGE.token);
    mockFetch(() => jsonResponse({ errors: [{ message: 'x' }] }, 500));
    const { router } = renderApp('/novo-registro');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
