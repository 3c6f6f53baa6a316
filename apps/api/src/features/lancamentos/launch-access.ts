import { LAUNCH_ACCESS_MSG, type LaunchAccess } from '@legiao/contracts/lancamentos-acesso';
import type { SqlPool } from '../../db/prisma.js';
import { forbidden } from '../../errors/app-error.js';
import type { RuleContext } from './rule-engine.js';
import { memberView, publishedLaunch } from './lancamentos.service.js';

/**
 * POST /api/lancamentos/{slug}/acesso (docs/decisions/0047-launches.md, part 2): the member opens their
 * personal access. The same decision GET /api/lancamentos makes (eligible, in the window; the code
 * made if missing), then the first opening is recorded once: the row may not exist yet (the view's
 * buffer writes a second later), so it is an upsert that only ever sets `acessado_em` when empty.
 */
export async function openAccess(pool: SqlPool, slug: string, userId: string, ctx: RuleContext, storeUrl: string): Promise<LaunchAccess> {
  const launch = await publishedLaunch(pool, slug);
  const view = await memberView(pool, launch, userId, ctx, { storeUrl, createAccess: true });
  if (!view.acesso?.codigo || !view.acesso.link) throw forbidden(LAUNCH_ACCESS_MSG.indisponivel, 'ACESSO_INDISPONIVEL');
  await pool.query({
    name: 'lancamento-acesso-registrar',
    text: `INSERT INTO lancamento_visualizacao (lancamento_id, usuario_id, primeira_em, elegivel, acessado_em) VALUES ($1, $2, $3, true, $3)
           ON CONFLICT (lancamento_id, usuario_id) DO UPDATE SET acessado_em = $3 WHERE lancamento_visualizacao.acessado_em IS NULL`,
    values: [launch.id, userId, ctx.now],
  });
  return { codigo: view.acesso.codigo, link: view.acesso.link, cotaRestante: view.acesso.cotaRestante };
}
