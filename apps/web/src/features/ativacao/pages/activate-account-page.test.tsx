import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';

describe('AtivarContaPage', () => {
  it('posts the hash once and links to /login with the e-mail in base64', async () => {
    const fetch = mockFetch(() => jsonResponse({ email: 'ana@example.com' }));
    renderApp('/ativar-conta?q=hash-1');
    expect(await screen.findByRole('heading', { name: 'Sua conta foi ativada com sucesso!' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Acessar' });
    expect(link.getAttribute('href')).toBe(`/login?e=${encodeURIComponent(btoa('ana@example.com'))}`);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe('/api/usuario/ativar-conta');
    expect(JSON.parse(String(fetch.mock.calls[0]![1].body))).toEqual({ hash: 'hash-1' });
  });

  it('goes to /login when the activation fails', async () => {
    mockFetch(() => jsonResponse({ errors: [{ message: 'Link inválido ou expirado. Solicite um novo.' }] }, 400));
    const { router } = renderApp('/ativar-conta?q=ruim');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('goes to /login without q', async () => {
    const fetch = mockFetch(() => jsonResponse({}));
    const { router } = renderApp('/ativar-conta');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // Nothing is activated (the login page may well ask for its own data once it shows).
    expect(fetch.mock.calls.map(([url]) => url)).not.toContain('/api/usuario/ativar-conta');
  });
});
