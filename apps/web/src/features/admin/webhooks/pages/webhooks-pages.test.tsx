import { STORAGE } from '@legiao/contracts/storage-keys';
import type { WebhookCatalogue, WebhookDelivery, WebhookEndpoint } from '@legiao/contracts/admin/webhooks';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../../test/render-app';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw/Ab+cdEfGhI=';
const me = { id: 'u1', nome: 'Iara Integrações', email: 'integracoes@legiao.dev', papeis: ['integracoes'], permissoes: ['audit.read', 'integrations.manage'] };
const endpoint: WebhookEndpoint = {
  id: '3f2e1d0c-9b8a-4765-8432-10fedcba9876',
  url: 'https://crm.example.com/legiao',
  descricao: 'CRM',
  tipos: ['compra.verificada', 'conta.excluida'],
  incluirMembro: false,
  segredoInicio: 'whsec_MfKQ…',
  segredoAnteriorAte: null,
  pausadoEm: null,
  motivoPausa: null,
  falhandoDesde: null,
  criadoEm: '2026-11-28T12:00:00.000Z',
  entregas: { pendentes: 0, entregues: 0, falharam: 0 },
};
const catalogue: WebhookCatalogue = {
  versao: 1,
  eventos: [
    { tipo: 'compra.verificada', descricao: 'Uma compra foi verificada pela marca.', esquema: { type: 'object' }, exemplo: { compraId: 'c1' } },
    { tipo: 'webhook.teste', descricao: 'Evento de teste.', esquema: { type: 'object' }, exemplo: { mensagem: 'Evento de teste do Legião.' } },
  ],
  membro: { descricao: 'Bloco membro opcional.', esquema: { type: 'object' }, exemplo: { email: 'ana@example.com' } },
};
const delivery = (over: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: '9d7a0c1e-1111-4f3e-9a55-2a8f3c1d9e01',
  eventoId: 'evt_0123456789abcdef0123456789abcdef',
  tipo: 'webhook.teste',
  status: 'pendente',
  tentativas: 0,
  proximaTentativa: null,
  ultimoCodigo: null,
  ultimaResposta: null,
  ultimoErro: null,
  criadoEm: '2026-11-28T12:01:00.000Z',
  entregueEm: null,
  ...over,
});

interface Sent {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

/** The API as the screens use it; `log` is what GET .../entregas answers next (first pending, then delivered). */
function api(log: WebhookDelivery[][]) {
  const sent: Sent[] = [];
  let logCalls = 0;
  mockFetch((raw, init) => {
    const url = new URL(raw, 'http://localhost');
    const path = url.pathname;
    const method = init.method ?? 'GET';
    sent.push({ method, path, search: url.search, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
    const base = '/api/admin/integracoes/webhooks';
    if (path === '/api/admin/eu') return jsonResponse(me);
    if (path === `${base}/eventos`) return jsonResponse(catalogue);
    if (method === 'GET' && path === base) return jsonResponse({ itens: [] });
    if (method === 'POST' && path === base) return jsonResponse({ endpoint, segredo: SECRET }, 201);
    if (method === 'GET' && path === `${base}/${endpoint.id}`) return jsonResponse(endpoint);
    if (method === 'GET' && path === `${base}/${endpoint.id}/entregas`) {
      const items = log[Math.min(logCalls++, log.length - 1)] ?? [];
      return jsonResponse({ itens: items, total: items.length, pagina: 1, porPagina: 20 });
    }
    if (method === 'POST' && path === `${base}/${endpoint.id}/entregas/reenviar`) return jsonResponse({ reenviadas: 3 }, 202);
    return jsonResponse({ errors: [{ message: 'não esperado' }] }, 500);
  });
  return sent;
}

describe('/admin/integracoes/webhooks', () => {
  beforeEach(() => localStorage.setItem(STORAGE.token, 'tok'));

  it('checks the form with the contract, creates, shows the secret once, then the endpoint page without it', async () => {
    const ui = userEvent.setup();
    const sent = api([[]]);
    const { router } = renderApp('/admin/integracoes/webhooks');
    expect(await screen.findByRole('heading', { level: 1, name: 'Webhooks' })).toBeTruthy();
    // The catalogue, as the server serves it.
    const catalogueRegion = screen.getByRole('region', { name: 'Catálogo de eventos' });
    expect(await within(catalogueRegion).findByText('Uma compra foi verificada pela marca.')).toBeTruthy();
    expect(within(catalogueRegion).getByLabelText('Exemplo de entrega de compra.verificada').textContent).toContain('"compraId": "c1"');
    expect(within(catalogueRegion).getByText('Bloco membro opcional.')).toBeTruthy();
    expect(within(catalogueRegion).getByLabelText('Exemplo do bloco membro').textContent).toContain('"email": "ana@example.com"');

    const form = screen.getByRole('region', { name: 'Novo endpoint' });
    // Neither a URL nor any type: the contract's messages, nothing sent.
    await ui.click(within(form).getByLabelText('Todos os eventos'));
    await ui.click(within(form).getByRole('button', { name: 'Criar endpoint' }));
    expect(await within(form).findByText('Informe a URL do endpoint (https://...).')).toBeTruthy();
    expect(within(form).getByText('Escolha ao menos um tipo de evento (ou todos).')).toBeTruthy();
    expect(sent.some((c) => c.method === 'POST')).toBe(false);

    await ui.type(within(form).getByLabelText('URL'), 'https://crm.example.com/legiao');
    await ui.type(within(form).getByLabelText('Descrição'), 'CRM');
    await ui.click(within(form).getByLabelText('conta.excluida'));
    await ui.click(within(form).getByLabelText('compra.verificada'));
    await ui.click(within(form).getByRole('button', { name: 'Criar endpoint' }));

    const dialog = await screen.findByRole('dialog', { name: 'Segredo do webhook' });
    // Sent in the catalogue's order, whatever the order of the clicks.
    expect(sent.find((c) => c.method === 'POST')?.body).toEqual({ url: 'https://crm.example.com/legiao', descricao: 'CRM', tipos: ['compra.verificada', 'conta.excluida'], incluirMembro: false });
    expect((within(dialog).getByLabelText('Segredo') as HTMLInputElement).value).toBe(SECRET);
    expect(within(dialog).getByText('Copie este segredo agora: ele não será mostrado de novo.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copiar segredo' })).toBeTruthy();

    await ui.click(within(dialog).getByRole('button', { name: 'Já guardei o segredo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/integracoes/webhooks/${endpoint.id}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'CRM' })).toBeTruthy();
    expect(screen.getByText('whsec_MfKQ…')).toBeTruthy();
    expect(screen.getByText('Não incluídos: só identificadores')).toBeTruthy();
    expect(document.body.textContent).not.toContain(SECRET);
    expect(JSON.stringify(router.state.location.state ?? null)).not.toContain(SECRET);
  });

  it('"Todos os eventos" sends an empty list; choosing a type unticks it; the member data option is off until ticked', async () => {
    const ui = userEvent.setup();
    const sent = api([[]]);
    renderApp('/admin/integracoes/webhooks');
    const form = await screen.findByRole('region', { name: 'Novo endpoint' });
    const all = within(form).getByLabelText('Todos os eventos') as HTMLInputElement;
    expect(all.checked).toBe(true);
    await ui.click(within(form).getByLabelText('saldo.alterado'));
    expect(all.checked).toBe(false);
    await ui.click(all);
    expect((within(form).getByLabelText('saldo.alterado') as HTMLInputElement).checked).toBe(false);
    await ui.type(within(form).getByLabelText('URL'), 'https://dw.example.com/hook');
    const member = within(form).getByLabelText('Incluir os dados do membro em cada evento') as HTMLInputElement;
    expect(member.checked).toBe(false);
    await ui.click(member);
    await ui.click(within(form).getByRole('button', { name: 'Criar endpoint' }));
    await screen.findByRole('dialog', { name: 'Segredo do webhook' });
    expect(sent.find((c) => c.method === 'POST')?.body).toEqual({ url: 'https://dw.example.com/hook', descricao: '', tipos: [], incluirMembro: true });
  });

  it('the log asks again while a delivery is pendente (it turns Entregue without a reload); filters go to the URL and the API; replay says how many', async () => {
    const ui = userEvent.setup();
    const sent = api([
      [delivery({})],
      [delivery({ status: 'entregue', tentativas: 1, ultimoCodigo: 200, ultimaResposta: 'ok', entregueEm: '2026-11-28T12:01:02.000Z' })],
    ]);
    const { router } = renderApp(`/admin/integracoes/webhooks/${endpoint.id}`);
    const table = await screen.findByRole('table', { name: 'Entregas do endpoint' });
    expect(await within(table).findByText('Pendente')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /Reenviar/ })).toBeNull();
    expect(await within(table).findByText('Entregue', {}, { timeout: 8000 })).toBeTruthy();
    expect(within(table).getByText('evt_0123456789abcdef0123456789abcdef')).toBeTruthy();
    // Pendente: no "Reenviar" (it is on its way); once delivered, it can be sent again.
    expect(within(table).getByRole('button', { name: 'Reenviar a entrega evt_0123456789abcdef0123456789abcdef' })).toBeTruthy();

    await ui.selectOptions(screen.getByLabelText('Status'), 'falhou');
    await waitFor(() => expect(router.state.location.search).toContain('status=falhou'));
    await waitFor(() => expect(sent.some((c) => c.path.endsWith('/entregas') && c.search.includes('status=falhou'))).toBe(true));

    const since = screen.getByLabelText('Reenviar as que falharam desde');
    await ui.clear(since);
    await ui.type(since, '2026-11-20');
    await ui.click(screen.getByRole('button', { name: 'Reenviar as que falharam' }));
    expect(await screen.findByText('3 entregas reenviadas', { selector: '[role="status"]' })).toBeTruthy();
    expect(sent.find((c) => c.path.endsWith('/entregas/reenviar'))?.body).toEqual({ desde: '2026-11-20' });
  });
});
