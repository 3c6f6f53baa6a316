import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';

describe('ConfirmarEmailPage', () => {
  it('confirms the change once and offers the login with the new address', async () => {
    const posts: unknown[] = [];
    mockFetch((url, init) => {
      posts.push([url, JSON.parse(String(init.body))]);
      return jsonResponse({ message: 'E-mail alterado com sucesso!', email: 'novo@example.com' });
    });
    renderApp('/confirmar-email?q=segredo');
    expect(await screen.findByRole('heading', { name: 'E-mail alterado com sucesso!' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText(/novo@example.com/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Acessar' }).getAttribute('href')).toBe(`/login?e=${encodeURIComponent(btoa('novo@example.com'))}`);
    expect(posts).toEqual([['/api/usuario/confirmar-email', { hash: 'segredo' }]]);
  });

  it('shows why a used or expired link failed', async () => {
    mockFetch(() => jsonResponse({ errors: [{ message: 'Link inválido ou expirado. Solicite um novo.' }] }, 400));
    renderApp('/confirmar-email?q=usado');
    expect(await screen.findByRole('heading', { name: 'Não foi possível confirmar' })).toBeTruthy();
    expect(screen.getByText('Link inválido ou expirado. Solicite um novo.')).toBeTruthy();
  });
});
