import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core (WCAG 2 A and AA rules) on what the page shows now: every violation with the elements it
 * names, so a failure says what to fix. Toasts are left out: they come and go while axe runs. The
 * pointer is moved off the page first: axe checks the colours of whatever it rests on (hover).
 */
export async function withoutAxeViolations(page: Page, where: string, only: string[] = []) {
  await page.mouse.move(0, 0);
  // `only`: the parts of the page a test is about (its own sections), when the rest is another spec's.
  const builder = only.reduce((b, selector) => b.include(selector), new AxeBuilder({ page }));
  const r = await builder.withTags(['wcag2a', 'wcag2aa']).exclude('[data-sonner-toaster]').analyze();
  expect(
    r.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    `axe em ${where}`,
  ).toEqual([]);
}
