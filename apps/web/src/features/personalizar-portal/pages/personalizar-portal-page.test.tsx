import { PESQUISA_MSG, type PesquisaEstado } from '@legiao/contracts/pesquisa';
import { STORAGE } from '@legiao/contracts/storage-keys';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { mockApi, rota } from '../../produtos/testing/fixtures';

const pergunta = (id: number, descricao: string): PesquisaEstado => ({
  idPesquisa: 7,
  pergunta: {
    idPesquisaPergunta: id,
    descricao,
    respostas: [
      { idPesquisaPerguntaResposta: id * 10 + 1, descricao: 'Treino e rotina' },
      { idPesquisaPerguntaResposta: id * 10 + 2, descricao: 'Trilha e praia' },
    ],
  },
  finalizada: false,
});
const fim: PesquisaEstado = { idPesquisa: 7, pergunta: null, finalizada: true };

describe('PersonalizarPortalPage', () => {
  beforeEach(() => localStorage.setItem(STORAGE.token, 'tok'));

  it('shows one question with numbered answers; a click sends it and shows the next, then the end', async () => {
    const ui = userEvent.setup();
    const proximas = [pergunta(2, 'Onde fica o seu copo?'), fim];
    const chamadas = mockApi(
      rota('GET', '/api/pesquisa', () => jsonResponse(pergunta(1, 'Qual o seu dia a dia?'))),
      rota('POST', '/api/pesquisa', () => jsonResponse(proximas.shift())),
    );
    renderApp('/personalizar-portal');

    expect(await screen.findByRole('heading', { name: 'Personalizar Portal', level: 1 })).toBeTruthy();
    const primeira = await screen.findByRole('region', { name: 'Qual o seu dia a dia?' });
    const botoes = within(primeira).getAllByRole('button');
    expect(botoes.map((b) => b.textContent)).toEqual(['1Treino e rotina', '2Trilha e praia']);

    await ui.click(within(primeira).getByRole('button', { name: /Trilha e praia/ }));
    expect(await screen.findByRole('region', { name: 'Onde fica o seu copo?' })).toBeTruthy();
    expect(chamadas.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ idPesquisa: 7, idPesquisaPergunta: 1, idRespostas: [12] }]);

    const logged = () => chamadas.filter((c) => c.path === '/api/usuario/logged').length;
    const antes = logged();
    await ui.click(screen.getByRole('button', { name: /Treino e rotina/ }));
    expect(await screen.findByRole('heading', { name: PESQUISA_MSG.encerrada })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir para a home' }).getAttribute('href')).toBe('/home');
    expect(chamadas.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({ idPesquisa: 7, idPesquisaPergunta: 2, idRespostas: [21] });
    // The logged user is fetched again (perfilDefinido changed).
    await waitFor(() => expect(logged()).toBeGreaterThan(antes));
  });

  it('shows the end view when the survey is finished or loading fails', async () => {
    mockApi(rota('GET', '/api/pesquisa', () => jsonResponse(fim)));
    const { unmount } = renderApp('/personalizar-portal');
    expect(await screen.findByRole('heading', { name: PESQUISA_MSG.encerrada })).toBeTruthy();
    unmount();

    mockApi(rota('GET', '/api/pesquisa', () => jsonResponse({ errors: [{ message: 'falhou' }] }, 500)));
    renderApp('/personalizar-portal');
    expect(await screen.findByRole('heading', { name: PESQUISA_MSG.encerrada })).toBeTruthy();
    expect(screen.queryByRole('region')).toBeNull();
  });
});
