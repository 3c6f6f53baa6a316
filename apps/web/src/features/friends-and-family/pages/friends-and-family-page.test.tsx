import { STORAGE } from '@legiao/contracts/storage-keys';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const coupon = (order: number, used = false) => ({
  cupom: `FF20-AAAA-000${order}`,
  ordem: order,
  percentual: 20,
  validoAte: '2026-11-30',
  validade: 'Válido até 30/11/2026. Uso único por CPF. Não válido para a linha Tumbler com Canudo 900ml.',
  usoCupom: used,
  dataUsoCupom: used ? '2026-11-10T12:00:00.000Z' : null,
});

describe('/friends-and-family', () => {
  it('shows five 20% coupons, a used one as used, and the modal with the code and validity', async () => {
    localStorage.setItem(STORAGE.token, 'tok');
    mockFetch((url) => {
      if (url.startsWith('/api/usuario/logged')) return jsonResponse(makeUser({ colaborador: true }));
      if (url.startsWith('/api/friends-family')) return jsonResponse([coupon(1, true), coupon(2), coupon(3), coupon(4), coupon(5)]);
      return jsonResponse({ errors: [{ message: 'não esperado' }] }, 404);
    });
    renderApp('/friends-and-family');
    expect(await screen.findByRole('heading', { name: 'Olá, Carla!' })).toBeTruthy();
    expect(screen.getAllByText('20% OFF')).toHaveLength(5);
    expect(screen.getByText('Utilizado em 10/11/2026')).toBeTruthy();
    const use = screen.getAllByRole('button', { name: 'USAR CUPOM' });
    expect(use).toHaveLength(4);
    use[0]!.click();
    const dialog = await screen.findByRole('dialog', { name: 'Cupom de 20% OFF' });
    expect(dialog.textContent).toContain('FF20-AAAA-0002');
    expect(dialog.textContent).toContain('Válido até 30/11/2026.');
  });

  it('sends a non-staff member to /home when the server refuses', async () => {
    localStorage.setItem(STORAGE.token, 'tok');
    mockFetch((url) => {
      if (url.startsWith('/api/usuario/logged')) return jsonResponse(makeUser());
      if (url.startsWith('/api/friends-family')) return jsonResponse({ errors: [{ message: 'Área exclusiva para colaboradores.' }] }, 403);
      return jsonResponse([], 200);
    });
    const { router } = renderApp('/friends-and-family');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });
});
