import { STORAGE } from '@legiao/contracts/storage-keys';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';

const faqButtons = () =>
  within(screen.getByRole('region', { name: 'Dúvidas frequentes' }))
    .getAllByRole('button')
    .filter((b) => b.hasAttribute('aria-expanded'));

describe('LandingPage', () => {
  it('keeps ?r= as the referral and ?beneficio= as the chatbot benefit', async () => {
    mockFetch(() => jsonResponse([]));
    renderApp('/?r=ref-77&beneficio=9');
    await screen.findByRole('heading', { name: /Faça parte da/ });
    // Stored by an effect, which may run just after the heading is on screen.
    await waitFor(() => expect(localStorage.getItem(STORAGE.hashIndicacao)).toBe('ref-77'));
    expect(localStorage.getItem(STORAGE.beneficioChatbot)).toBe('9');
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Cadastre-se' }).getAttribute('href')).toBe('/cadastro');
  });

  it("adds only active 'duvidas' FAQ entries to the defaults, one open at a time", async () => {
    mockFetch(() =>
      jsonResponse([
        { pergunta: 'Pergunta do servidor?', resposta: 'Resposta do servidor.', categoria: 'duvidas', ativo: true },
        { pergunta: 'Pergunta inativa?', resposta: 'x', categoria: 'duvidas', ativo: false },
        { pergunta: 'Pergunta da home?', resposta: 'y', categoria: 'faq', ativo: true },
        // The server's version of a built-in question replaces it (no duplicate).
        { pergunta: 'O que é a Legião?', resposta: 'Versão do servidor.', categoria: 'duvidas', ativo: true },
      ]),
    );
    const ui = userEvent.setup();
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Pergunta do servidor?' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pergunta inativa?' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pergunta da home?' })).toBeNull();
    expect(faqButtons()).toHaveLength(6);
    expect(screen.getAllByRole('button', { name: 'O que é a Legião?' })).toHaveLength(1);

    const free = screen.getByRole('button', { name: 'Preciso pagar para participar?' });
    await ui.click(free);
    expect(free.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(/totalmente gratuitos/).closest('[hidden]')).toBeNull();

    await ui.click(screen.getByRole('button', { name: 'Pergunta do servidor?' }));
    expect(free.getAttribute('aria-expanded')).toBe('false');
    expect(faqButtons().filter((b) => b.getAttribute('aria-expanded') === 'true')).toHaveLength(1);
  });

  it('falls back to the built-in questions when the FAQ call fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch(() => jsonResponse({ errors: [{ message: 'Recurso não encontrado.' }] }, 404));
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'O que é a Legião?' })).toBeTruthy();
    expect(faqButtons()).toHaveLength(5);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
