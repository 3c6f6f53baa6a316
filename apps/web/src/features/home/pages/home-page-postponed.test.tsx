import { STORAGE } from '@legiao/contracts/storage-keys';
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { installFakeIntersectionObserver } from '../../../test/fake-intersection-observer';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const FAQ = [
  { pergunta: 'Como ganho pontos?', resposta: 'Indicando amigos.', categoria: 'faq', ativo: true },
  { pergunta: 'Onde uso meus pontos?', resposta: 'Nos benefícios.', categoria: 'faq', ativo: true },
];

function homeApi(user: ReturnType<typeof makeUser>) {
  return (url: string) => {
    const path = url.split('?')[0]!;
    if (path === '/api/usuario/logged') return jsonResponse(user);
    if (path === '/api/satisfacao') return jsonResponse({ faseEncerrada: true });
    if (path === '/api/indicacao') return jsonResponse({ confirmados: 0, pendentes: 0, saldo: 0, confirmacoes: [], emailsConfirmados: [], emailsPendentes: [], valorIndicacao: 1 });
    if (path === '/api/Faq') return jsonResponse(FAQ);
    return jsonResponse([]);
  };
}

const called = (fetch: ReturnType<typeof mockFetch>, path: string) => fetch.mock.calls.some(([url]) => url.split('?')[0] === path);

// docs/decisions/0018-home-on-a-phone.md: below the first screen, sections mount near the viewport.
describe('HomePage sections below the first screen', () => {
  beforeEach(() => localStorage.setItem(STORAGE.token, 'tok'));

  it('mount (and call their API) only when their placeholder comes into view', async () => {
    const io = installFakeIntersectionObserver();
    const fetch = mockFetch(homeApi(makeUser({ perfilCompleto: true, perfilDefinido: true })));
    renderApp('/home');
    await screen.findByRole('heading', { name: /^Olá/ });
    // The first screen loaded: the placeholders are watched, nothing below was asked for.
    await waitFor(() => expect(io.observed().length).toBeGreaterThan(0));
    expect(called(fetch, '/api/Faq')).toBe(false);
    expect(called(fetch, '/api/beneficio')).toBe(false);
    expect(screen.queryByRole('heading', { name: 'Perguntas frequentes' })).toBeNull();

    const faq = document.getElementById('faq')!;
    expect(faq.className).toBe('secao-adiada');
    act(() => io.show(faq));
    expect(await screen.findByRole('heading', { name: 'Perguntas frequentes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Como ganho pontos?' })).toBeTruthy();
    expect(called(fetch, '/api/beneficio')).toBe(false);
  });

  it('mounts the FAQ at once for #faq and scrolls to it when its questions arrive', async () => {
    installFakeIntersectionObserver();
    mockFetch(homeApi(makeUser()));
    renderApp('/home#faq');
    const title = await screen.findByRole('heading', { name: 'Perguntas frequentes' });
    const section = title.closest('section')!;
    await waitFor(() => expect(section.scrollIntoView).toHaveBeenCalled());
  });

  it('mounts the benefits at once when the chatbot chose one, so it opens on arrival', async () => {
    installFakeIntersectionObserver();
    localStorage.setItem(STORAGE.beneficioChatbot, '7');
    const fetch = mockFetch(homeApi(makeUser({ perfilCompleto: true, perfilDefinido: true })));
    renderApp('/home');
    expect(await screen.findByRole('heading', { name: 'Benefícios' })).toBeTruthy();
    await waitFor(() => expect(called(fetch, '/api/beneficio/7')).toBe(true));
    expect(localStorage.getItem(STORAGE.beneficioChatbot)).toBeNull();
    expect(called(fetch, '/api/Faq')).toBe(false);
  });
});
