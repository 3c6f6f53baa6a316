import { STORAGE } from '@legiao/contracts/storage-keys';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { FIRST_SCREEN_WAIT_MS } from '../lib/use-first-screen';

const group = {
  id: 1,
  nome: 'Garrafa Camping',
  categoria: 'garrafas',
  img: '/produtos/garrafa-camping-legiao-1913.svg',
  moldura: null,
  produtos: [
    { id: 'a', quantidade: 1, dataCompra: '2026-01-10', localCompra: 'Site oficial', produtoValidado: true, presente: false, compradoParaPresente: false, quantidadePresente: 0, legionario: false, codigoLegionario: null, codigosLegionario: [] },
  ],
};

/** The home's calls; the collection answers only when `liberar` is called (or never). */
function homeApi(collection: Promise<Response>) {
  return (url: string) => {
    const path = url.split('?')[0]!;
    if (path === '/api/usuario/logged') return jsonResponse(makeUser({ nome: 'Ana Lima', perfilCompleto: true, perfilDefinido: true }));
    if (path === '/api/satisfacao') return jsonResponse({ faseEncerrada: true });
    if (path === '/api/indicacao') return jsonResponse({ confirmados: 2, pendentes: 0, saldo: 2, confirmacoes: [], emailsConfirmados: [], emailsPendentes: [], valorIndicacao: 1 });
    if (path === '/api/produto/cliente') return collection;
    return jsonResponse([]);
  };
}

// docs/decisions/0022-home-first-screen.md: the first screen is built once, with its answers.
describe('HomePage first screen', () => {
  beforeEach(() => localStorage.setItem(STORAGE.token, 'tok'));

  it('waits for its calls and then shows greeting, achievements and collection together', async () => {
    let release!: () => void;
    const collection = new Promise<Response>((r) => (release = () => r(jsonResponse([group]))));
    const fetch = mockFetch(homeApi(collection));
    renderApp('/home');
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => url.startsWith('/api/produto/cliente'))).toBe(true));
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('heading', { name: 'Olá, Ana!' })).toBeNull();

    release();
    expect(await screen.findByRole('heading', { name: 'Olá, Ana!' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Minhas conquistas' })).toBeTruthy();
    // The collection follows in the second pass, with its answer already there: no loader.
    expect(await screen.findByText('1 Produto')).toBeTruthy();
    expect(screen.queryByText('Carregando sua coleção...')).toBeNull();
    expect(screen.getByTestId('home-confirmados').textContent).toBe('2');
  });

  it('shows the first screen after a while even if one call never answers, that section still loading', async () => {
    mockFetch(homeApi(new Promise<Response>(() => undefined)));
    const start = Date.now();
    renderApp('/home');
    expect(await screen.findByRole('heading', { name: 'Olá, Ana!' }, { timeout: FIRST_SCREEN_WAIT_MS + 3000 })).toBeTruthy();
    expect(Date.now() - start).toBeGreaterThanOrEqual(FIRST_SCREEN_WAIT_MS - 50);
    expect(await screen.findByText('Carregando sua coleção...')).toBeTruthy();
  });

  it('stays on the page when a section below starts one of the first-screen queries (a lead and the referral count)', async () => {
    const user = makeUser({ nome: 'Ana Lima', lead: true });
    let referrals = 0;
    mockFetch((url: string) => {
      const path = url.split('?')[0]!;
      if (path === '/api/usuario/logged') return jsonResponse(user);
      if (path === '/api/satisfacao') return jsonResponse({ faseEncerrada: true });
      if (path === '/api/indicacao') {
        referrals++;
        return new Promise<Response>((r) => setTimeout(() => r(jsonResponse({ confirmados: 0, pendentes: 0, saldo: 0, confirmacoes: [], emailsConfirmados: [], emailsPendentes: [], valorIndicacao: 1 })), 300));
      }
      return jsonResponse([]);
    });
    renderApp('/home');
    const title = await screen.findByRole('heading', { name: 'Olá, Ana!' });
    // Without IntersectionObserver every section mounts: the invitation asks for the referral count.
    await waitFor(() => expect(referrals).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 100));
    expect(title.isConnected).toBe(true);
  });
});
