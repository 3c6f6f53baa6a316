import { STORAGE } from '@legiao/contracts/storage-keys';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';

const user = {
  id: '1',
  nome: 'Ana Maria Souza',
  email: 'ana@example.com',
  social: false,
  colaborador: false,
};

const renderAt = (path: string) => renderApp(path).router;

describe('route guards', () => {
  it.each(['/home', '/editar-perfil', '/alterar-senha', '/produtos', '/editar-produto/42', '/friends-and-family'])(
    'sends a visitor without a token from %s to /login',
    async (path) => {
      mockFetch(() => jsonResponse({ errors: [{ message: 'não devia chamar' }] }, 500));
      const router = renderAt(path);
      expect(await screen.findByRole('heading', { name: 'Entrar na Legião' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/login');
    },
  );

  it.each(['/login', '/login/qualquer/coisa', '/auth/login', '/cadastro', '/esqueceu-a-senha', '/'])(
    'sends a user with a token from %s to /home',
    async (path) => {
      localStorage.setItem(STORAGE.token, 'tok');
      mockFetch(() => jsonResponse(user));
      const router = renderAt(path);
      expect(await screen.findByRole('heading', { name: 'Olá, Ana!' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/home');
    },
  );

  it('lets a visitor without a token use /login and its sub-paths', async () => {
    const router = renderAt('/login/algum/caminho');
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login/algum/caminho');
  });

  it('shows the not-found page with a link to / for unknown paths', async () => {
    renderAt('/nao-existe');
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar para o início' }).getAttribute('href')).toBe('/');
  });

  it('scrolls to the top on navigation', async () => {
    const router = renderAt('/nao-existe');
    await screen.findByRole('heading', { name: 'Página não encontrada' });
    const calls = (window.scrollTo as unknown as { mock: { calls: unknown[] } }).mock.calls.length;
    await router.navigate('/outra');
    await waitFor(() =>
      expect((window.scrollTo as unknown as { mock: { calls: unknown[] } }).mock.calls.length).toBeGreaterThan(calls),
    );
  });
});
