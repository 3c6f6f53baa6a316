import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createProduct } from '../produto-fixtures.js';

// Live counters (stock taken by redemptions, legion numbers handed out by verified purchases) are
// not definitions: updating only them must not drop the content cache; any other column must
// (docs/decisions/0019-content-cache.md). Serial: any other test writing the catalogue at the same
// moment would invalidate the entry too.
describe('content cache and live counters', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CACHE_SYNC_READS: 'false' } });
  });
  afterAll(() => t.close());

  it('an update of the counters alone keeps the entry; of any other column drops it', async () => {
    const product = await createProduct(t.prisma);
    const benefit = await t.prisma.beneficio.findFirst({ where: { estoque: { not: null } } });
    let loads = 0;
    const entry = t.app.cache.define(`teste-${randomUUID()}`, ['produto', 'beneficio'], async () => ++loads);
    await t.app.cache.sync();
    expect(await entry()).toBe(1);

    await t.prisma.$executeRaw`UPDATE produto SET numeros_atribuidos = numeros_atribuidos + 1 WHERE id = ${product.id}`;
    if (benefit) await t.prisma.$executeRaw`UPDATE beneficio SET estoque = estoque WHERE id = ${benefit.id}`;
    await t.app.cache.sync();
    expect(await entry()).toBe(1);

    // imagem3 is not in any column list: the row comparison covers it.
    await t.prisma.$executeRaw`UPDATE produto SET imagem3 = ${`/x-${randomUUID()}.svg`} WHERE id = ${product.id}`;
    await t.app.cache.sync();
    expect(await entry()).toBe(2);
  });
});
