import { expect, test, type Page } from '@playwright/test';
import { createActiveAccount } from '../support/accounts';
import { withoutAxeViolations } from '../support/acessibilidade';
import { scrollTo } from '../support/home';
import { archiveLaunch, memberIdOf, newProduct, publishedLaunch, spMidnight, staffToken, tag, verifiedPurchases } from '../support/lancamentos';
import { signIn } from '../support/ui';

// "Avise-me" (issue 32 §1; docs/decisions/0049-launch-alert-waves.md): an eligible member who has not
// accepted e-mails asks to be alerted of their opening; the consent is asked inline and given in the
// same click (and shows in Meu perfil's history); the request survives a reload; the launch page
// counts it; cancelling goes back.

const presale = (page: Page, name: string) => page.getByRole('region', { name: `Acesso antecipado ${name}`, exact: true });

test('Avise-me: consentimento pedido no mesmo clique, registrado; o painel conta; cancelar desfaz', async ({ page, request }) => {
  test.slow();
  const admin = await staffToken(request, 'admin');
  const product = await newProduct(request, admin);
  const fan = await createActiveAccount(request, 'aviso');
  await verifiedPurchases(request, admin, await memberIdOf(request, admin, fan.email), product.sku, 1);
  const soon = await publishedLaunch(request, admin, { nome: `Mochila Tropa ${tag()}`, sku: product.sku, acessoInicio: spMidnight(2), acessoFim: spMidnight(3), dataPublica: spMidnight(4), cota: 1, condicoes: [{ tipo: 'possuiProduto', produtoId: product.id }] });
  const alertCounts = async () => {
    const res = await request.get(`/api/admin/lancamentos/${soon.id}/painel`, { headers: { Authorization: `Bearer ${admin}` } });
    expect(res.status()).toBe(200);
    return (await res.json()).avisos as { pedidos: number; cancelados: number };
  };

  try {
    await signIn(page, fan.email, fan.senha);
    const card = presale(page, soon.nome);
    await scrollTo(page, card);
    const ask = card.getByRole('button', { name: `Avise-me por e-mail quando abrir: ${soon.nome}` });
    await expect(ask).toBeVisible();

    await test.step('sem consentimento: a pergunta na hora, e o pedido não sai sem ela', async () => {
      await ask.click();
      await expect(card.getByRole('alert')).toHaveText('Para receber o aviso por e-mail, marque que aceita receber e-mails da Legião.');
      expect((await alertCounts()).pedidos).toBe(0);
      await withoutAxeViolations(page, 'o Avise-me com a pergunta do consentimento', ['.lancamento-home']);
    });

    await test.step('aceita e pede no mesmo clique', async () => {
      await card.getByLabel(/Aceito receber e-mails da Legião/).check();
      const sent = page.waitForResponse((r) => r.url().endsWith(`/api/lancamentos/${soon.slug}/aviso`) && r.request().method() === 'POST');
      await ask.click();
      expect((await sent).request().postDataJSON()).toEqual({ consentirEmail: true });
      await expect(card.getByRole('status').filter({ hasText: 'Vamos avisar por e-mail' })).toBeVisible();
      expect(await alertCounts()).toMatchObject({ pedidos: 1, cancelados: 0 });
    });

    await test.step('depois de recarregar continua pedido; o consentimento está no histórico de Meu perfil', async () => {
      await page.reload();
      await scrollTo(page, presale(page, soon.nome));
      await expect(presale(page, soon.nome).getByRole('button', { name: `Cancelar o aviso de ${soon.nome}` })).toBeVisible();
      const token = await page.evaluate(() => localStorage.getItem('token'));
      const history = await page.request.get('/api/usuario/consentimentos', { headers: { Authorization: `Bearer ${token}` } });
      expect((await history.json())[0]).toMatchObject({ canal: 'email', concedido: true, origem: 'lancamento' });
    });

    await test.step('cancela: volta o botão, já sem a pergunta (o consentimento fica)', async () => {
      await presale(page, soon.nome).getByRole('button', { name: `Cancelar o aviso de ${soon.nome}` }).click();
      await expect(presale(page, soon.nome).getByRole('button', { name: `Avise-me por e-mail quando abrir: ${soon.nome}` })).toBeVisible();
      await expect(presale(page, soon.nome).getByLabel(/Aceito receber e-mails da Legião/)).toHaveCount(0);
      expect(await alertCounts()).toMatchObject({ pedidos: 0, cancelados: 1 });
    });
  } finally {
    await archiveLaunch(request, admin, soon.id);
  }
});
