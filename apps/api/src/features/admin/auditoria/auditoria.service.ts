import type { AdminPage } from '@legiao/contracts/admin/paging';
import type { AuditEntryView, AuditListQuery } from '@legiao/contracts/admin/auditoria';
import type { Prisma } from '../../../generated/prisma/client.js';
import type { Db } from '../../../db/prisma.js';
import { notFound } from '../../../errors/app-error.js';

// Reading the audit trail. Days are São Paulo days (UTC-3, no daylight saving since 2019): the
// timestamps are stored in UTC.
const dayStart = (d: string) => new Date(`${d}T00:00:00.000-03:00`);
const nextDayStart = (d: string) => new Date(dayStart(d).getTime() + 24 * 3600 * 1000);

type Row = Prisma.AuditEntryGetPayload<object>;
type Author = { id: string; nome: string; email: string };

function view(row: Row, authors: Map<string, Author>): AuditEntryView {
  return {
    id: row.id,
    criadoEm: row.createdAt.toISOString(),
    acao: row.action,
    entidade: row.entity,
    entidadeId: row.entityId,
    autor: row.actorId ? (authors.get(row.actorId) ?? { id: row.actorId, nome: '(conta removida)', email: '' }) : null,
    antes: row.before,
    depois: row.after,
    requestId: row.requestId,
  };
}

async function authorsOf(prisma: Db, ids: (string | null)[]) {
  const unique = [...new Set(ids.filter((id): id is string => id !== null))];
  const rows = unique.length ? await prisma.usuario.findMany({ where: { id: { in: unique } }, select: { id: true, nome: true, email: true } }) : [];
  return new Map(rows.map((u) => [u.id, u]));
}

export async function listAudit(prisma: Db, q: AuditListQuery): Promise<AdminPage<AuditEntryView>> {
  const where: Prisma.AuditEntryWhereInput = {};
  if (q.autor) {
    // The trail has no foreign key to usuario (it outlives accounts): find the people first.
    const people = await prisma.usuario.findMany({
      where: { OR: [{ nome: { contains: q.autor, mode: 'insensitive' } }, { email: { contains: q.autor.toLowerCase() } }] },
      select: { id: true },
      take: 500,
    });
    where.actorId = { in: people.map((p) => p.id) };
  }
  if (q.entidade) where.entity = q.entidade;
  if (q.entidadeId) where.entityId = q.entidadeId;
  if (q.de || q.ate) where.createdAt = { ...(q.de ? { gte: dayStart(q.de) } : {}), ...(q.ate ? { lt: nextDayStart(q.ate) } : {}) };
  const desc = q.ordem !== 'criadoEm';
  const [total, rows] = await Promise.all([
    prisma.auditEntry.count({ where }),
    prisma.auditEntry.findMany({
      where,
      orderBy: [{ createdAt: desc ? 'desc' : 'asc' }, { order: desc ? 'desc' : 'asc' }],
      skip: (q.pagina - 1) * q.porPagina,
      take: q.porPagina,
    }),
  ]);
  const authors = await authorsOf(prisma, rows.map((r) => r.actorId));
  return { itens: rows.map((r) => view(r, authors)), total, pagina: q.pagina, porPagina: q.porPagina };
}

export async function getAuditEntry(prisma: Db, id: string): Promise<AuditEntryView> {
  const row = await prisma.auditEntry.findUnique({ where: { id } });
  if (!row) throw notFound('Registro de auditoria não encontrado.');
  return view(row, await authorsOf(prisma, [row.actorId]));
}

export async function listAuditEntities(prisma: Db): Promise<string[]> {
  const rows = await prisma.auditEntry.findMany({ distinct: ['entity'], select: { entity: true }, orderBy: { entity: 'asc' } });
  return rows.map((r) => r.entity);
}
