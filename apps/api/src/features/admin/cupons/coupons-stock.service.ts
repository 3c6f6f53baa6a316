import { COUPONS_MSG, type BenefitCoupon, type CouponStock } from '@legiao/contracts/admin/cupons';
import { notFound, badRequest } from '../../../errors/app-error.js';
import { poolOf, type Db } from '../../../db/prisma.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Actor } from './coupons-import.service.js';

// The stock of the code pools (lista-mode benefits), per pool: free codes (the counter the member
// side reads, cupom_estoque, ADR 0020), handed out (redemptions) and used (reported by the store).

/** Threshold when staff set none for a benefit. */
export const DEFAULT_LOW_STOCK = 100;

interface PoolRow {
  beneficio_id: number;
  opcao_id: number | null;
  opcao_nome: string | null;
  livres: number;
  resgatados: number;
  usados: number;
}

const POOLS_SQL = `
  WITH b AS (SELECT id FROM beneficio WHERE modo_cupom = 'lista' AND ($1::int IS NULL OR id = $1)),
  pools AS (
    SELECT b.id AS beneficio_id, NULL::int AS opcao_id, NULL::text AS opcao_nome FROM b WHERE NOT EXISTS (SELECT 1 FROM beneficio_opcao o WHERE o.beneficio_id = b.id)
    UNION ALL
    SELECT o.beneficio_id, o.id, o.nome FROM beneficio_opcao o JOIN b ON b.id = o.beneficio_id
  ),
  livres AS (SELECT beneficio_id, NULLIF(opcao_id, 0) AS opcao_id, SUM(livres)::int AS n FROM cupom_estoque WHERE beneficio_id IN (SELECT id FROM b) GROUP BY 1, 2),
  saidas AS (
    SELECT r.beneficio_id, r.opcao_id, count(*)::int AS resgatados, count(*) FILTER (WHERE c.usado_em IS NOT NULL)::int AS usados
      FROM resgate r JOIN cupom c ON c.id = r.cupom_id WHERE r.beneficio_id IN (SELECT id FROM b) GROUP BY 1, 2
  )
  SELECT p.beneficio_id, p.opcao_id, p.opcao_nome, COALESCE(l.n, 0) AS livres, COALESCE(s.resgatados, 0) AS resgatados, COALESCE(s.usados, 0) AS usados
    FROM pools p
    LEFT JOIN livres l ON l.beneficio_id = p.beneficio_id AND l.opcao_id IS NOT DISTINCT FROM p.opcao_id
    LEFT JOIN saidas s ON s.beneficio_id = p.beneficio_id AND s.opcao_id IS NOT DISTINCT FROM p.opcao_id
   ORDER BY p.beneficio_id, p.opcao_id NULLS FIRST`;

/** Every lista-mode benefit (or one) with its pools' stock. */
export async function listStock(prisma: Db, benefitId?: number): Promise<BenefitCoupon[]> {
  const sql = poolOf(prisma);
  const [{ rows: benefits }, { rows: pools }] = await Promise.all([
    sql.query<{ id: number; nome: string; ativo: boolean; minimo: number | null }>(
      `SELECT b.id, b.nome, b.ativo, a.minimo FROM beneficio b LEFT JOIN cupom_alerta a ON a.beneficio_id = b.id
        WHERE b.modo_cupom = 'lista' AND ($1::int IS NULL OR b.id = $1) ORDER BY b.ativo DESC, b.ordem, b.id`,
      [benefitId ?? null],
    ),
    sql.query<PoolRow>(POOLS_SQL, [benefitId ?? null]),
  ]);
  return benefits.map((b) => {
    const minimum = b.minimo ?? DEFAULT_LOW_STOCK;
    const mine: CouponStock[] = pools
      .filter((p) => p.beneficio_id === b.id)
      .map((p) => ({ idOpcao: p.opcao_id, nomeOpcao: p.opcao_nome, livres: p.livres, resgatados: p.resgatados, usados: p.usados, estoqueBaixo: p.livres <= minimum }));
    const sum = (k: 'livres' | 'resgatados' | 'usados') => mine.reduce((acc, p) => acc + p[k], 0);
    return {
      id: b.id,
      nome: b.nome,
      ativo: b.ativo,
      alertaMinimo: minimum,
      livres: sum('livres'),
      resgatados: sum('resgatados'),
      usados: sum('usados'),
      estoqueBaixo: mine.some((p) => p.estoqueBaixo),
      pools: mine,
    };
  });
}

export async function getStock(prisma: Db, benefitId: number): Promise<BenefitCoupon> {
  const [b] = await listStock(prisma, benefitId);
  if (!b) throw notFound(COUPONS_MSG.beneficioNaoEncontrado);
  return b;
}

/** Sets a benefit's low-stock threshold (audited in the same transaction). */
export async function setLowStock(prisma: Db, benefitId: number, minimum: number, actor: Actor): Promise<BenefitCoupon> {
  if (!Number.isInteger(minimum) || minimum < 0) throw badRequest(COUPONS_MSG.minimoInvalido);
  const before = await getStock(prisma, benefitId);
  await prisma.$transaction(async (tx) => {
    await tx.couponStockAlert.upsert({ where: { benefitId }, create: { benefitId, minimum: minimum }, update: { minimum: minimum } });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'cupons.alerta',
      entity: 'beneficio',
      entityId: benefitId,
      before: { alertaMinimo: before.alertaMinimo },
      after: { alertaMinimo: minimum },
      requestId: actor.requestId,
    });
  });
  return getStock(prisma, benefitId);
}
