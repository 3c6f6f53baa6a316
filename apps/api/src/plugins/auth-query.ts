import type { Usuario } from '../generated/prisma/client.js';
import { Prisma } from '../generated/prisma/client.js';
import type { SqlPool } from '../db/prisma.js';

// The query every authenticated request runs, in plain SQL on the pg pool (a prepared statement
// per connection) instead of through Prisma, whose query building, wasm compiler and result mapping
// were a quarter of the API's CPU on the busiest calls (docs/decisions/0017-api-speed.md). It loads
// the same `Usuario` Prisma would: every scalar column, under the model's field names (a test holds
// this list to Prisma's field list, so a new column can't be forgotten).

/** Prisma field -> SQL expression. Date-only columns come back as UTC midnight, as Prisma reads them. */
export const USER_COLUMNS: Record<keyof typeof Prisma.UsuarioScalarFieldEnum, string> = {
  id: 'u.id',
  email: 'u.email',
  senhaHash: 'u.senha_hash',
  nome: 'u.nome',
  cpf: 'u.cpf',
  celular: 'u.celular',
  cep: 'u.cep',
  endereco: 'u.endereco',
  numero: 'u.numero',
  complemento: 'u.complemento',
  cidade: 'u.cidade',
  uf: 'u.uf',
  dataNascimento: "(u.data_nascimento::timestamp AT TIME ZONE 'UTC')",
  genero: 'u.genero',
  optInEmail: 'u.opt_in_email',
  optInSms: 'u.opt_in_sms',
  optInWhatsapp: 'u.opt_in_whatsapp',
  optOut: 'u.opt_out',
  tipo: 'u.tipo::text',
  admin: 'u.admin',
  ativo: 'u.ativo',
  ativadoEm: 'u.ativado_em',
  social: 'u.social',
  socialProvider: 'u.social_provider',
  origem: 'u.origem',
  hashIndicacao: 'u.hash_indicacao',
  hash: 'u.hash',
  hashPesquisaSatisfacao: 'u.hash_pesquisa_satisfacao',
  perfil: 'u.perfil',
  dataCadastro: 'u.data_cadastro',
  dataAtualizacao: 'u.data_atualizacao',
  excluidoEm: 'u.excluido_em',
  bloqueadoEm: 'u.bloqueado_em',
  emailDevolvidoEm: 'u.email_devolvido_em',
  motivoBloqueio: 'u.motivo_bloqueio',
  alteradoEm: 'u.alterado_em',
};

const columns = Object.entries(USER_COLUMNS)
  .map(([field, sql]) => `${sql} AS "${field}"`)
  .join(', ');

// The user, only if the session the token names is live (not revoked, not expired); with the
// balance in the same statement for the calls that show it (GET /usuario/logged). A blocked member's
// sessions end with the block (docs/decisions/0031-back-office-members.md); bloqueado_em also closes a
// session a login racing the block may have opened.
const where = 'WHERE u.id = $1 AND s.id = $2 AND u.ativo AND u.bloqueado_em IS NULL AND s.revogada_em IS NULL AND s.expira_em > $3';
const SQL = `SELECT ${columns} FROM usuario u JOIN sessao s ON s.usuario_id = u.id ${where}`;
const BALANCE_SQL = `SELECT ${columns}, (SELECT COALESCE(SUM(l.valor), 0)::int FROM lancamento l WHERE l.usuario_id = u.id) AS "saldo"
  FROM usuario u JOIN sessao s ON s.usuario_id = u.id ${where}`;

export type UserWithBalance = Usuario & { saldo?: number };

/** The session's user (and balance when asked), or null when the session isn't live. */
export async function loadSessionUser(pool: SqlPool, userId: string, sessionId: string, opts: { saldo: boolean; now?: Date }): Promise<UserWithBalance | null> {
  const { rows } = await pool.query<UserWithBalance>({
    name: opts.saldo ? 'auth-sessao-saldo' : 'auth-sessao',
    text: opts.saldo ? BALANCE_SQL : SQL,
    // As UTC text: sessao.expira_em is a timestamp without time zone holding UTC, and pg would send a
    // Date in the process's local time.
    values: [userId, sessionId, (opts.now ?? new Date()).toISOString()],
  });
  return rows[0] ?? null;
}
