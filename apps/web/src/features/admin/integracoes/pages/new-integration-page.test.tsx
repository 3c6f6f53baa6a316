import { STORAGE } from '@legiao/contracts/storage-keys';
import type { IntegrationDetail } from '@legiao/contracts/admin/integracoes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../../test/render-app';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';

const KEY = 'lgk_live_AbCdEfGhIjKl0123456789abcdefghijABCDEFGHIJ';
const me = { id: 'u1', nome: 'Iara Integrações', email: 'integracoes@legiao.dev', papeis: ['integracoes'], permissoes: ['audit.read', 'integrations.manage'] };
const detail: IntegrationDetail = {
  id: '7b0c3c52-7a52-4f0b-9d55-0c1b8a4c2f10',
  nome: 'Loja online',
  escopos: ['pedidos:enviar', 'membros:ler'],
  limitePorMinuto: 600,
  criadoEm: '2026-11-27T17:05:00.000Z',
  revogadoEm: null,
  ultimoUsoEm: null,
  ultimoUsoIp: null,
  chavesAtivas: 1,
  criadoPor: { id: 'u1', nome: 'Iara Integrações', email: 'integracoes@legiao.dev' },
  chaves: [{ id: 'k1', chave: 'lgk_live_AbCdEfGhIjKl…', estado: 'ativa', criadaEm: '2026-11-27T17:05:00.000Z', expiraEm: null, revogadaEm: null, ultimoUsoEm: null }],
  pedidos: [],
};

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

function api() {
  const sent: Sent[] = [];
  mockFetch((url, init) => {
    const path = new URL(url, 'http://localhost').pathname;
    const method = init.method ?? 'GET';
    sent.push({ method, path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
    if (path === '/api/admin/eu') return jsonResponse(me);
    if (method === 'POST' && path === '/api/admin/integracoes') return jsonResponse({ cliente: detail, chave: KEY }, 201);
    if (path === `/api/admin/integracoes/${detail.id}`) return jsonResponse(detail);
    return jsonResponse({ errors: [{ message: 'não esperado' }] }, 500);
  });
  return sent;
}

describe('/admin/integracoes/nova', () => {
  beforeEach(() => localStorage.setItem(STORAGE.token, 'tok'));

  it('checks the form with the contract, creates, shows the key once with a copy button, then the page without it', async () => {
    const ui = userEvent.setup();
    const sent = api();
    const { router } = renderApp('/admin/integracoes/nova');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nova integração' })).toBeTruthy();

    // Nothing chosen: the contract's Portuguese messages, nothing sent.
    await ui.click(screen.getByRole('button', { name: 'Criar integração' }));
    expect(await screen.findByText('Informe o nome da integração (ao menos 3 caracteres).')).toBeTruthy();
    expect(screen.getByText('Escolha ao menos uma permissão para a integração.')).toBeTruthy();
    expect(sent.some((c) => c.method === 'POST')).toBe(false);

    await ui.type(screen.getByLabelText('Nome'), 'Loja online');
    await ui.click(screen.getByLabelText('Enviar pedidos (pagos e cancelados) e consultar a situação deles'));
    await ui.click(screen.getByLabelText('Consultar se um e-mail ou CPF é de um membro'));
    await ui.click(screen.getByRole('button', { name: 'Criar integração' }));

    const dialog = await screen.findByRole('dialog', { name: 'Chave da integração' });
    expect(sent.find((c) => c.method === 'POST')?.body).toEqual({ nome: 'Loja online', escopos: ['pedidos:enviar', 'membros:ler'], limitePorMinuto: 600 });
    expect((within(dialog).getByLabelText('Chave') as HTMLInputElement).value).toBe(KEY);
    expect(within(dialog).getByText('Copie esta chave agora: ela não será mostrada de novo.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copiar chave' })).toBeTruthy();

    await ui.click(within(dialog).getByRole('button', { name: 'Já guardei a chave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/integracoes/${detail.id}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Loja online' })).toBeTruthy();
    expect(screen.getByText('lgk_live_AbCdEfGhIjKl…')).toBeTruthy();
    expect(document.body.textContent).not.toContain(KEY);
    // Nor in the history entry a reload or the back button would bring back.
    expect(JSON.stringify(router.state.location.state ?? null)).not.toContain(KEY);
  });
});
