import { EXPERIENCIAS, LIMIARES_CONQUISTA, PERFIS_CONQUISTA, type Conquista, type Experiencia } from '@legiao/contracts/conquista';
import type { SqlPool } from '../../db/prisma.js';
import type { Usuario } from '../../generated/prisma/client.js';

// Achievements (spec 000 section 3; spec 001 sections 2.22, 3, 4), computed from the member's own
// data on every call: nothing is stored, so a seal can never disagree with the data behind it.
// Thresholds and why: docs/decisions/0013-conquistas.md.

const DIA_MS = 24 * 3600_000;

/** Level n = the first n thresholds reached (cumulative); 0 when even the first isn't. */
export function nivel(valor: number, limiares: readonly number[]): number {
  return limiares.filter((l) => valor >= l).length;
}

/** Whole days since the account was activated (dataCadastro when it has no activation date). */
export function diasDeLegiao(u: Pick<Usuario, 'ativadoEm' | 'dataCadastro'>, agora: Date): number {
  const desde = u.ativadoEm ?? u.dataCadastro;
  return Math.max(0, Math.floor((agora.getTime() - desde.getTime()) / DIA_MS));
}

interface Contagens {
  indicacoes: number;
  produtos: number;
  numero: number | null;
  experiencias: string[];
}

/**
 * Everything that needs the database in ONE round trip (the home calls this for every member):
 * - confirmed referrals made by the member;
 * - distinct catalogue products in the collection as GET /produto/cliente shows it (a product whose
 *   every verified unit was bought to give away is not on the member's shelf);
 * - the lowest legion number among the member's verified pieces;
 * - the experience keys of the benefits the member redeemed.
 */
async function contar(pool: SqlPool, usuarioId: string): Promise<Contagens> {
  const { rows: [row] } = await pool.query<Contagens>({ name: 'conquista-contagens', values: [usuarioId], text: `
    SELECT
      (SELECT count(*)::int FROM indicacao i WHERE i.indicador_id = $1::uuid AND i.status = 'confirmada') AS indicacoes,
      (SELECT count(DISTINCT pc.produto_id)::int FROM produto_cliente pc
        WHERE pc.usuario_id = $1::uuid AND NOT (pc.produto_validado AND pc.quantidade_presente >= pc.quantidade)) AS produtos,
      (SELECT min(n.numero)::int FROM numero_legionario n JOIN produto_cliente pc ON pc.id = n.produto_cliente_id
        WHERE pc.usuario_id = $1::uuid) AS numero,
      ARRAY(SELECT DISTINCT b.experiencia::text FROM resgate r JOIN beneficio b ON b.id = r.beneficio_id
        WHERE r.usuario_id = $1::uuid AND b.experiencia IS NOT NULL) AS experiencias` });
  return row!;
}

/** GET /Conquista: the caller's achievements. Staff and leads get an answer too; the web decides what to show. */
export async function conquistasDe(
  pool: SqlPool,
  u: Pick<Usuario, 'id' | 'perfil' | 'ativadoEm' | 'dataCadastro'>,
  opts: { fundadoresAte: Date; agora?: Date },
): Promise<Conquista> {
  const agora = opts.agora ?? new Date();
  const c = await contar(pool, u.id);
  const dias = diasDeLegiao(u, agora);
  const ganhas = new Set(c.experiencias);
  return {
    numeroLegionario: c.numero,
    membroFundador: u.dataCadastro < opts.fundadoresAte,
    perfil: (PERFIS_CONQUISTA as readonly string[]).includes(u.perfil ?? '') ? (u.perfil as Conquista['perfil']) : null,
    nivelTempo: nivel(dias, LIMIARES_CONQUISTA.tempoDias),
    nivelIndicacao: nivel(c.indicacoes, LIMIARES_CONQUISTA.indicacoesConfirmadas),
    nivelColecao: nivel(c.produtos, LIMIARES_CONQUISTA.produtosNaColecao),
    // In the contract's order, so the badges carousel is stable.
    experiencias: EXPERIENCIAS.filter((e: Experiencia) => ganhas.has(e)),
    progresso: { diasDeLegiao: dias, indicacoesConfirmadas: c.indicacoes, produtosNaColecao: c.produtos },
  };
}
