import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { semViolacoesAxe } from '../support/acessibilidade';
import { adminApi, adminSnap, desktopOnly, loginStaff } from '../support/admin';
import { DEMO } from '../support/env';
import { startFilaServer, type FilaServer } from '../support/fila-server';
import { perguntasNaTela, responderEtapa } from '../support/satisfacao';

// Surveys in the back office (/admin/pesquisas; docs/decisions/0029-back-office-content.md), on a
// server of its own: a new campaign becomes the satisfaction survey every member answers, which
// would change what the shared server's satisfaction tests see.

const t = test.extend<{}, { server: FilaServer }>({
  server: [
    async ({}, use, workerInfo) => {
      const server = await startFilaServer({ capacidade: 1000, tag: `pesquisas_w${workerInfo.parallelIndex}` });
      await use(server);
      await server.stop();
    },
    // Creating its database and booting a second API takes a while on a busy machine.
    { scope: 'worker', timeout: 180_000 },
  ],
});

t.beforeEach(({}, testInfo) => t.skip(desktopOnly(testInfo), 'back office: desktop-first'));

t('marketing abre uma campanha, encerra e reabre a fase, edita uma pergunta, exporta o CSV e acha o link de um membro', async ({ page, server }) => {
  // A long walk through the screen, with an axe pass, on a machine other jobs share.
  t.slow();
  const base = server.baseUrl;
  await loginStaff(page, 'marketing', `${base}/admin`);
  await page.getByRole('navigation', { name: 'Áreas do back office' }).getByRole('link', { name: 'Pesquisas' }).click();
  const tabela = page.getByRole('table', { name: 'Pesquisas' });
  await expect(tabela.getByRole('row')).toHaveCount(3);

  // A new campaign (the contract's message first).
  await page.getByRole('button', { name: 'Nova campanha de satisfação' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova campanha de satisfação' });
  await dialog.getByRole('button', { name: 'Criar campanha' }).click();
  await expect(dialog.getByText('Informe o nome da campanha.')).toBeVisible();
  await dialog.getByLabel('Nome da campanha').fill('Satisfação dezembro');
  await dialog.getByRole('button', { name: 'Criar campanha' }).click();
  await expect(page.getByText('Campanha criada')).toBeVisible();
  const nova = tabela.getByRole('row').filter({ hasText: 'Satisfação dezembro' });
  await expect(nova.getByText('Atual')).toBeVisible();
  await expect(tabela.getByRole('row').filter({ hasText: 'Atual' })).toHaveCount(2);
  await adminSnap(page, 'pesquisas');
  await semViolacoesAxe(page, '/admin/pesquisas');

  // The member's personal link, from the links tab (and the API it reads), answers the new campaign.
  await nova.getByRole('link', { name: 'Abrir Satisfação dezembro' }).click();
  await page.getByRole('tab', { name: 'Links dos membros' }).click();
  await page.getByLabel('Buscar (nome ou e-mail)').fill(DEMO.email);
  const linha = page.getByRole('row').filter({ hasText: DEMO.email });
  await expect(linha.getByText('Não começou')).toBeVisible();
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const links = (await adminApi(page, 'GET', `/api/admin/pesquisas/${id}/links?q=${encodeURIComponent(DEMO.email)}`)).body as { itens: { link: string }[] };
  const hash = new URL(links.itens[0]!.link).searchParams.get('hash')!;
  const estado = async () => (await (await page.request.get(`${base}/api/satisfacao?hash=${hash}`)).json()) as { idPesquisa: number | null; faseEncerrada: boolean };
  expect((await estado()).idPesquisa).toBe(id);

  // Close the phase (confirmed): the member's page says it is over; open it again.
  await page.goto(`${base}/admin/pesquisas`);
  await page.getByRole('button', { name: 'Encerrar fase de Satisfação dezembro' }).click();
  await page.getByRole('dialog', { name: 'Encerrar a fase?' }).getByRole('button', { name: 'Encerrar fase' }).click();
  await expect(nova.getByText('Encerrada')).toBeVisible();
  expect((await estado()).faseEncerrada).toBe(true);
  await page.getByRole('button', { name: 'Abrir fase de Satisfação dezembro' }).click();
  await page.getByRole('dialog', { name: 'Abrir a fase?' }).getByRole('button', { name: 'Abrir fase' }).click();
  await expect(nova.getByText('Aberta')).toBeVisible();
  expect((await estado()).faseEncerrada).toBe(false);

  // Reword question 1.
  await nova.getByRole('link', { name: 'Abrir Satisfação dezembro' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Página 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Editar textos da pergunta 1', exact: true }).click();
  const editar = page.getByRole('dialog', { name: 'Pergunta 1', exact: true });
  const pergunta = editar.getByLabel('Pergunta', { exact: true });
  const texto = `${await pergunta.inputValue()} (dezembro)`;
  await pergunta.fill(texto);
  await editar.getByRole('button', { name: 'Salvar textos' }).click();
  await expect(page.getByText('Pergunta atualizada.')).toBeVisible();
  await expect(page.getByText(texto)).toBeVisible();
  await adminSnap(page, 'pesquisa-perguntas');
  await semViolacoesAxe(page, 'as perguntas da pesquisa');

  // The member answers the first page through her link; staff browse it by first name and export it.
  const membro = await page.context().newPage();
  await membro.goto(`${base}/pesquisa-de-satisfacao?hash=${hash}`);
  await expect(membro.getByText(texto)).toBeVisible();
  const respondidas = await perguntasNaTela(membro).count();
  await responderEtapa(membro);
  await expect.poll(async () => ((await (await page.request.get(`${base}/api/satisfacao?hash=${hash}`)).json()) as { pagina: number }).pagina).toBe(2);
  await membro.close();

  await page.getByRole('tab', { name: 'Respostas' }).click();
  const participacao = page.getByRole('table', { name: 'Participações e respostas' }).getByRole('row').filter({ hasText: DEMO.nome.split(' ')[0]! });
  await expect(participacao.getByText('Na página 2')).toBeVisible();
  await participacao.getByRole('button', { name: /^Ver as \d+ respostas/ }).click();
  const detalhe = page.getByRole('dialog', { name: /^Participação #\d+/ });
  await expect(detalhe.getByText(texto)).toBeVisible();
  await expect(detalhe.getByRole('listitem')).toHaveCount(respondidas);
  await adminSnap(page, 'pesquisa-respostas');
  await detalhe.getByRole('button', { name: /Fechar/ }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV (todas as respostas)' }).click();
  const arquivo = await download;
  expect(arquivo.suggestedFilename()).toMatch(/^respostas-satisfacao-.*\.csv$/);
  const linhas = readFileSync(await arquivo.path(), 'utf8').trim().split('\n');
  expect(linhas[0]).toBe('participacao,primeiro_nome,pagina,concluida_em,cupom,perfil,pergunta_ordem,pergunta_pagina,pergunta,opcao,complemento,respondida_em');
  expect(linhas).toHaveLength(1 + respondidas);
  expect(linhas.join('\n')).not.toContain(DEMO.email);
});

t('atendimento lê as pesquisas sem controles nem links; o servidor recusa as escritas e os links', async ({ page, server }) => {
  await loginStaff(page, 'atendimento', `${server.baseUrl}/admin/pesquisas`);
  await expect(page.getByRole('table', { name: 'Pesquisas' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nova campanha de satisfação' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Encerrar a fase/ })).toHaveCount(0);
  const lista = (await adminApi(page, 'GET', '/api/admin/pesquisas')).body as { id: number; tipo: string; atual: boolean }[];
  const atual = lista.find((p) => p.tipo === 'satisfacao' && p.atual)!;
  await page.goto(`${server.baseUrl}/admin/pesquisas/${atual.id}`);
  await expect(page.getByRole('tab', { name: 'Respostas' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Links dos membros' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Editar textos/ })).toHaveCount(0);
  expect((await adminApi(page, 'GET', `/api/admin/pesquisas/${atual.id}/links`)).status).toBe(403);
  expect((await adminApi(page, 'PUT', `/api/admin/pesquisas/${atual.id}/fase`, { aberta: false })).status).toBe(403);
});
