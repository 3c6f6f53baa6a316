import { MSG } from '@legiao/contracts';
import { Prisma } from '../../../generated/prisma/client.js';
import type { Db } from '../../../db/prisma.js';
import { AppError } from '../../../errors/app-error.js';

// The members area's writes queue on the member's row lock (and on the pool): concurrent debits of
// one member wait their turn. Prisma's defaults (2 s to get a connection, 5 s per transaction) made
// some of 20 concurrent debits fail with a 500 on a loaded machine; these limits let them queue, and
// a wait that still runs out is a 503 the client may retry, never a 500.
const OPTIONS = { maxWait: 10_000, timeout: 20_000 } as const;

export async function inTransaction<T>(prisma: Db, fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  try {
    return await prisma.$transaction(fn, OPTIONS);
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && (err.code === 'P2028' || err.code === 'P2034')) {
      throw new AppError('UNAVAILABLE', MSG.servicoIndisponivel, 'TENTE_NOVAMENTE');
    }
    throw err;
  }
}
