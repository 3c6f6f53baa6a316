import { MEMBER_DATA_MSG, SYNC_PAGE, type MemberData, type MemberSyncPage, type MemberSyncQuery } from '@legiao/contracts/integracao/membros';
import type { Db } from '../../db/prisma.js';
import { AppError, badRequest, notFound } from '../../errors/app-error.js';
import type { ApiClient } from './client-auth.js';
import { memberRows, recordReads, toMemberData, toSyncItem, UUID_PATTERN } from './member-data.js';

// GET /api/integracao/v1/membros/{id} and /membros/sincronizacao (scope membros:dados;
// docs/decisions/0045-crm-personal-data.md).

/**
 * One member by id. A malformed id names no member: 404 like an unknown one. A sign-up never
 * activated is no member yet (its e-mail is not proven): 404. A deleted account: 410, no data.
 * Every answer with data records a read.
 */
export async function getMemberData(prisma: Db, client: ApiClient, id: string): Promise<MemberData> {
  if (!UUID_PATTERN.test(id)) throw notFound(MEMBER_DATA_MSG.membroNaoEncontrado);
  const [row] = await memberRows(prisma, [id.toLowerCase()]);
  if (!row || !row.ativado) throw notFound(MEMBER_DATA_MSG.membroNaoEncontrado);
  if (row.excluido_em) throw new AppError('GONE', MEMBER_DATA_MSG.membroExcluido, 'MEMBRO_EXCLUIDO');
  await recordReads(prisma, { clientId: client.id, name: client.nome }, [row.id], 'consulta');
  return toMemberData(row);
}

// --- the sync cursor -------------------------------------------------------------------------------
// A position in the order (alterado_xid, id): base64url of "<xid>.<uuid>". Opaque to the CRM.

const START = { xid: '0', id: '00000000-0000-0000-0000-000000000000' };
const MAX_XID8 = 2n ** 64n - 1n;

export const encodeCursor = (c: { xid: string; id: string }) => Buffer.from(`${c.xid}.${c.id}`, 'utf8').toString('base64url');

export function decodeCursor(cursor: string | undefined): { xid: string; id: string } {
  if (cursor === undefined || cursor === '') return START;
  const invalid = () => badRequest(MEMBER_DATA_MSG.cursorInvalido, 'CURSOR_INVALIDO');
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  const match = /^(\d{1,20})\.([0-9a-f-]{36})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match || !UUID_PATTERN.test(match[2]!) || BigInt(match[1]!) > MAX_XID8) throw invalid();
  return { xid: BigInt(match[1]!).toString(), id: match[2]! };
}

/**
 * One page of the sync: accounts ever activated (and the tombstones of those deleted) whose
 * (alterado_xid, id) is past the cursor and whose last change's transaction is below the snapshot's
 * xmin: every transaction there has finished, so no row can later appear behind the cursor (a
 * transaction still open holds the pages at its xid until it ends). n + 1 rows read to know temMais.
 */
export async function syncMembers(prisma: Db, client: ApiClient, query: MemberSyncQuery): Promise<MemberSyncPage> {
  const after = decodeCursor(query.cursor);
  const limit = query.limite ?? SYNC_PAGE.default;
  const since = query.alteradosDesde ? new Date(query.alteradosDesde) : null;
  const page = await prisma.$queryRaw<{ id: string; xid: string }[]>`
    SELECT u.id::text, u.alterado_xid::text AS xid
      FROM usuario u
     WHERE u.ativado_em IS NOT NULL
       AND (u.alterado_xid, u.id) > (${after.xid}::xid8, ${after.id}::uuid)
       AND u.alterado_xid < pg_snapshot_xmin(pg_current_snapshot())
       AND (${since}::timestamptz IS NULL OR u.alterado_em >= ${since}::timestamptz)
     ORDER BY u.alterado_xid, u.id
     LIMIT ${limit + 1}`;
  const hasMore = page.length > limit;
  const taken = page.slice(0, limit);
  const rows = await memberRows(
    prisma,
    taken.map((r) => r.id),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  // The page's order, from the first statement (a row changed since keeps its old place here and
  // comes again later with its new xid: at least once, never lost).
  const members = taken.flatMap((r) => {
    const row = byId.get(r.id);
    return row ? [toSyncItem(row)] : [];
  });
  await recordReads(
    prisma,
    { clientId: client.id, name: client.nome },
    members.filter((m) => !m.excluido).map((m) => m.id),
    'sincronizacao',
  );
  const last = taken.at(-1);
  return { membros: members, proximoCursor: encodeCursor(last ? { xid: last.xid, id: last.id } : after), temMais: hasMore };
}
