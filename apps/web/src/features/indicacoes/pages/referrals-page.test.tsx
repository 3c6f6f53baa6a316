import { STORAGE } from '@legiao/contracts/storage-keys';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const summary = {
  confirmados: 2,
  pendentes: 0,
  saldo: 2,
  confirmacoes: [],
  emailsConfirmados: ['ana@example.com', 'bia@example.com'],
  emailsPendentes: [],
  valorIndicacao: 1,
};

function api(staff: boolean) {
  return mockFetch((url) => {
    if (url.startsWith('/api/usuario/logged')) return jsonResponse(makeUser({ colaborador: staff }));
    if (staff && url.startsWith('/api/indicacao'))
      return jsonResponse({ errors: [{ message: 'Colaboradores não participam do programa de indicação.' }] }, 403);
    if (url.startsWith('/api/indicacao/codigo')) return jsonResponse({ url: 'http://localhost/?r=abc', codigo: 'abc' });
    if (url.startsWith('/api/indicacao')) return jsonResponse(summary);
    return jsonResponse({ errors: [{ message: 'não esperado' }] }, 404);
  });
}

describe('/indicacoes', () => {
  it('shows the tabs with counts, e-mails and the empty message; arrows switch tabs; keeps the summary', async () => {
    localStorage.setItem(STORAGE.token, 'tok');
    api(false);
    renderApp('/indicacoes');
    const confirmed = await screen.findByRole('tab', { name: 'CONFIRMADOS (2)' });
    expect(confirmed.getAttribute('aria-selected')).toBe('true');
    expect(within(screen.getByRole('tabpanel')).getByText('bia@example.com')).toBeTruthy();
    expect(await screen.findByDisplayValue('http://localhost/?r=abc')).toBeTruthy();

    fireEvent.keyDown(confirmed, { key: 'ArrowRight' });
    const pending = screen.getByRole('tab', { name: 'PENDENTES (0)' });
    expect(pending.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(pending);
    expect(within(screen.getByRole('tabpanel')).getByText('Nenhum email pendente')).toBeTruthy();

    expect(JSON.parse(localStorage.getItem(STORAGE.indicacao) ?? '{}')).toMatchObject({ confirmados: 2 });
  });

  it('explains to staff that they have no referral program, with a way home', async () => {
    localStorage.setItem(STORAGE.token, 'tok');
    api(true);
    renderApp('/indicacoes');
    expect(await screen.findByText(/Colaboradores não participam do programa de indicação\./)).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Indique e ganhe' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Voltar para a home' }).getAttribute('href')).toBe('/home');
  });
});
