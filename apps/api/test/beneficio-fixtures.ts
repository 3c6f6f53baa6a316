import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/prisma.js';
import type { Prisma } from '../src/generated/prisma/client.js';
import type { TipoUsuario } from '../src/generated/prisma/enums.js';
import { bearer, createUser, login } from './support/factories.js';
import { createProduct } from './produto-fixtures.js';

// Factories for the economy tests (benefits, ledger, referrals): unique data per call, since test
// files share one database.

/**
 * Gives a member `pontos` of balance as ONE ledger entry (a Compra credit on an entry of its own):
 * the tests need a balance, not a realistic history.
 */
let productBalance: Promise<{ id: number }> | undefined;
export async function giveBalance(prisma: Db, userId: string, points: number) {
  if (points <= 0) return;
  productBalance ??= createProduct(prisma); // one product per test file is enough
  const entry = await prisma.produtoCliente.create({ data: { usuarioId: userId, produtoId: (await productBalance).id, dataCompra: new Date('2025-01-15T00:00:00.000Z'), localCompra: 'Amazon' } });
  await prisma.lancamento.create({ data: { usuarioId: userId, motivo: 'compra', valor: points, produtoClienteId: entry.id } });
}

export interface MemberOpts {
  tipo?: TipoUsuario;
  cidade?: string;
  /** null: the personalisation survey wasn't answered (perfilDefinido false). */
  perfil?: string | null;
  saldo?: number;
  celular?: string;
}

/** An active member with a complete profile (and, unless told, a defined one), logged in. */
export async function createEconomyMember(app: FastifyInstance, prisma: Db, opts: MemberOpts = {}) {
  const { usuario: user, email } = await createUser(prisma);
  const updated = await prisma.usuario.update({
    where: { id: user.id },
    data: { tipo: opts.tipo ?? 'legionario', perfil: opts.perfil === undefined ? 'outsider' : opts.perfil, cidade: opts.cidade ?? 'São Paulo', ...(opts.celular ? { celular: opts.celular } : {}) },
  });
  await giveBalance(prisma, user.id, opts.saldo ?? 0);
  const token = await login(app, email);
  return { usuario: updated, email, token, headers: bearer(token) };
}

export type BenefitOpts = Partial<Omit<Prisma.BeneficioUncheckedCreateInput, 'opcoes'>> & {
  /** lista mode: imports this many fresh codes into the pool. */
  pool?: number;
  opcoes?: { nome: string; data: string; estoque?: number | null; pool?: number }[];
};

/** A benefit for legionários, free of dates and cities, by default generated codes without stock limit. */
export async function createBenefit(prisma: Db, opts: BenefitOpts = {}) {
  const { pool, opcoes: options, ...data } = opts;
  const tag = randomUUID().slice(0, 8);
  const b = await prisma.beneficio.create({
    data: {
      chave: `teste-${tag}`,
      nome: `Benefício de teste ${tag}`,
      tipo: 'baseGeral',
      urlImagem: '/beneficios/cupom-10.svg',
      valor: 1,
      textoLegal: 'Texto legal de teste.',
      publico: ['legionario'],
      cidades: [],
      modoCupom: pool !== undefined || options?.some((o) => o.pool !== undefined) ? 'lista' : 'gerado',
      prefixoCupom: `T${tag.slice(0, 4)}`,
      ...data,
    },
  });
  if (pool) await prisma.cupom.createMany({ data: Array.from({ length: pool }, (_, i) => ({ beneficioId: b.id, codigo: `T-${tag}-${i}`.toUpperCase() })) });
  const created = [];
  for (const [i, o] of (options ?? []).entries()) {
    const option = await prisma.beneficioOpcao.create({ data: { beneficioId: b.id, nome: o.nome, data: new Date(`${o.data}T00:00:00.000Z`), estoque: o.estoque ?? null, ordem: i + 1 } });
    if (o.pool) await prisma.cupom.createMany({ data: Array.from({ length: o.pool }, (_, k) => ({ beneficioId: b.id, opcaoId: option.id, codigo: `T-${tag}-${option.id}-${k}`.toUpperCase() })) });
    created.push(option);
  }
  return { ...b, opcoes: created };
}

export const balanceOf = async (prisma: Db, userId: string) =>
  (await prisma.lancamento.aggregate({ where: { usuarioId: userId }, _sum: { valor: true } }))._sum.valor ?? 0;

/**
 * The economy's invariants for a benefit: every taken code has exactly one redemption and one debit
 * of the benefit's cost, every redemption's code is taken, and no code was handed out twice.
 */
export async function benefitInvariants(prisma: Db, benefitId: number) {
  const [taken, redemptions, debits] = await Promise.all([
    prisma.cupom.findMany({ where: { beneficioId: benefitId, resgatadoEm: { not: null } }, select: { id: true, codigo: true } }),
    prisma.resgate.findMany({ where: { beneficioId: benefitId }, select: { id: true, cupomId: true, valor: true, usuarioId: true } }),
    prisma.lancamento.findMany({ where: { resgate: { beneficioId: benefitId } }, select: { resgateId: true, valor: true, usuarioId: true } }),
  ]);
  return { taken: taken, resgates: redemptions, debitos: debits };
}
