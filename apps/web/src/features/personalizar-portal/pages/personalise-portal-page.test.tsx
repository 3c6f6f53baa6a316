import { SURVEY_MSG, type SurveyState } from '@legiao/contracts/pesquisa';
import { STORAGE } from '@legiao/contracts/storage-keys';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { mockApi, route } from '../../produtos/testing/fixtures';

const question = (id: number, description: string): SurveyState => ({
  idPesquisa: 7,
  pergunta: {
    idPesquisaPergunta: id,
    descricao: description,
    respostas: [
      { idPesquisaPerguntaResposta: id * 10 + 1, descricao: 'Treino e rotina' },
      { idPesquisaPerguntaResposta: id * 10 + 2, descricao: 'Trilha e praia' },
    ],
  },
  finalizada: false,
});
const end: SurveyState = { idPesquisa: 7, pergunta: null, finalizada: true };

describe('PersonalizarPortalPage', () => {
  beforeEach(() => localStorage.setItem(STORAGE.token, 'tok'));

  it('shows one question with numbered answers; a click sends it and shows the next, then the end', async () => {
    const ui = userEvent.setup();
    const next = [question(2, 'Onde fica o seu copo?'), end];
    const calls = mockApi(
      route('GET', '/api/pesquisa', () => jsonResponse(question(1, 'Qual o seu dia a dia?'))),
      route('POST', '/api/pesquisa', () => jsonResponse(next.shift())),
    );
    renderApp('/personalizar-portal');

    expect(await screen.findByRole('heading', { name: 'Personalizar Portal', level: 1 })).toBeTruthy();
    const first = await screen.findByRole('region', { name: 'Qual o seu dia a dia?' });
    const buttons = within(first).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['1Treino e rotina', '2Trilha e praia']);

    await ui.click(within(first).getByRole('button', { name: /Trilha e praia/ }));
    expect(await screen.findByRole('region', { name: 'Onde fica o seu copo?' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ idPesquisa: 7, idPesquisaPergunta: 1, idRespostas: [12] }]);

    const logged = () => calls.filter((c) => c.path === '/api/usuario/logged').length;
    const before = logged();
    await ui.click(screen.getByRole('button', { name: /Treino e rotina/ }));
    expect(await screen.findByRole('heading', { name: SURVEY_MSG.encerrada })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir para a home' }).getAttribute('href')).toBe('/home');
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({ idPesquisa: 7, idPesquisaPergunta: 2, idRespostas: [21] });
    // The logged user is fetched again (perfilDefinido changed).
    await waitFor(() => expect(logged()).toBeGreaterThan(before));
  });

  it('shows the end view when the survey is finished or loading fails', async () => {
    mockApi(route('GET', '/api/pesquisa', () => jsonResponse(end)));
    const { unmount } = renderApp('/personalizar-portal');
    expect(await screen.findByRole('heading', { name: SURVEY_MSG.encerrada })).toBeTruthy();
    unmount();

    mockApi(route('GET', '/api/pesquisa', () => jsonResponse({ errors: [{ message: 'falhou' }] }, 500)));
    renderApp('/personalizar-portal');
    expect(await screen.findByRole('heading', { name: SURVEY_MSG.encerrada })).toBeTruthy();
    expect(screen.queryByRole('region')).toBeNull();
  });
});
