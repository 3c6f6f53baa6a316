import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { withoutAxeViolations } from '../support/acessibilidade';
import { adminApi, adminSnap, loginStaff } from '../support/admin';
import { DEMO } from '../support/env';
import { startWaitingRoomServer, type WaitingRoomServer } from '../support/waiting-room-server';
import { questionsOnScreen, answerStep } from '../support/satisfacao';

// Surveys in the back office (/admin/pesquisas; docs/decisions/0029-back-office-content.md), on a
// server of its own: a new campaign becomes the satisfaction survey every member answers, which
// would change what the shared server's satisfaction tests see.

const t = test.extend<{}, { server: WaitingRoomServer }>({
  server: [
    async ({}, use, workerInfo) => {
      const server = await startWaitingRoomServer({ capacidade: 1000, tag: `pesquisas_w${workerInfo.parallelIndex}` });
      await use(server);
      await server.stop();
    },
    // Creating its database and booting a second API takes a while on a busy machine.
    { scope: 'worker', timeout: 180_000 },
  ],
});

t('marketing abre uma campanha, encerra e reabre a fase, edita uma pergunta, exporta o CSV e acha o link de um membro', async ({ page, server }) => {
  // A long walk through the screen, with an axe pass, on a machine other jobs share.
  t.slow();
  const base = server.baseUrl;
  // Signed in on this spec's own server (loginStaff() would sign in on the main one).
  await loginStaff(page, 'marketing', `${base}/admin`);
  await page.getByRole('navigation', { name: 'Áreas do back office' }).getByRole('link', { name: 'Pesquisas' }).click();
  const table = page.getByRole('table', { name: 'Pesquisas' });
  await expect(table.getByRole('row')).toHaveCount(3);

  // A new campaign (the contract's message first).
  await page.getByRole('button', { name: 'Nova campanha de satisfação' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova campanha de satisfação' });
  await dialog.getByRole('button', { name: 'Criar campanha' }).click();
  await expect(dialog.getByText('Informe o nome da campanha.')).toBeVisible();
  await dialog.getByLabel('Nome da campanha').fill('Satisfação dezembro');
  await dialog.getByRole('button', { name: 'Criar campanha' }).click();
  await expect(page.getByText('Campanha criada')).toBeVisible();
  const newOne = table.getByRole('row').filter({ hasText: 'Satisfação dezembro' });
  await expect(newOne.getByText('Atual')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Atual' })).toHaveCount(2);
  await adminSnap(page, 'pesquisas');
  await withoutAxeViolations(page, '/admin/pesquisas');

  // The member's personal link, from the links tab (and the API it reads), answers the new campaign.
  await newOne.getByRole('link', { name: 'Abrir Satisfação dezembro' }).click();
  await page.getByRole('tab', { name: 'Links dos membros' }).click();
  await page.getByLabel('Buscar (nome ou e-mail)').fill(DEMO.email);
  const line = page.getByRole('row').filter({ hasText: DEMO.email });
  await expect(line.getByText('Não começou')).toBeVisible();
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const links = (await adminApi(page, 'GET', `/api/admin/pesquisas/${id}/links?q=${encodeURIComponent(DEMO.email)}`)).body as { itens: { link: string }[] };
  const hash = new URL(links.itens[0]!.link).searchParams.get('hash')!;
  const state = async () => (await (await page.request.get(`${base}/api/satisfacao?hash=${hash}`)).json()) as { idPesquisa: number | null; faseEncerrada: boolean };
  // Members read survey definitions through the content cache, invalidated a moment after each write.
  await expect.poll(async () => (await state()).idPesquisa).toBe(id);

  // Close the phase (confirmed): the member's page says it is over; open it again.
  await page.goto(`${base}/admin/pesquisas`);
  await page.getByRole('button', { name: 'Encerrar fase de Satisfação dezembro' }).click();
  await page.getByRole('dialog', { name: 'Encerrar a fase?' }).getByRole('button', { name: 'Encerrar fase' }).click();
  await expect(newOne.getByText('Encerrada')).toBeVisible();
  await expect.poll(async () => (await state()).faseEncerrada).toBe(true);
  await page.getByRole('button', { name: 'Abrir fase de Satisfação dezembro' }).click();
  await page.getByRole('dialog', { name: 'Abrir a fase?' }).getByRole('button', { name: 'Abrir fase' }).click();
  await expect(newOne.getByText('Aberta')).toBeVisible();
  await expect.poll(async () => (await state()).faseEncerrada).toBe(false);

  // Reword question 1.
  await newOne.getByRole('link', { name: 'Abrir Satisfação dezembro' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Página 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Editar textos da pergunta 1', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Pergunta 1', exact: true });
  const question = edit.getByLabel('Pergunta', { exact: true });
  const text = `${await question.inputValue()} (dezembro)`;
  await question.fill(text);
  await edit.getByRole('button', { name: 'Salvar textos' }).click();
  await expect(page.getByText('Pergunta atualizada.')).toBeVisible();
  await expect(page.getByText(text)).toBeVisible();
  await adminSnap(page, 'pesquisa-perguntas');
  await withoutAxeViolations(page, 'as perguntas da pesquisa');

  // The member answers the first page through her link; staff browse it by first name and export it.
  const member = await page.context().newPage();
  await member.goto(`${base}/pesquisa-de-satisfacao?hash=${hash}`);
  await expect(member.getByText(text)).toBeVisible();
  const answered = await questionsOnScreen(member).count();
  await answerStep(member);
  await expect.poll(async () => ((await (await page.request.get(`${base}/api/satisfacao?hash=${hash}`)).json()) as { pagina: number }).pagina).toBe(2);
  await member.close();

  await page.getByRole('tab', { name: 'Respostas' }).click();
  const participation = page.getByRole('table', { name: 'Participações e respostas' }).getByRole('row').filter({ hasText: DEMO.nome.split(' ')[0]! });
  await expect(participation.getByText('Na página 2')).toBeVisible();
  await participation.getByRole('button', { name: /^Ver as \d+ respostas/ }).click();
  const detail = page.getByRole('dialog', { name: /^Participação #\d+/ });
  await expect(detail.getByText(text)).toBeVisible();
  await expect(detail.getByRole('listitem')).toHaveCount(answered);
  await adminSnap(page, 'pesquisa-respostas');
  await detail.getByRole('button', { name: /Fechar/ }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV (todas as respostas)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^respostas-satisfacao-.*\.csv$/);
  const lines = readFileSync(await file.path(), 'utf8').trim().split('\n');
  expect(lines[0]).toBe('participacao,primeiro_nome,pagina,concluida_em,cupom,perfil,pergunta_ordem,pergunta_pagina,pergunta,opcao,complemento,respondida_em');
  expect(lines).toHaveLength(1 + answered);
  expect(lines.join('\n')).not.toContain(DEMO.email);
});

t('atendimento lê as pesquisas sem controles nem links; o servidor recusa as escritas e os links', async ({ page, server }) => {
  await loginStaff(page, 'atendimento', `${server.baseUrl}/admin/pesquisas`);
  await expect(page.getByRole('table', { name: 'Pesquisas' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nova campanha de satisfação' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Encerrar a fase/ })).toHaveCount(0);
  const list = (await adminApi(page, 'GET', '/api/admin/pesquisas')).body as { id: number; tipo: string; atual: boolean }[];
  const current = list.find((p) => p.tipo === 'satisfacao' && p.atual)!;
  await page.goto(`${server.baseUrl}/admin/pesquisas/${current.id}`);
  await expect(page.getByRole('tab', { name: 'Respostas' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Links dos membros' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Editar textos/ })).toHaveCount(0);
  expect((await adminApi(page, 'GET', `/api/admin/pesquisas/${current.id}/links`)).status).toBe(403);
  expect((await adminApi(page, 'PUT', `/api/admin/pesquisas/${current.id}/fase`, { aberta: false })).status).toBe(403);
});
