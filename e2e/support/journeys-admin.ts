import { expect, type Locator, type Page, type Request } from '@playwright/test';

// Helpers for the back office's journeys (admin-*.spec.ts).

/** How wide the page is against the window: wider means the whole page scrolls sideways. */
export const pageWidth = (page: Page) => page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));

/**
 * A table wider than its box scrolls inside the box (.admin-tabela__rolagem), never the page: the
 * page is no wider than the window, the box keeps to the window and holds the overflow, and
 * `last` (something in the table's last column) is reached by scrolling the box, not the page.
 */
export async function expectTableScrollsInItsBox(page: Page, table: Locator, last: Locator) {
  const box = page.locator('.admin-tabela__rolagem').filter({ has: table });
  const seen = await box.evaluate((el) => ({
    page: document.documentElement.scrollWidth,
    window: window.innerWidth,
    box: el.clientWidth,
    table: el.scrollWidth,
    boxRight: Math.round(el.getBoundingClientRect().right),
    overflowX: getComputedStyle(el).overflowX,
  }));
  expect(seen.page, `a página não rola para o lado: ${JSON.stringify(seen)}`).toBeLessThanOrEqual(seen.window);
  expect(seen.table, `a tabela é mais larga que a caixa (o caso em teste): ${JSON.stringify(seen)}`).toBeGreaterThan(seen.box);
  expect(seen.overflowX).toBe('auto');
  expect(seen.boxRight).toBeLessThanOrEqual(seen.window);
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport();
  expect(await box.evaluate((el) => el.scrollLeft), 'a última coluna chega rolando a caixa').toBeGreaterThan(0);
  expect(await page.evaluate(() => window.scrollX), 'a página continua sem rolar para o lado').toBe(0);
  await box.evaluate((el) => el.scrollTo({ left: 0 }));
}

/**
 * The page's requests in flight, for a walk through screens opened from the menu (admin-a11y.spec.ts):
 * `waitForLoadState('networkidle')` is about a document's load, already reached once the first screen
 * has loaded, so it waits for nothing after a click in the app. `quiet()` waits until no request has
 * been in flight for half a second (sockets are left out: they stay open).
 */
export function watchNetwork(page: Page) {
  const open = new Set<Request>();
  let changed = Date.now();
  const done = (r: Request) => {
    if (open.delete(r)) changed = Date.now();
  };
  page.on('request', (r) => {
    if (r.resourceType() === 'websocket' || r.resourceType() === 'eventsource') return;
    open.add(r);
    changed = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    quiet: () =>
      expect
        .poll(() => (open.size === 0 ? Date.now() - changed : -open.size), { message: 'requests still in flight', intervals: [100], timeout: 30_000 })
        .toBeGreaterThanOrEqual(500),
  };
}
