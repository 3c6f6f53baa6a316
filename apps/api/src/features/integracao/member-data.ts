import type { MemberData, MemberSyncItem } from '@legiao/contracts/integracao/membros';
import type { IntegrationReadReason } from '@legiao/contracts';
import { Prisma, type Db } from '../../db/prisma.js';
import { consentColumns, consentLastChangesJoin, consentsOf, type ConsentColumns } from '../consentimento/last-changes.js';

// A member's personal data as the brand's CRM reads it (docs/decisions/0045-crm-personal-data.md),
// for one member or a page of the sync, set-based: one statement for any number of members (the
// balance, the consents' last changes and the collection summary as lateral subqueries), and one
// INSERT ... SELECT into the read log for all of them.

type Tx = Db | Prisma.TransactionClient;

/** One member's row as memberRows reads it (dates already ISO 8601 strings, in UTC). */
export interface MemberRow extends ConsentColumns {
  id: string;
  xid: string;
  email: string;
  nome: string;
  tipo: MemberData['tipo'];
  ativo: boolean;
  celular: string | null;
  saldo: number;
  produtos: number;
  numeros: number;
  alterado_em: string;
  excluido_em: string | null;
  ativado: boolean;
}

/**
 * A produto_cliente row (alias `pc`) in its owner's collection: verified, not cancelled, not bought
 * entirely as a gift (the member has it). One definition for the CRM's summary and the back office's
 * CSV export (ADR 0045), so both count the same products.
 */
export const inCollection = (pc: string) => `${pc}.produto_validado AND ${pc}.cancelado_em IS NULL AND ${pc}.quantidade > ${pc}.quantidade_presente`;

const CONSENT_COLUMNS = Prisma.raw(consentColumns('u'));
const HELD = Prisma.raw(inCollection('pc'));
const HELD_2 = Prisma.raw(inCollection('p2'));
const CONSENT_JOIN = Prisma.raw(consentLastChangesJoin('u'));

/**
 * The members with these ids (any order), ever activated or not. `celular` only when SMS or WhatsApp
 * is consented: the CRM needs the number to honour those consents, and has no use for it otherwise.
 */
export async function memberRows(db: Tx, ids: string[]): Promise<MemberRow[]> {
  if (ids.length === 0) return [];
  return db.$queryRaw<MemberRow[]>`
    SELECT u.id::text, u.alterado_xid::text AS xid, u.email, u.nome, u.tipo::text AS tipo,
           (u.ativo AND u.bloqueado_em IS NULL) AS ativo,
           CASE WHEN u.opt_in_sms OR u.opt_in_whatsapp THEN u.celular END AS celular,
           ${CONSENT_COLUMNS},
           coalesce(s.saldo, 0)::int AS saldo, coalesce(col.produtos, 0)::int AS produtos, coalesce(col.numeros, 0)::int AS numeros,
           webhook_iso(u.alterado_em AT TIME ZONE 'UTC') AS alterado_em, webhook_iso(u.excluido_em) AS excluido_em,
           u.ativado_em IS NOT NULL AS ativado
      FROM usuario u
      ${CONSENT_JOIN}
      -- The balance as the statement computes it (ledger.service.ts userBalance): SUM of the entries.
      LEFT JOIN LATERAL (SELECT sum(l.valor) AS saldo FROM lancamento l WHERE l.usuario_id = u.id) s ON true
      -- The collection: verified, not cancelled, not bought entirely as a gift (the member has it).
      LEFT JOIN LATERAL (
        SELECT count(DISTINCT pc.produto_id) AS produtos,
               (SELECT count(*) FROM numero_legionario n JOIN produto_cliente p2 ON p2.id = n.produto_cliente_id
                 WHERE p2.usuario_id = u.id AND ${HELD_2}) AS numeros
          FROM produto_cliente pc
         WHERE pc.usuario_id = u.id AND ${HELD}) col ON true
     WHERE u.id = ANY(${ids}::uuid[])`;
}

export const toMemberData = (r: MemberRow): MemberData => ({
  id: r.id,
  email: r.email,
  nome: r.nome,
  tipo: r.tipo,
  ativo: r.ativo,
  celular: r.celular,
  consentimentos: consentsOf(r),
  saldo: r.saldo,
  colecao: { produtos: r.produtos, numerosLegionario: r.numeros },
  atualizadoEm: r.alterado_em,
});

/** A deleted account in the sync: its id and when, every personal field null. */
export const toSyncItem = (r: MemberRow): MemberSyncItem =>
  r.excluido_em
    ? { id: r.id, excluido: true, excluidoEm: r.excluido_em, email: null, nome: null, tipo: null, ativo: null, celular: null, consentimentos: null, saldo: null, colecao: null, atualizadoEm: r.alterado_em }
    : { ...toMemberData(r), excluido: false, excluidoEm: null };

/** Who read: an API client's key or a webhook endpoint, by the name it has now (kept in the log). */
export type Reader = { clientId: string; endpointId?: undefined; name: string } | { endpointId: string; clientId?: undefined; name: string };

/** One row per member read, in one statement: the accountability record the member's export lists. */
export async function recordReads(db: Tx, reader: Reader, userIds: string[], reason: IntegrationReadReason): Promise<void> {
  if (userIds.length === 0) return;
  await db.$executeRaw`
    INSERT INTO leitura_dados_integracao (cliente_id, endpoint_id, nome, usuario_id, motivo)
    SELECT ${reader.clientId ?? null}::uuid, ${reader.endpointId ?? null}::uuid, ${reader.name}, u, ${reason} FROM unnest(${userIds}::uuid[]) AS u`;
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
