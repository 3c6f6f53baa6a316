import { expect, type Locator, type Page } from '@playwright/test';

// The home mounts each section below the first screen only when it comes near the viewport
// (docs/decisions/0018-home-on-a-phone.md); until then a placeholder (.secao-adiada) holds its place.
// A full-page check must scroll down as a person would.

const postponed = (page: Page) => page.locator('main#conteudo .secao-adiada');

/** Scrolls placeholder by placeholder until `alvo` exists (or every section is mounted). */
export async function scrollTo(page: Page, target?: Locator) {
  await expect(page.getByRole('heading', { level: 1, name: /^Olá/ })).toBeVisible();
  for (;;) {
    if (target && (await target.count()) > 0) break;
    const remaining = await postponed(page).count();
    if (remaining === 0) break;
    // In the page, in one go: the placeholder may give way while a locator would still be aiming at it.
    await page.evaluate(() => document.querySelector('main#conteudo .secao-adiada')?.scrollIntoView({ block: 'center' }));
    // Mounted: the placeholder gives way to the section (or to nothing, when it has nothing to show).
    await expect(postponed(page)).not.toHaveCount(remaining);
  }
  if (target) await target.first().scrollIntoViewIfNeeded();
}

/** Every section of the home mounted, top to bottom. */
export async function walkHome(page: Page) {
  await scrollTo(page);
  await expect(postponed(page)).toHaveCount(0);
}
