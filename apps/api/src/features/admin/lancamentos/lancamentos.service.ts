import { LAUNCH_MSG, LAUNCH_TIME_ZONE, launchRuleSchema, type LaunchRule, type LaunchStatus } from '@legiao/contracts/lancamentos';
import type { AdminLaunch, LaunchInputParsed } from '@legiao/contracts/admin/lancamentos';
import type { z } from 'zod';
import type { memberLaunchEligibilitySchema } from '@legiao/contracts/admin/lancamentos';
import { Prisma, type LancamentoProduto } from '../../../generated/prisma/client.js';
import { poolOf, type Db, type SqlPool } from '../../../db/prisma.js';
import { badRequest, conflict, notFound } from '../../../errors/app-error.js';
import { decide, type RuleContext } from '../../lancamentos/rule-engine.js';
import { memberView, type LaunchRow } from '../../lancamentos/lancamentos.service.js';
import { saoPauloIso, saoPauloText } from '../../lancamentos/time.js';

// Launches in the back office (issue 31 item 1; docs/decisions/0047-launches.md): the definition,
// its status, the rule's preview count and the launch as one member would see it.

type Tx = Prisma.TransactionClient;

export function toAdmin(l: LancamentoProduto): AdminLaunch {
  return {
    id: l.id,
    slug: l.slug,
    nome: l.nome,
    urlImagem: l.urlImagem,
    abas: { sobre: l.sobre, cores: l.cores as AdminLaunch['abas']['cores'], produtos: l.produtos as AdminLaunch['abas']['produtos'] },
    skus: l.skus,
    acessoInicio: saoPauloIso(l.acessoInicio),
    acessoFim: saoPauloIso(l.acessoFim),
    dataPublica: saoPauloIso(l.dataPublica),
    fusoHorario: LAUNCH_TIME_ZONE,
    horarios: { acessoInicio: saoPauloText(l.acessoInicio), acessoFim: saoPauloText(l.acessoFim), dataPublica: saoPauloText(l.dataPublica) },
    cotaPorMembro: l.cotaPorMembro,
    avisoPrazoMin: l.avisoPrazoMin,
    regra: launchRuleSchema.parse(l.regra),
    status: l.status,
    criadoPor: l.criadoPor,
    atualizadoPor: l.atualizadoPor,
    criadoEm: l.criadoEm.toISOString(),
    atualizadoEm: l.atualizadoEm.toISOString(),
  };
}

/** The row as the member side reads it (lancamentos.service.ts). */
export function toRow(l: LancamentoProduto): LaunchRow {
  return {
    id: l.id,
    slug: l.slug,
    nome: l.nome,
    url_imagem: l.urlImagem,
    sobre: l.sobre,
    cores: l.cores as LaunchRow['cores'],
    produtos: l.produtos as LaunchRow['produtos'],
    skus: l.skus,
    acesso_inicio: l.acessoInicio,
    acesso_fim: l.acessoFim,
    data_publica: l.dataPublica,
    cota_por_membro: l.cotaPorMembro,
    regra: l.regra,
    status: l.status,
  };
}

/**
 * What the catalogue must hold: every SKU (any case; stored as the catalogue spells it), and every
 * category and product the rule names. 400 naming what is missing; nothing is written.
 */
export async function checkCatalogue(db: Tx | Db, skus: string[], rule: LaunchRule): Promise<string[]> {
  const found = await db.produto.findMany({ where: { OR: skus.map((s) => ({ sku: { equals: s, mode: 'insensitive' as const } })) }, select: { sku: true } });
  const byUpper = new Map(found.map((p) => [p.sku.toUpperCase(), p.sku]));
  const missing = skus.filter((s) => !byUpper.has(s.toUpperCase()));
  if (missing.length) throw badRequest(`${LAUNCH_MSG.skuDesconhecido} ${missing.join(', ')}.`);
  await checkRuleCatalogue(db, rule);
  return skus.map((s) => byUpper.get(s.toUpperCase())!);
}

export async function checkRuleCatalogue(db: Tx | Db, rule: LaunchRule): Promise<void> {
  const categories = [...new Set(rule.condicoes.flatMap((c) => (c.tipo === 'possuiCategoria' ? [c.categoria] : [])))];
  const products = [...new Set(rule.condicoes.flatMap((c) => (c.tipo === 'possuiProduto' ? [c.produtoId] : [])))];
  if (categories.length) {
    const rows = await db.produto.findMany({ where: { categoria: { in: categories } }, select: { categoria: true }, distinct: ['categoria'] });
    const known = new Set(rows.map((r) => r.categoria));
    const missing = categories.filter((c) => !known.has(c));
    if (missing.length) throw badRequest(`${LAUNCH_MSG.categoriaDesconhecida} ${missing.join(', ')}.`);
  }
  if (products.length) {
    const rows = await db.produto.findMany({ where: { id: { in: products } }, select: { id: true } });
    const known = new Set(rows.map((r) => r.id));
    const missing = products.filter((p) => !known.has(p));
    if (missing.length) throw badRequest(`${LAUNCH_MSG.produtoDesconhecido} ${missing.join(', ')}.`);
  }
}

const dataOf = (input: LaunchInputParsed, skus: string[]) => ({
  slug: input.slug,
  nome: input.nome,
  urlImagem: input.urlImagem,
  sobre: input.abas.sobre,
  cores: input.abas.cores,
  produtos: input.abas.produtos,
  skus,
  acessoInicio: new Date(input.acessoInicio),
  acessoFim: new Date(input.acessoFim),
  dataPublica: new Date(input.dataPublica),
  cotaPorMembro: input.cotaPorMembro,
  // Left out of an edit: kept (the editor's form may not show it).
  ...(input.avisoPrazoMin !== undefined ? { avisoPrazoMin: input.avisoPrazoMin } : {}),
  regra: input.regra as Prisma.InputJsonValue,
});

const slugTaken = (err: unknown) => err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002';

export async function createLaunch(tx: Tx, input: LaunchInputParsed, actorId: string): Promise<AdminLaunch> {
  const skus = await checkCatalogue(tx, input.skus, input.regra);
  if (await tx.lancamentoProduto.findUnique({ where: { slug: input.slug }, select: { id: true } })) throw conflict(LAUNCH_MSG.slugEmUso, 'SLUG_EM_USO');
  try {
    return toAdmin(await tx.lancamentoProduto.create({ data: { ...dataOf(input, skus), criadoPor: actorId, atualizadoPor: actorId } }));
  } catch (err) {
    if (slugTaken(err)) throw conflict(LAUNCH_MSG.slugEmUso, 'SLUG_EM_USO');
    throw err;
  }
}

async function lock(tx: Tx, id: string): Promise<LancamentoProduto> {
  const [row] = await tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM lancamento_produto WHERE id = ${id}::uuid FOR UPDATE`;
  if (!row) throw notFound(LAUNCH_MSG.naoEncontrado);
  return tx.lancamentoProduto.findUniqueOrThrow({ where: { id } });
}

export async function editLaunch(tx: Tx, id: string, input: LaunchInputParsed, actorId: string): Promise<{ antes: AdminLaunch; depois: AdminLaunch }> {
  const current = await lock(tx, id);
  if (current.status !== 'rascunho' && current.slug !== input.slug) throw conflict(LAUNCH_MSG.slugPublicado, 'SLUG_PUBLICADO');
  const skus = await checkCatalogue(tx, input.skus, input.regra);
  if (current.slug !== input.slug && (await tx.lancamentoProduto.findUnique({ where: { slug: input.slug }, select: { id: true } }))) throw conflict(LAUNCH_MSG.slugEmUso, 'SLUG_EM_USO');
  const next = await tx.lancamentoProduto.update({ where: { id }, data: { ...dataOf(input, skus), atualizadoPor: actorId } });
  return { antes: toAdmin(current), depois: toAdmin(next) };
}

export async function setStatus(tx: Tx, id: string, status: LaunchStatus, actorId: string): Promise<{ antes: AdminLaunch; depois: AdminLaunch; changed: boolean }> {
  const current = await lock(tx, id);
  if (current.status === status) return { antes: toAdmin(current), depois: toAdmin(current), changed: false };
  const next = await tx.lancamentoProduto.update({ where: { id }, data: { status, atualizadoPor: actorId } });
  return { antes: toAdmin(current), depois: toAdmin(next), changed: true };
}

export async function getLaunch(db: Db, id: string): Promise<LancamentoProduto> {
  const l = await db.lancamentoProduto.findUnique({ where: { id } });
  if (!l) throw notFound(LAUNCH_MSG.naoEncontrado);
  return l;
}

export async function listLaunches(db: Db, status?: LaunchStatus) {
  const rows = await db.lancamentoProduto.findMany({ where: status ? { status } : {}, orderBy: [{ acessoInicio: 'desc' }, { id: 'asc' }] });
  return { itens: rows.map(toAdmin), total: rows.length };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The member a preview stands for: by id or e-mail. */
export async function findMember(db: Db, ref: string) {
  const where = UUID.test(ref) ? { id: ref.toLowerCase() } : { email: ref.toLowerCase() };
  const u = await db.usuario.findFirst({ where: { ...where, excluidoEm: null }, select: { id: true, nome: true, email: true } });
  if (!u) throw notFound(LAUNCH_MSG.membroNaoEncontrado);
  return u;
}

/** GET /api/admin/lancamentos/{id}/previa: the launch (any status) as the member would see it at `at`; makes nothing. */
export async function previewAsMember(db: Db, id: string, memberRef: string, ctx: RuleContext, storeUrl: string) {
  const launch = await getLaunch(db, id);
  const member = await findMember(db, memberRef);
  const view = await memberView(poolOf(db), toRow(launch), member.id, ctx, { storeUrl, createAccess: false });
  return { membro: member, em: saoPauloIso(ctx.now), status: launch.status, lancamento: view };
}

/** On the member's back-office page: each published launch not yet public, whether this member is eligible and why. */
export async function launchesOfMember(pool: SqlPool, userId: string, ctx: RuleContext): Promise<z.infer<typeof memberLaunchEligibilitySchema>[]> {
  const { rows } = await pool.query<{ id: string; slug: string; nome: string; acesso_inicio: Date; data_publica: Date; regra: unknown }>({
    name: 'lancamentos-do-membro',
    text: `SELECT id::text AS id, slug, nome, acesso_inicio, data_publica, regra FROM lancamento_produto WHERE status = 'publicado' AND data_publica > $1 ORDER BY acesso_inicio, id`,
    values: [ctx.now],
  });
  const out = [];
  for (const l of rows) {
    const d = await decide(pool, launchRuleSchema.parse(l.regra), { userId }, ctx, { launchId: l.id });
    out.push({ id: l.id, slug: l.slug, nome: l.nome, acessoInicio: saoPauloIso(l.acesso_inicio), dataPublica: saoPauloIso(l.data_publica), elegivel: d?.eligible ?? false, motivos: d?.reasons ?? [], cotaUsada: d?.used ?? 0 });
  }
  return out;
}
