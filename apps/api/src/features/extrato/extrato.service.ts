import type { FastifyInstance } from 'fastify';
import type { ExtratoItem } from '@legiao/contracts';
import { Prisma } from '../../db/prisma.js';
import type { MotivoLancamento } from '../../generated/prisma/enums.js';
import { MOTIVO_EXTRATO } from '../ledger/ledger.service.js';

// GET /usuario/extrato: the member's ledger, newest first, each entry with its cause
// (spec 001 sections 2.19, 3). docs/decisions/0009-economy.md

interface Linha {
  id: string;
  motivo: MotivoLancamento;
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
function filtroPeriodo(mes?: number, ano?: number) {
  const local = Prisma.sql`(l.data AT TIME ZONE 'UTC' AT TIME ZONE 'America/Sao_Paulo')`;
  const partes = [];
  if (ano !== undefined) partes.push(Prisma.sql`AND EXTRACT(YEAR FROM ${local}) = ${ano}`);
  if (mes !== undefined) partes.push(Prisma.sql`AND EXTRACT(MONTH FROM ${local}) = ${mes}`);
  return partes.length ? Prisma.join(partes, ' ') : Prisma.empty;
}

export async function extratoDoUsuario(app: FastifyInstance, usuarioId: string, filtro: { mes?: number; ano?: number } = {}): Promise<ExtratoItem[]> {
  const linhas = await app.ctx.prisma.$queryRaw<Linha[]>`
    SELECT l.id::text AS id, l.motivo, l.valor, l.data,
           ind.email AS indicado, l.indicacao_id::text AS indicacao_id,
           p.nome AS produto,
           c.codigo AS cupom, r.id AS numero_cupom, c.usado_em, o.nome AS opcao,
           b.id AS beneficio_id, b.nome AS beneficio_nome, b.url_imagem, b.evento, b.texto_legal
    FROM lancamento l
    LEFT JOIN indicacao i ON i.id = l.indicacao_id
    LEFT JOIN usuario ind ON ind.id = i.indicado_id
    LEFT JOIN produto_cliente pc ON pc.id = l.produto_cliente_id
    LEFT JOIN produto p ON p.id = pc.produto_id
    LEFT JOIN resgate r ON r.id = l.resgate_id
    LEFT JOIN cupom c ON c.id = r.cupom_id
    LEFT JOIN beneficio_opcao o ON o.id = r.opcao_id
    LEFT JOIN beneficio b ON b.id = r.beneficio_id
    WHERE l.usuario_id = ${usuarioId}::uuid ${filtroPeriodo(filtro.mes, filtro.ano)}
    ORDER BY l.data DESC, l.id DESC`;
  return linhas.map((l) => ({
    id: l.id,
    motivo: MOTIVO_EXTRATO[l.motivo],
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
