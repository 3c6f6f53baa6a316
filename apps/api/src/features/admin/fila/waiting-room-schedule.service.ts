import { WAITING_ROOM_SCHEDULE_MSG, type WaitingRoomSchedule, type WaitingRoomScheduleInput } from '@legiao/contracts/admin/fila';
import type { Db } from '../../../db/prisma.js';
import type { FilaAgendamento as Row, Prisma } from '../../../generated/prisma/client.js';
import { badRequest, conflict, notFound } from '../../../errors/app-error.js';
import type { WaitingRoomSettings, QueueStore } from '../../fila/fila.types.js';

// Scheduled changes of the waiting room ("pause admission at 10:00 on the 12th"). They live in the
// database, so every API process sees them and a restart loses none; whichever process claims a
// due one first (FOR UPDATE SKIP LOCKED) applies it to the shared queue store. ADR 0029.

const ONE_YEAR_MS = 366 * 24 * 3600_000;
/** How many schedules the panel lists (pending first, then the latest done). */
export const LIST_LIMIT = 50;

type Tx = Prisma.TransactionClient;

export function statusOf(r: Pick<Row, 'executadoEm' | 'canceladoEm' | 'erro'>): WaitingRoomSchedule['situacao'] {
  if (r.canceladoEm) return 'cancelado';
  if (r.executadoEm) return r.erro ? 'falhou' : 'executado';
  return 'pendente';
}

export function toWaitingRoomSchedule(r: Row): WaitingRoomSchedule {
  return {
    id: r.id,
    executarEm: r.executarEm.toISOString(),
    capacidade: r.capacidade,
    admissoesPorMinuto: r.admissoesPorMinuto,
    pausada: r.pausada,
    descricao: r.descricao,
    situacao: statusOf(r),
    executadoEm: r.executadoEm?.toISOString() ?? null,
    canceladoEm: r.canceladoEm?.toISOString() ?? null,
    erro: r.erro,
    criadoEm: r.criadoEm.toISOString(),
  };
}

/** Pending ones by time, then the most recent finished ones. */
export async function listSchedules(db: Db): Promise<WaitingRoomSchedule[]> {
  const pending = await db.filaAgendamento.findMany({ where: { executadoEm: null, canceladoEm: null }, orderBy: [{ executarEm: 'asc' }, { id: 'asc' }], take: LIST_LIMIT });
  const closed = await db.filaAgendamento.findMany({
    where: { OR: [{ executadoEm: { not: null } }, { canceladoEm: { not: null } }] },
    orderBy: [{ executarEm: 'desc' }, { id: 'desc' }],
    take: Math.max(0, LIST_LIMIT - pending.length),
  });
  return [...pending, ...closed].map(toWaitingRoomSchedule);
}

export async function createSchedule(tx: Tx, input: WaitingRoomScheduleInput, createdBy: string, now: Date): Promise<Row> {
  const runAt = new Date(input.executarEm);
  if (runAt.getTime() <= now.getTime()) throw badRequest(WAITING_ROOM_SCHEDULE_MSG.dataPassada);
  if (runAt.getTime() - now.getTime() > ONE_YEAR_MS) throw badRequest(WAITING_ROOM_SCHEDULE_MSG.dataLonge);
  return tx.filaAgendamento.create({
    data: {
      executarEm: runAt,
      capacidade: input.capacidade ?? null,
      admissoesPorMinuto: input.admissoesPorMinuto ?? null,
      pausada: input.pausada ?? null,
      descricao: input.descricao ?? '',
      criadoPor: createdBy,
    },
  });
}

/** Cancels a pending schedule; answers the row before and after. A finished one is a 409. */
export async function cancelSchedule(tx: Tx, id: number, now: Date): Promise<{ antes: Row; depois: Row }> {
  const [before] = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM fila_agendamento WHERE id = ${id} FOR UPDATE`;
  if (!before) throw notFound(WAITING_ROOM_SCHEDULE_MSG.naoEncontrado);
  const row = await tx.filaAgendamento.findUniqueOrThrow({ where: { id } });
  if (row.executadoEm || row.canceladoEm) throw conflict(WAITING_ROOM_SCHEDULE_MSG.jaEncerrado);
  const after = await tx.filaAgendamento.update({ where: { id }, data: { canceladoEm: now } });
  return { antes: row, depois: after };
}

export const patchOf = (r: Pick<Row, 'capacidade' | 'admissoesPorMinuto' | 'pausada'>): Partial<WaitingRoomSettings> => ({
  ...(r.capacidade !== null ? { capacidade: r.capacidade } : {}),
  ...(r.admissoesPorMinuto !== null ? { admissoesPorMinuto: r.admissoesPorMinuto } : {}),
  ...(r.pausada !== null ? { pausada: r.pausada } : {}),
});

export interface Applied {
  schedule: Row;
  before: WaitingRoomSettings;
  after: WaitingRoomSettings;
}

/**
 * Applies every schedule due at `now`, oldest first, each in its own transaction: the row is claimed
 * with FOR UPDATE SKIP LOCKED (another process applying it at the same moment skips it), the store
 * is changed, then the row is marked done and `onApplied` runs in that same transaction (the audit
 * entry). If the store can't be reached the transaction rolls back and the next pass retries.
 */
export async function applyDueSchedules(db: Db, store: QueueStore, now: Date, onApplied: (tx: Tx, a: Applied) => Promise<void>): Promise<Applied[]> {
  const done: Applied[] = [];
  // Every process asks every second: a plain indexed read first, so the usual answer (nothing due)
  // costs no transaction (under load, interactive transactions waiting for a connection timed out
  // once a second per process in bench/launch.mjs).
  const [due] = await db.$queryRaw<{ id: number }[]>`
    SELECT id FROM fila_agendamento
    WHERE executado_em IS NULL AND cancelado_em IS NULL AND executar_em <= ${now}
    LIMIT 1`;
  if (!due) return done;
  for (let i = 0; i < 20; i++) {
    const applied = await db.$transaction(async (tx) => {
      const [claimed] = await tx.$queryRaw<{ id: number }[]>`
        SELECT id FROM fila_agendamento
        WHERE executado_em IS NULL AND cancelado_em IS NULL AND executar_em <= ${now}
        ORDER BY executar_em, id
        LIMIT 1
        FOR UPDATE SKIP LOCKED`;
      if (!claimed) return null;
      const row = await tx.filaAgendamento.findUniqueOrThrow({ where: { id: claimed.id } });
      const before = (await store.stats(now.getTime())).settings;
      const after = await store.updateSettings(patchOf(row), now.getTime());
      const schedule = await tx.filaAgendamento.update({ where: { id: row.id }, data: { executadoEm: now } });
      const a = { schedule, before, after };
      await onApplied(tx, a);
      return a;
    });
    if (!applied) break;
    done.push(applied);
  }
  return done;
}
