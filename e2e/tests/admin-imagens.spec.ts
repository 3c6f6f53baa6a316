import { createRequire } from 'node:module';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { adminApi, adminSnap, loginStaff } from '../support/admin';
import { memberWithBalance } from '../support/beneficios';
import { e2eDatabaseUrl } from '../support/database';
import { API_DIR } from '../support/env';
import { signIn } from '../support/ui';

// Images in the back office (docs/decisions/0028-code-pools-and-images.md): upload, the sizes
// made, the <picture> sources, a refused SVG, and a read-only role.

// sharp and pg are the API's own dependencies: borrowed to draw the test pictures and add a benefit.
const fromApi = createRequire(path.join(API_DIR, 'package.json'));
const sharp = fromApi('sharp') as typeof import('sharp');

async function photo(width: number, height: number) {
  const cor = { r: Math.floor(Math.random() * 255), g: 120, b: 200 };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="rgb(${cor.r},${cor.g},${cor.b})"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

// One marketing journey: the picture uploaded and checked in the gallery is the one a member then
// sees on a benefit. That was a second test signing marketing in again and uploading a second
// picture (which once never showed in the gallery here: that test timed out waiting for it).
test('marketing uploads a picture: the sizes are made, the gallery shows it with AVIF and WebP sources; a member sees a benefit using it as AVIF, with the JPEG as fallback', async ({ page, browser, request }) => {
  await loginStaff(page, 'marketing', '/admin/imagens');
  await expect(page.getByRole('heading', { level: 1, name: 'Imagens' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Benefício (cartão e resgate)' })).toHaveAttribute('aria-pressed', 'true');
  const name = `promo-${Date.now()}.jpg`;
  await page.getByLabel('Enviar imagem nova').setInputFiles({ name: name, mimeType: 'image/jpeg', buffer: await photo(1280, 720) });
  await expect(page.getByText('Imagem enviada: 6 arquivos gerados (AVIF, WebP e JPEG).')).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: name });
  await expect(card).toContainText('JPEG 1280×720');
  const url = await card.locator('code').innerText();
  expect(url).toMatch(/^\/imagens\/[0-9a-f]{16}-640x360\.jpg$/);
  const base = url.replace(/\.jpg$/, '');
  await expect(card.locator('source[type="image/avif"]')).toHaveAttribute('srcset', `${base}.avif`);
  await expect(card.locator('source[type="image/webp"]')).toHaveAttribute('srcset', `${base}.webp`);
  // Chromium picks the AVIF and it loads.
  await expect.poll(() => card.locator('img').evaluate((img: HTMLImageElement) => (img.complete ? img.currentSrc : ''))).toMatch(/\.avif$/);
  expect(await card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
  const res = await page.request.get(url);
  expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  await adminSnap(page, 'imagens');
  const axe = await new AxeBuilder({ page }).include('main#conteudo').analyze();
  expect(axe.passes.length, 'axe checked the content').toBeGreaterThan(10);
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await test.step('a member sees a benefit whose picture came from the back office as AVIF, with the JPEG as fallback', async () => {
    // A benefit using it (the benefit form's picker writes this same value).
    const pg = fromApi('pg') as { Client: new (o: { connectionString: string }) => { connect(): Promise<void>; query(q: string, v: unknown[]): Promise<unknown>; end(): Promise<void> } };
    const db = new pg.Client({ connectionString: e2eDatabaseUrl() });
    await db.connect();
    const title = `Benefício com foto ${Date.now()}`;
    await db.query(
      `INSERT INTO beneficio (chave, nome, tipo, url_imagem, valor, texto_legal, publico, cidades, modo_cupom, ativo, ordem, atualizado_em)
       VALUES ($1, $2, 'baseGeral', $3, 1, 'Texto legal.', '{legionario}', '{}', 'gerado', true, 999, now())`,
      [`foto-${Date.now()}`, title, url],
    );
    await db.end();

    const account = await memberWithBalance(request, 0, 'foto');
    const member = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // Her login form is not the subject (login.spec.ts): a session from the API, /beneficios first.
    await signIn(member, account.email, account.senha, '/beneficios');
    const img = member.getByRole('article', { name: title }).locator('picture img');
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => (i.complete ? i.currentSrc : ''))).toMatch(/-640x360\.avif$/);
    expect(await img.getAttribute('src')).toBe(url);
    await member.close();
  });
});

test('an SVG (even named .png) is refused in Portuguese; a banner picture goes to its own tab', async ({ page }) => {
  await loginStaff(page, 'admin', '/admin/imagens?uso=banner-desktop');
  await expect(page.getByRole('button', { name: 'Banner (computador)' })).toHaveAttribute('aria-pressed', 'true');
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="600"><rect width="1600" height="600" fill="red"/></svg>';
  await page.getByLabel('Enviar imagem nova').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: Buffer.from(svg) });
  await expect(page.getByRole('alert').filter({ hasText: 'Imagens SVG não são aceitas: envie JPEG, PNG, WebP ou AVIF.' })).toBeVisible();
  await page.getByLabel('Enviar imagem nova').setInputFiles({ name: 'pequena.jpg', mimeType: 'image/jpeg', buffer: await photo(400, 150) });
  await expect(page.getByRole('alert').filter({ hasText: 'A imagem é pequena demais para este uso: envie ao menos 800×300 pixels.' })).toBeVisible();
  await page.getByLabel('Enviar imagem nova').setInputFiles({ name: 'banner-ok.jpg', mimeType: 'image/jpeg', buffer: await photo(1600, 600) });
  await expect(page.getByRole('listitem').filter({ hasText: 'banner-ok.jpg' })).toContainText('JPEG 1600×600');
  await adminSnap(page, 'imagens-banner');
  // The use is in the URL; another use lists only its own pictures.
  await page.getByRole('button', { name: 'Produto' }).click();
  await expect(page).toHaveURL(/uso=produto/);
  await expect(page.getByRole('listitem').filter({ hasText: 'banner-ok.jpg' })).toHaveCount(0);
});

test('atendimento browses the images but has no upload', async ({ page }) => {
  await loginStaff(page, 'atendimento', '/admin/imagens');
  await expect(page.getByRole('heading', { level: 1, name: 'Imagens' })).toBeVisible();
  await expect(page.getByLabel('Enviar imagem nova')).toHaveCount(0);
  // The server refuses the upload too (the permission is checked before the body is read).
  expect((await adminApi(page, 'POST', '/api/admin/imagens?uso=beneficio', {})).status).toBe(403);
});
