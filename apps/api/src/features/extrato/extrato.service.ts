import type { FastifyInstance } from 'fastify';
import type { StatementItem } from '@legiao/contracts';
import { Prisma } from '../../db/prisma.js';
import type { MotivoLancamento } from '../../generated/prisma/enums.js';
import { statementReason } from '../ledger/ledger.service.js';

// GET /usuario/extrato: the member's ledger, newest first, each entry with its cause
// (spec 001 sections 2.19, 3). docs/decisions/0009-economy.md

interface Line {
  id: string;
  motivo: MotivoLancamento;
  /** A reversal's reversed entry's motivo. */
  estorno_de: MotivoLancamento | null;
  valor: number;
  data: Date;
  indicado: string | null;
  indicacao_id: string | null;
  produto: string | null;
  cupom: string | null;
  numero_cupom: number | null;
  usado_em: Date | null;
  opcao: string | null;
  beneficio_id: number | null;
  beneficio_nome: string | null;
  url_imagem: string | null;
  evento: boolean | null;
  texto_legal: string | null;
}

/** mes/ano filter in Brazil's time: an entry at 23:30 of the 31st (São Paulo) belongs to that month. */
function filterPeriod(month?: number, year?: number) {
  const local = Prisma.sql`(l.data AT TIME ZONE 'UTC' AT TIME ZONE 'America/Sao_Paulo')`;
  const parts = [];
  if (year !== undefined) parts.push(Prisma.sql`AND EXTRACT(YEAR FROM ${local}) = ${year}`);
  if (month !== undefined) parts.push(Prisma.sql`AND EXTRACT(MONTH FROM ${local}) = ${month}`);
  return parts.length ? Prisma.join(parts, ' ') : Prisma.empty;
}

export async function userStatement(app: FastifyInstance, userId: string, filter: { mes?: number; ano?: number } = {}): Promise<StatementItem[]> {
  const lines = await app.ctx.prisma.$queryRaw<Line[]>`
    SELECT l.id::text AS id, l.motivo, e.motivo AS estorno_de, l.valor, l.data,
           ind.email AS indicado, COALESCE(l.indicacao_id, e.indicacao_id)::text AS indicacao_id,
           p.nome AS produto,
           c.codigo AS cupom, r.id AS numero_cupom, c.usado_em, o.nome AS opcao,
           b.id AS beneficio_id, b.nome AS beneficio_nome, b.url_imagem, b.evento, b.texto_legal
    FROM lancamento l
    -- A reversal shows the product or the friend of the entry it reverses (ADR 0041).
    LEFT JOIN lancamento e ON e.id = l.estorno_de_id
    LEFT JOIN indicacao i ON i.id = COALESCE(l.indicacao_id, e.indicacao_id)
    LEFT JOIN usuario ind ON ind.id = i.indicado_id
    LEFT JOIN produto_cliente pc ON pc.id = COALESCE(l.produto_cliente_id, e.produto_cliente_id)
    LEFT JOIN produto p ON p.id = pc.produto_id
    LEFT JOIN resgate r ON r.id = l.resgate_id
    LEFT JOIN cupom c ON c.id = r.cupom_id
    LEFT JOIN beneficio_opcao o ON o.id = r.opcao_id
    LEFT JOIN beneficio b ON b.id = r.beneficio_id
    WHERE l.usuario_id = ${userId}::uuid ${filterPeriod(filter.mes, filter.ano)}
    ORDER BY l.data DESC, l.id DESC`;
  return lines.map((l) => ({
    id: l.id,
    motivo: statementReason(l.motivo, l.estorno_de),
    valor: l.valor,
    dataTransacao: l.data.toISOString(),
    indicado: l.indicacao_id ? (l.indicado ?? 'Conta excluída') : null,
    produto: l.produto,
    cupom: l.cupom,
    numeroCupom: l.numero_cupom,
    usoCupom: l.cupom === null ? null : l.usado_em !== null,
    dataUsoCupom: l.usado_em?.toISOString() ?? null,
    opcao: l.opcao,
    beneficio:
      l.beneficio_id === null
        ? null
        : { id: l.beneficio_id, nome: l.beneficio_nome!, urlImagem: l.url_imagem!, evento: l.evento!, textoLegal: l.texto_legal! },
  }));
}
