import { MEMBERS_MSG, type SearchPage, type MemberState, type MemberSummary, type SearchKind } from '@legiao/contracts/admin/membros';
import type { SqlPool } from '../../../db/prisma.js';
import { badRequest } from '../../../errors/app-error.js';

// Member search (issue 17 item 1; docs/decisions/0031-back-office-members.md). One text, searched
// as the kind it looks like (or the kind staff pick): an e-mail, a CPF (whole: the unique index;
// part: trigrams), a legion number (an index on numero), a referral code (the public hash) or a
// name. Names, e-mails and CPF parts use the trigram indexes (ILIKE '%...%'), so any part matches
// and a million members answer in milliseconds. A very common text stops counting at LIMITE_TOTAL.

const LIMIT_TOTAL = 1000;
const WHOLE_EMAIL = /^[^\s@%]+@[^\s@%]+\.[^\s@%]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The kind a text looks like. */
export function searchKind(text: string): Exclude<SearchKind, 'auto'> {
  const t = text.trim();
  if (t.includes('@')) return 'email';
  if (UUID.test(t)) return 'codigo';
  // Digits with the CPF's punctuation: a CPF (or part of one); up to 4 bare digits: a legion number.
  if (/^[\d.\-\s/]+$/.test(t)) return /^\d{1,4}$/.test(t) ? 'numero' : 'cpf';
  return 'nome';
}

/** ILIKE's wildcards typed by staff are searched as themselves. */
const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const stateSql = `CASE WHEN u.excluido_em IS NOT NULL THEN 'anonimizado' WHEN u.bloqueado_em IS NOT NULL THEN 'bloqueado' WHEN u.ativo THEN 'ativo' ELSE 'pendente' END`;

interface Row {
  id: string;
  nome: string;
  email: string;
  cpf: string | null;
  estado: MemberState;
  data_cadastro: Date;
}

/** A search's WHERE over `usuario u` and its one parameter, numbered `$n`; the kind it was searched as. */
export interface MemberFilter {
  kind: Exclude<SearchKind, 'auto'>;
  where: string;
  value: string | number;
}

/**
 * The search's text as a filter (shared by the list and the CSV export, so both find the same
 * members and refuse the same input with the same messages). `param`: the placeholder's number.
 */
export function memberFilter(q: { busca: string; tipo: SearchKind }, param = 1): MemberFilter {
  const kind = q.tipo === 'auto' ? searchKind(q.busca) : q.tipo;
  const text = q.busca.trim();
  const p = `$${param}`;
  switch (kind) {
    case 'email':
      if (text.length < 3) throw badRequest(MEMBERS_MSG.buscaCurta, 'BUSCA_CURTA');
      // A whole address: the unique index (addresses are stored lower-cased). Its trigrams would
      // include the domain's, shared by most members: measured 410 ms at the median on a million
      // against 12 ms by equality (bench/README.md). A part: trigrams.
      return WHOLE_EMAIL.test(text) ? { kind, where: `u.email = ${p}`, value: text.toLowerCase() } : { kind, where: `u.email ILIKE ${p}`, value: `%${likeLiteral(text.toLowerCase())}%` };
    case 'cpf': {
      const digits = text.replace(/\D/g, '');
      if (digits.length < 3) throw badRequest(MEMBERS_MSG.buscaCurta, 'BUSCA_CURTA');
      // A whole CPF: the unique index, one row; a part: trigrams.
      return digits.length === 11 ? { kind, where: `u.cpf = ${p}`, value: digits } : { kind, where: `u.cpf LIKE ${p}`, value: `%${digits}%` };
    }
    case 'numero': {
      const n = Number(text.replace(/\D/g, ''));
      if (!Number.isInteger(n) || n < 1 || n > 1_000_000) throw badRequest('Número de legião inválido.', 'BUSCA_INVALIDA');
      return { kind, where: `u.id IN (SELECT pc.usuario_id FROM numero_legionario nl JOIN produto_cliente pc ON pc.id = nl.produto_cliente_id WHERE nl.numero = ${p})`, value: n };
    }
    case 'codigo':
      if (!UUID.test(text)) throw badRequest('Código de indicação inválido: é o código completo do link (?r=...).', 'BUSCA_INVALIDA');
      return { kind, where: `u.hash = ${p}::uuid`, value: text.toLowerCase() };
    default:
      if (text.length < 3) throw badRequest(MEMBERS_MSG.buscaCurta, 'BUSCA_CURTA');
      // Guessed (auto): a plain text may be part of a name or of an e-mail address; both trigram
      // indexes answer it (a BitmapOr). Asked for as a name: the name only.
      return { kind, where: q.tipo === 'auto' ? `(u.nome ILIKE ${p} OR u.email ILIKE ${p})` : `u.nome ILIKE ${p}`, value: `%${likeLiteral(text)}%` };
  }
}

export async function searchMembers(pool: SqlPool, q: { busca: string; tipo: SearchKind; pagina: number; porPagina: number }): Promise<SearchPage> {
  const { kind, where, value } = memberFilter(q);
  const [total, items] = await Promise.all([
    pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 FROM usuario u WHERE ${where} LIMIT ${LIMIT_TOTAL + 1}) x`, [value]),
    pool.query<Row>(
      `SELECT u.id::text, u.nome, u.email, u.cpf, ${stateSql} AS estado, u.data_cadastro FROM usuario u WHERE ${where} ORDER BY u.nome, u.id LIMIT $2 OFFSET $3`,
      [value, q.porPagina, (q.pagina - 1) * q.porPagina],
    ),
  ]);
  const n = total.rows[0]?.n ?? 0;
  return {
    itens: items.rows.map((r): MemberSummary => ({ id: r.id, nome: r.nome, email: r.email, cpf: r.cpf, estado: r.estado, dataCadastro: r.data_cadastro.toISOString() })),
    total: Math.min(n, LIMIT_TOTAL),
    totalLimitado: n > LIMIT_TOTAL,
    pagina: q.pagina,
    porPagina: q.porPagina,
    tipo: kind,
  };
}
