import { SATISFACAO_MSG } from '@legiao/contracts/satisfacao';
import { STORAGE } from '@legiao/contracts/storage-keys';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { env } from '../../../shared/config/env';
import { renderApp } from '../../../test/render-app';
import { fakeSatisfacao, HASH } from '../testing/fake-satisfacao';

const rota = `/pesquisa-de-satisfacao?hash=${HASH}`;
const pergunta = (n: number) => screen.getByRole('group', { name: new RegExp(`^${n}\\. Pergunta ${n} da`) });
const posts = (chamadas: ReturnType<typeof fakeSatisfacao>) => chamadas.filter((c) => c.method === 'POST');
const larguraDaBarra = () => (screen.getByTestId('progresso') as HTMLElement).style.width;

async function responderEtapa(ui: ReturnType<typeof userEvent.setup>, etapa: number) {
  await ui.click(within(pergunta(etapa * 2 - 1)).getByRole('radio', { name: 'Sim' }));
  await ui.click(within(pergunta(etapa * 2)).getByRole('radio', { name: 'Boa' }));
  await ui.click(screen.getByRole('button', { name: 'PRÓXIMO' }));
}

describe('PesquisaSatisfacaoPage', () => {
  it('validates step 1 with the shared rules, posts only a valid page and follows the server to step 2', async () => {
    const ui = userEvent.setup();
    const chamadas = fakeSatisfacao();
    renderApp(rota);

    expect(await screen.findByText('Etapa 1 de 5')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Navegação e usabilidade' })).toBeTruthy();
    expect(larguraDaBarra()).toBe('20%');
    expect(screen.queryByRole('button', { name: 'VOLTAR' })).toBeNull();
    expect(chamadas[0]!.params.get('hash')).toBe(HASH);

    // Nothing answered: the banner, both questions marked, focus on the first one, no POST.
    await ui.click(screen.getByRole('button', { name: 'PRÓXIMO' }));
    expect((await screen.findByRole('alert')).textContent).toContain(SATISFACAO_MSG.responderTodas);
    expect(within(pergunta(1)).getByRole('radio', { name: 'Sim' }).getAttribute('aria-invalid')).toBe('true');
    expect(within(pergunta(2)).getByRole('radio', { name: 'Boa' }).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(within(pergunta(1)).getByRole('radio', { name: 'Sim' }));
    expect(posts(chamadas)).toHaveLength(0);
    // The banner leaves after 3 s.
    await waitFor(() => expect(screen.queryByText(SATISFACAO_MSG.responderTodas)).toBeNull(), { timeout: 4500 });

    // 'Não' requires its text: missing is 'Campo obrigatório.', short is the detail message.
    expect(screen.queryByLabelText('Qual?')).toBeNull();
    await ui.click(within(pergunta(1)).getByRole('radio', { name: 'Não' }));
    await ui.click(within(pergunta(2)).getByRole('radio', { name: 'Outra' }));
    await ui.type(screen.getByLabelText('Digite sobre'), 'Gosto muito do portal');
    await ui.click(screen.getByRole('button', { name: 'PRÓXIMO' }));
    expect(within(pergunta(1)).getByText(SATISFACAO_MSG.campoObrigatorio)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Qual?'));
    await ui.type(screen.getByLabelText('Qual?'), 'Lento');
    expect(within(pergunta(1)).queryByText(SATISFACAO_MSG.campoObrigatorio)).toBeNull();
    await ui.click(screen.getByRole('button', { name: 'PRÓXIMO' }));
    expect(within(pergunta(1)).getByText(SATISFACAO_MSG.maisDetalhes)).toBeTruthy();
    expect(posts(chamadas)).toHaveLength(0);

    await ui.type(screen.getByLabelText('Qual?'), ' para carregar no celular ');
    await ui.click(screen.getByRole('button', { name: 'PRÓXIMO' }));

    expect(await screen.findByText('Etapa 2 de 5')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Benefícios e Recompensas' })).toBeTruthy();
    expect(larguraDaBarra()).toBe('40%');
    expect(screen.getByRole('button', { name: 'VOLTAR' })).toBeTruthy();
    expect(posts(chamadas)[0]!.body).toEqual({
      hash: HASH,
      respostas: [
        { idPesquisa: 7, idPesquisaPergunta: 101, idRespostas: [112], complemento: 'Lento para carregar no celular' },
        { idPesquisa: 7, idPesquisaPergunta: 102, idRespostas: [123], complemento: 'Gosto muito do portal' },
      ],
    });
    // The state was loaded again after the POST (spec: questions are reloaded).
    expect(chamadas.map((c) => c.method)).toEqual(['GET', 'POST', 'GET']);
    // A fresh page starts empty.
    expect((within(pergunta(3)).getByRole('radio', { name: 'Sim' }) as HTMLInputElement).checked).toBe(false);
  });

  it('VOLTAR deletes the answers of the hash and restarts where the server says', async () => {
    const ui = userEvent.setup();
    const chamadas = fakeSatisfacao({ pagina: 3 });
    renderApp(rota);
    expect(await screen.findByText('Etapa 3 de 5')).toBeTruthy();
    await ui.click(within(pergunta(5)).getByRole('radio', { name: 'Sim' }));
    await ui.click(screen.getByRole('button', { name: 'VOLTAR' }));

    expect(await screen.findByText('Etapa 1 de 5')).toBeTruthy();
    const del = chamadas.find((c) => c.method === 'DELETE')!;
    expect(del.params.get('hash')).toBe(HASH);
    expect(screen.queryByRole('button', { name: 'VOLTAR' })).toBeNull();
    expect(larguraDaBarra()).toBe('20%');
  });

  it('the last step leads to the thank-you screen: first name, coupon, another product, the brand site', async () => {
    const ui = userEvent.setup();
    fakeSatisfacao({ pagina: 5 });
    renderApp(rota);
    expect(await screen.findByText('Etapa 5 de 5')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Impacto Geral e Satisfação' })).toBeTruthy();
    await responderEtapa(ui, 5);

    expect(await screen.findByRole('heading', { name: 'Obrigado, Carla!' })).toBeTruthy();
    expect(screen.getByText('OBRIGADO-7K2Q')).toBeTruthy();
    expect(larguraDaBarra()).toBe('100%');
    expect(screen.getByRole('button', { name: 'Copiar cupom' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Adicionar outro produto' }).getAttribute('href')).toBe('/novo-produto');
    expect(screen.getByRole('link', { name: 'Ir para o site da marca' }).getAttribute('href')).toBe(env.storeUrl);
    expect(screen.queryByRole('button', { name: 'PRÓXIMO' })).toBeNull();
  });

  it("a failed POST keeps the answers, shows the server's message and marks the question it names", async () => {
    const ui = userEvent.setup();
    const chamadas = fakeSatisfacao({ falharPost: { status: 400, message: SATISFACAO_MSG.respostaInvalida, idPesquisaPergunta: 102 } });
    renderApp(rota);
    await screen.findByText('Etapa 1 de 5');
    await responderEtapa(ui, 1);

    expect((await screen.findByRole('alert')).textContent).toContain(SATISFACAO_MSG.respostaInvalida);
    expect(within(pergunta(2)).getByText(SATISFACAO_MSG.respostaInvalida)).toBeTruthy();
    expect(screen.getByText('Etapa 1 de 5')).toBeTruthy();
    expect((within(pergunta(1)).getByRole('radio', { name: 'Sim' }) as HTMLInputElement).checked).toBe(true);
    expect((within(pergunta(2)).getByRole('radio', { name: 'Boa' }) as HTMLInputElement).checked).toBe(true);
    // The loader does not stay on: the form can be sent again.
    await waitFor(() => expect(screen.queryByText('Carregando...')).toBeNull());
    await ui.click(screen.getByRole('button', { name: 'PRÓXIMO' }));
    await waitFor(() => expect(posts(chamadas)).toHaveLength(2));
  });

  it('a 409 (the step was answered elsewhere) loads the server state again', async () => {
    const ui = userEvent.setup();
    const chamadas = fakeSatisfacao({ falharPost: { status: 409, message: SATISFACAO_MSG.paginaNaoAtual } });
    renderApp(rota);
    await screen.findByText('Etapa 1 de 5');
    await responderEtapa(ui, 1);
    expect((await screen.findByRole('alert')).textContent).toContain(SATISFACAO_MSG.paginaNaoAtual);
    await waitFor(() => expect(chamadas.map((c) => c.method)).toEqual(['GET', 'POST', 'GET']));
  });

  it("shows 'Pesquisa encerrada' for a closed hash, a failed load and a missing hash", async () => {
    fakeSatisfacao({ fase: 'encerrada' });
    const { unmount } = renderApp(rota);
    expect(await screen.findByRole('heading', { name: SATISFACAO_MSG.encerrada })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'PRÓXIMO' })).toBeNull();
    unmount();

    fakeSatisfacao({ falharGet: 500 });
    const segunda = renderApp(rota);
    expect(await screen.findByRole('heading', { name: SATISFACAO_MSG.encerrada }, { timeout: 8000 })).toBeTruthy();
    segunda.unmount();

    const chamadas = fakeSatisfacao();
    renderApp('/pesquisa-de-satisfacao');
    expect(await screen.findByRole('heading', { name: SATISFACAO_MSG.encerrada })).toBeTruthy();
    expect(chamadas).toHaveLength(0);
  });

  it('a 401 here does not log a stored session out', async () => {
    localStorage.setItem(STORAGE.token, 'tok-velho');
    window.history.replaceState({}, '', rota);
    fakeSatisfacao({ falharGet: 401 });
    const { router } = renderApp(rota);
    expect(await screen.findByRole('heading', { name: SATISFACAO_MSG.encerrada })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 1200));
    expect(localStorage.getItem(STORAGE.token)).toBe('tok-velho');
    expect(router.state.location.pathname).toBe('/pesquisa-de-satisfacao');
    window.history.replaceState({}, '', '/');
  });
});
