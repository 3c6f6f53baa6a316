import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';

describe('EsqueceuASenhaPage', () => {
  it.each([
    ['succeeds', 200],
    ['fails', 500],
  ])('shows the neutral message when the call %s', async (_, status) => {
    const fetch = mockFetch(() => jsonResponse(status === 200 ? { message: 'ok' } : { errors: [{ message: 'x' }] }, status));
    const ui = userEvent.setup();
    renderApp('/esqueceu-a-senha');
    await ui.type(await screen.findByLabelText('E-mail'), 'ana@example.com');
    await ui.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Você receberá um email para redefinir sua senha!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar para o login' }).getAttribute('href')).toBe('/login');
    expect(fetch.mock.calls[0]![0]).toBe('/api/auth/recuperar-senha?email=ana%40example.com');
  });
});
