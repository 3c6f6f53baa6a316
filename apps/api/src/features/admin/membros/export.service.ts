import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { MEMBER_EXPORT_COLUMNS, type MemberExportAudit, type MemberExportQuery } from '@legiao/contracts/admin/membros';
import { poolOf } from '../../../db/prisma.js';
import { CSV_BOM, csvLine, csvText } from '../../../lib/csv.js';
import { recordAudit } from '../audit/audit.service.js';
import { inCollection } from '../../integracao/member-data.js';
import type { Actor } from './adjustments.service.js';
import { memberFilter, type MemberFilter } from './search.service.js';

// The back office's CSV of members (docs/decisions/0045-crm-personal-data.md, "The back office's CSV
// export"): the members the search's filters find (every account not anonymised without a text),
// the CRM's personal fields and the registration dates. Keyset pages of PAGE rows by id, each read
// and written when the download asks for more (constant memory at any size); each page is
// background work like a CRM sync page and waits its turn behind the members (orderGate).

/** Rows per page: one statement each; 2,000 rows of CSV are ~250 KB. */
export const EXPORT_PAGE = 2000;
const FIRST_ID = '00000000-0000-0000-0000-000000000000';

/** The rows the export takes: not anonymised (an erased account names nobody), and the search's filter. */
const scope = (filter: MemberFilter | null) => `u.excluido_em IS NULL${filter ? ` AND ${filter.where}` : ''}`;

const yesNo = (b: boolean) => (b ? 'sim' : 'não');

type Row = [id: string, email: string, nome: string, tipo: string, ativo: boolean, cadastro: string, ativado: string | null, email_: boolean, sms: boolean, whatsapp: boolean, saldo: number, produtos: number];

/** One page's statement: $1 the last id written, $2 the filter's value (when there is one). */
const pageSql = (filter: MemberFilter | null) => `
  SELECT u.id::text, u.email, u.nome, u.tipo::text, (u.ativo AND u.bloqueado_em IS NULL),
         webhook_iso(u.data_cadastro), webhook_iso(u.ativado_em),
         u.opt_in_email, u.opt_in_sms, u.opt_in_whatsapp,
         -- The balance as the statement computes it (SUM of the ledger), the collection as the CRM counts it.
         coalesce((SELECT sum(l.valor) FROM lancamento l WHERE l.usuario_id = u.id), 0)::int,
         (SELECT count(DISTINCT pc.produto_id) FROM produto_cliente pc WHERE pc.usuario_id = u.id AND ${inCollection('pc')})::int
    FROM usuario u
   WHERE u.id > $1::uuid AND ${scope(filter)}
   ORDER BY u.id
   LIMIT ${EXPORT_PAGE}`;

const toLine = (r: Row) =>
  csvLine([r[0], csvText(r[1]), csvText(r[2]), r[3], yesNo(r[4]), r[5], r[6] ?? '', yesNo(r[7]), yesNo(r[8]), yesNo(r[9]), String(r[10]), String(r[11])]);

export interface MemberExport {
  /** The rows the filters matched when the export began (what the audit row says). */
  rows: number;
  csv: Readable;
}

/**
 * Checks the filters (400 in Portuguese, before anything is written), counts the rows, writes the
 * audit row (who, the filters, the count) before the first byte leaves, and hands back the CSV as a
 * stream that reads one page per pull. Rows are taken by id order in separate statements, not one
 * snapshot: an account that exists throughout comes exactly once; one created or anonymised during
 * the download may or may not be in it.
 */
export async function startMemberExport(app: FastifyInstance, query: MemberExportQuery, actor: Actor, onError: (err: unknown) => void): Promise<MemberExport> {
  const pool = poolOf(app.ctx.prisma);
  const text = query.busca?.trim() || null;
  // The filter's value is $1 in the count, $2 in the pages (after the keyset's id).
  const countFilter = text ? memberFilter({ busca: text, tipo: query.tipo }, 1) : null;
  const filter = text ? memberFilter({ busca: text, tipo: query.tipo }, 2) : null;
  const filterValues = filter ? [filter.value] : [];
  const {
    rows: [counted],
  } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM usuario u WHERE ${scope(countFilter)}`, filterValues);
  const rows = counted?.n ?? 0;
  // The record exists before any personal data leaves: a download cut short (or a process that
  // dies mid-way) still has its row. The trail is append-only, so it says what was asked and how
  // many rows matched then, not how many bytes the browser kept.
  const after: MemberExportAudit = { filtros: { busca: text, tipo: filter?.kind ?? null }, linhas: rows };
  await recordAudit(pool, {
    actorId: actor.staffId,
    action: 'membros.exportar',
    entity: 'membro',
    entityId: null,
    before: null,
    after,
    requestId: actor.requestId,
  });

  const sql = pageSql(filter);
  const { orderGate } = app;
  const yieldFactor = app.ctx.config.integrationSyncYieldFactor;
  async function* pages() {
    yield CSV_BOM + csvLine(MEMBER_EXPORT_COLUMNS);
    let lastId = FIRST_ID;
    for (;;) {
      // The page's statement and its CSV are one turn of the gate: while members are being served
      // the next page waits INTEGRATION_SYNC_YIELD_FACTOR times as long as this one took, as the
      // CRM's sync pages do (ADR 0045 "Members first").
      const page = await orderGate.run(async () => {
        const { rows: found } = await pool.query<Row>({ text: sql, values: [lastId, ...filterValues], rowMode: 'array' });
        return { csv: found.map(toLine).join(''), last: found.at(-1)?.[0], n: found.length };
      }, yieldFactor);
      if (page.n) yield page.csv;
      if (page.n < EXPORT_PAGE || !page.last) return;
      lastId = page.last;
    }
  }
  // One page in hand at most: the next is read only when the reply has taken this one.
  const csv = Readable.from(pages(), { objectMode: true, highWaterMark: 1 });
  csv.on('error', onError);
  return { rows, csv };
}
