import { SATISFACTION_MSG } from '@legiao/contracts/satisfacao';
import { STORAGE } from '@legiao/contracts/storage-keys';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { env } from '../../../shared/config/env';
import { renderApp } from '../../../test/render-app';
import { fakeSatisfaction, HASH } from '../testing/fake-satisfaction';

const route = `/pesquisa-de-satisfacao?hash=${HASH}`;
const question = (n: number) => screen.getByRole('group', { name: new RegExp(`^${n}\\. Pergunta ${n} da`) });
const posts = (calls: ReturnType<typeof fakeSatisfaction>) => calls.filter((c) => c.method === 'POST');
const barWidth = () => (screen.getByTestId('progresso') as HTMLElement).style.width;

async function answerStep(ui: ReturnType<typeof userEvent.setup>, step: number) {
  await ui.click(within(question(step * 2 - 1)).getByRole('radio', { name: 'Sim' }));
  await ui.click(within(question(step * 2)).getByRole('radio', { name: 'Boa' }));
  await ui.click(screen.getByRole('button', { name: 'PRÓXIMO' }));
}

describe('PesquisaSatisfacaoPage', () => {
  it('validates step 1 with the shared rules, posts only a valid page and follows the server to step 2', async () => {
    const ui = userEvent.setup();
    const calls = fakeSatisfaction();
    renderApp(route);

    expect(await screen.findByText('Etapa 1 de 5')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Navegação e usabilidade' })).toBeTruthy();
    expect(barWidth()).toBe('20%');
    expect(screen.queryByRole('button', { name: 'VOLTAR' })).toBeNull();
    expect(calls[0]!.params.get('hash')).toBe(HASH);

    // Nothing answered: the banner, both questions marked, focus on the first one, no POST.
    await ui.click(screen.getByRole('button', { name: 'PRÓXIMO' }));
    expect((await screen.findByRole('alert')).textContent).toContain(SATISFACTION_MSG.responderTodas);
    expect(within(question(1)).getByRole('radio', { name: 'Sim' }).getAttribute('aria-invalid')).toBe('true');
    expect(within(question(2)).getByRole('radio', { name: 'Boa' }).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(within(question(1)).getByRole('radio', { name: 'Sim' }));
    expect(posts(calls)).toHaveLength(0);
    // The banner leaves after 3 s.
    await waitFor(() => expect(screen.queryByText(SATISFACTION_MSG.responderTodas)).toBeNull(), { timeout: 4500 });

    // 'Não' requires its text: missing is 'Campo obrigatório.', short is the detail message.
    expect(screen.queryByLabelText('Qual?')).toBeNull();
    await ui.click(within(question(1)).getByRole('radio', { name: 'Não' }));
    await ui.click(within(question(2)).getByRole('radio', { name: 'Outra' }));
    await ui.type(screen.getByLabelText('Digite sobre'), 'Gosto muito do portal');
    await ui.click(screen.getByRole('button', { name: 'PRÓXIMO' }));
    expect(within(question(1)).getByText(SATISFACTION_MSG.campoObrigatorio)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Qual?'));
    await ui.type(screen.getByLabelText('Qual?'), 'Lento');
    expect(within(question(1)).queryByText(SATISFACTION_MSG.campoObrigatorio)).toBeNull();
    await ui.click(screen.getByRole('button', { name: 'PRÓXIMO' }));
    expect(within(question(1)).getByText(SATISFACTION_MSG.maisDetalhes)).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);

    await ui.type(screen.getByLabelText('Qual?'), ' para carregar no celular ');
    await ui.click(screen.getByRole('button', { name: 'PRÓXIMO' }));

    expect(await screen.findByText('Etapa 2 de 5')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Benefícios e Recompensas' })).toBeTruthy();
    expect(barWidth()).toBe('40%');
    expect(screen.getByRole('button', { name: 'VOLTAR' })).toBeTruthy();
    expect(posts(calls)[0]!.body).toEqual({
      hash: HASH,
      respostas: [
        { idPesquisa: 7, idPesquisaPergunta: 101, idRespostas: [112], complemento: 'Lento para carregar no celular' },
        { idPesquisa: 7, idPesquisaPergunta: 102, idRespostas: [123], complemento: 'Gosto muito do portal' },
      ],
    });
    // The state was loaded again after the POST (spec: questions are reloaded).
    expect(calls.map((c) => c.method)).toEqual(['GET', 'POST', 'GET']);
    // A fresh page starts empty.
    expect((within(question(3)).getByRole('radio', { name: 'Sim' }) as HTMLInputElement).checked).toBe(false);
  });

  it('VOLTAR deletes the answers of the hash and restarts where the server says', async () => {
    const ui = userEvent.setup();
    const calls = fakeSatisfaction({ pagina: 3 });
    renderApp(route);
    expect(await screen.findByText('Etapa 3 de 5')).toBeTruthy();
    await ui.click(within(question(5)).getByRole('radio', { name: 'Sim' }));
    await ui.click(screen.getByRole('button', { name: 'VOLTAR' }));

    expect(await screen.findByText('Etapa 1 de 5')).toBeTruthy();
    const del = calls.find((c) => c.method === 'DELETE')!;
    expect(del.params.get('hash')).toBe(HASH);
    expect(screen.queryByRole('button', { name: 'VOLTAR' })).toBeNull();
    expect(barWidth()).toBe('20%');
  });

  it('the last step leads to the thank-you screen: first name, coupon, another product, the brand site', async () => {
    const ui = userEvent.setup();
    fakeSatisfaction({ pagina: 5 });
    renderApp(route);
    expect(await screen.findByText('Etapa 5 de 5')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Impacto Geral e Satisfação' })).toBeTruthy();
    await answerStep(ui, 5);

    expect(await screen.findByRole('heading', { name: 'Obrigado, Carla!' })).toBeTruthy();
    expect(screen.getByText('OBRIGADO-7K2Q')).toBeTruthy();
    expect(barWidth()).toBe('100%');
    expect(screen.getByRole('button', { name: 'Copiar cupom' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Adicionar outro produto' }).getAttribute('href')).toBe('/novo-produto');
    expect(screen.getByRole('link', { name: 'Ir para o site da marca' }).getAttribute('href')).toBe(env.storeUrl);
    expect(screen.queryByRole('button', { name: 'PRÓXIMO' })).toBeNull();
  });

  it("a failed POST keeps the answers, shows the server's message and marks the question it names", async () => {
    const ui = userEvent.setup();
    const calls = fakeSatisfaction({ failPost: { status: 400, message: SATISFACTION_MSG.respostaInvalida, idPesquisaPergunta: 102 } });
    renderApp(route);
    await screen.findByText('Etapa 1 de 5');
    await answerStep(ui, 1);

    expect((await screen.findByRole('alert')).textContent).toContain(SATISFACTION_MSG.respostaInvalida);
    expect(within(question(2)).getByText(SATISFACTION_MSG.respostaInvalida)).toBeTruthy();
    expect(screen.getByText('Etapa 1 de 5')).toBeTruthy();
    expect((within(question(1)).getByRole('radio', { name: 'Sim' }) as HTMLInputElement).checked).toBe(true);
    expect((within(question(2)).getByRole('radio', { name: 'Boa' }) as HTMLInputElement).checked).toBe(true);
    // The loader does not stay on: the form can be sent again.
    await waitFor(() => expect(screen.queryByText('Carregando...')).toBeNull());
    await ui.click(screen.getByRole('button', { name: 'PRÓXIMO' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
  });

  it('a 409 (the step was answered elsewhere) loads the server state again', async () => {
    const ui = userEvent.setup();
    const calls = fakeSatisfaction({ failPost: { status: 409, message: SATISFACTION_MSG.paginaNaoAtual } });
    renderApp(route);
    await screen.findByText('Etapa 1 de 5');
    await answerStep(ui, 1);
    expect((await screen.findByRole('alert')).textContent).toContain(SATISFACTION_MSG.paginaNaoAtual);
    await waitFor(() => expect(calls.map((c) => c.method)).toEqual(['GET', 'POST', 'GET']));
  });

  it("shows 'Pesquisa encerrada' for a closed hash, a failed load and a missing hash", async () => {
    fakeSatisfaction({ phase: 'encerrada' });
    const { unmount } = renderApp(route);
    expect(await screen.findByRole('heading', { name: SATISFACTION_MSG.encerrada })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'PRÓXIMO' })).toBeNull();
    unmount();

    fakeSatisfaction({ failGet: 500 });
    const second = renderApp(route);
    expect(await screen.findByRole('heading', { name: SATISFACTION_MSG.encerrada }, { timeout: 8000 })).toBeTruthy();
    second.unmount();

    const calls = fakeSatisfaction();
    renderApp('/pesquisa-de-satisfacao');
    expect(await screen.findByRole('heading', { name: SATISFACTION_MSG.encerrada })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('a 401 here does not log a stored session out', async () => {
    localStorage.setItem(STORAGE.token, 'tok-velho');
    window.history.replaceState({}, '', route);
    fakeSatisfaction({ failGet: 401 });
    const { router } = renderApp(route);
    expect(await screen.findByRole('heading', { name: SATISFACTION_MSG.encerrada })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 1200));
    expect(localStorage.getItem(STORAGE.token)).toBe('tok-velho');
    expect(router.state.location.pathname).toBe('/pesquisa-de-satisfacao');
    window.history.replaceState({}, '', '/');
  });
});
