import type { SqlPool } from '../../db/prisma.js';
import { newAccessCode } from './access-code.js';

/**
 * The access codes of a claimed batch's members (the alert carries the code), the rows made where
 * missing, the same rows as the member's first view makes (lancamentos.service.ts ensureAccess): one
 * statement for the batch, not a round trip per member. Answers member id -> code.
 */
export async function ensureAccesses(pool: SqlPool, launchId: string, userIds: string[]): Promise<Map<string, string>> {
  const codes = new Map<string, string>();
  // In member order, as the claim took them (concurrent batches lock in the same order).
  let missing = [...userIds].sort();
  for (let attempt = 0; missing.length; attempt++) {
    if (attempt > 3) throw new Error('acesso_antecipado: código repetido quatro vezes');
    // No conflict target: a member's first view inserting meanwhile or a code collision (50 bits:
    // rare) both do nothing; the first is read by the next round (this statement's snapshot predates
    // it), the second gets a new code.
    const { rows } = await pool.query<{ usuario_id: string; codigo: string }>({
      name: 'acesso-antecipado-avisos',
      text: `WITH novo AS (
               INSERT INTO acesso_antecipado (id, lancamento_id, usuario_id, codigo, atualizado_em)
               SELECT gen_random_uuid(), $1, m.id, m.codigo, now() AT TIME ZONE 'UTC'
                 FROM unnest($2::uuid[], $3::text[]) WITH ORDINALITY AS m(id, codigo, n) ORDER BY m.n
               ON CONFLICT DO NOTHING RETURNING usuario_id, codigo)
             SELECT usuario_id::text, codigo FROM novo
             UNION ALL SELECT usuario_id::text, codigo FROM acesso_antecipado WHERE lancamento_id = $1 AND usuario_id = ANY ($2::uuid[])`,
      values: [launchId, missing, missing.map(() => newAccessCode())],
    });
    for (const r of rows) codes.set(r.usuario_id, r.codigo);
    missing = missing.filter((id) => !codes.has(id));
  }
  return codes;
}
