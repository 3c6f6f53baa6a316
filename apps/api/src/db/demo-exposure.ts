import type { Db } from './prisma.js';
import { DEMO_PASSWORD } from './seed.js';
import { verifyPassword } from '../lib/passwords.js';

/**
 * The demo accounts (every seeded one is @legiao.dev) that still open with the password the README
 * publishes. SEED_DEMO=false stops new ones, but a database that was once started with demo data
 * keeps them: a server that other machines reach must not (docs/decisions/0036-safe-defaults.md).
 */
export async function demoAccountsWithPublishedPassword(prisma: Db): Promise<string[]> {
  const rows = await prisma.usuario.findMany({ where: { email: { endsWith: '@legiao.dev' }, senhaHash: { not: null } }, select: { email: true, senhaHash: true }, orderBy: { email: 'asc' } });
  const open: string[] = [];
  for (const row of rows) if (row.senhaHash && (await verifyPassword(DEMO_PASSWORD, row.senhaHash))) open.push(row.email);
  return open;
}
