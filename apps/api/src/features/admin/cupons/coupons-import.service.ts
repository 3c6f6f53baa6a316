import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type pg from 'pg';
import { COUPONS_MSG, type CouponImport, type CouponLine } from '@legiao/contracts/admin/cupons';
import { badRequest, conflict, notFound } from '../../../errors/app-error.js';
import { poolOf, type Db } from '../../../db/prisma.js';
import { BackgroundJobs } from '../../../lib/background-jobs.js';
import { copyStagedFile, inStagingTransaction } from '../../../lib/staged-file.js';
import { recordAudit } from '../audit/audit.service.js';
import { CodeFileEncoder } from './code-file.js';

// Code pool imports in two steps (docs/decisions/0028-code-pools-and-images.md):
// 1. stage: the upload streams through csv-parse into COPY ... FROM STDIN of the UNLOGGED staging
//    table (one dedicated connection, one transaction), then one statement counts what the file
//    holds against the pools; the import row keeps the counts and the preview.
// 2. confirm: in the background, batches of staged codes go into cupom with INSERT ... ON CONFLICT
//    (codigo) DO NOTHING, one short transaction each, the progress written with each batch. Batches
//    (not one statement) because a redemption taking a code walks the pool's free-code index in code
//    order: a million uncommitted entries there would make every redemption of the benefit step over
//    them until the commit; a batch bounds that to BATCH codes and about a second.
// Re-uploading a file adds nothing twice: codes are unique in cupom and every insert skips conflicts.

/** Codes per confirmation transaction. */
export const BATCH = 20_000;
/** Staged rows of imports nobody confirmed are dropped after this. */
const ABANDONED_MS = 24 * 3600_000;

export interface Actor {
  /** The staff member; null for the operators' command line (cli-import-cupons.ts). */
  id: string | null;
  requestId: string;
}

type Row = Record<string, unknown>;

const COLUMNS = `id, beneficio_id, opcao_id, arquivo, bytes, estado::text AS estado, linhas, invalidos, duplicados_arquivo, ja_livres,
  ja_resgatados, outro_beneficio, novos, preparados, processados, importados, amostra, exemplos_invalidos, erro, criado_em,
  confirmado_em, concluido_em, atualizado_em`;

const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : null);

export function toImport(r: Row): CouponImport {
  return {
    id: r.id as string,
    idBeneficio: r.beneficio_id as number,
    idOpcao: (r.opcao_id as number | null) ?? null,
    arquivo: r.arquivo as string,
    bytes: r.bytes as number,
    estado: r.estado as CouponImport['estado'],
    linhas: r.linhas as number,
    invalidos: r.invalidos as number,
    duplicadosNoArquivo: r.duplicados_arquivo as number,
    jaNoEstoque: r.ja_livres as number,
    jaResgatados: r.ja_resgatados as number,
    emOutroBeneficio: r.outro_beneficio as number,
    novos: r.novos as number,
    preparados: r.preparados as number,
    processados: r.processados as number,
    importados: r.importados as number,
    amostra: r.amostra as CouponLine[],
    exemplosInvalidos: r.exemplos_invalidos as CouponLine[],
    erro: (r.erro as string | null) ?? null,
    criadoEm: iso(r.criado_em)!,
    confirmadoEm: iso(r.confirmado_em),
    concluidoEm: iso(r.concluido_em),
  };
}

/** The pool an import goes to: a lista-mode benefit, and one of its days when it has days. */
export async function checkPool(prisma: Db, benefitId: number, optionId: number | undefined) {
  const b = await prisma.beneficio.findUnique({ where: { id: benefitId }, select: { id: true, modoCupom: true, opcoes: { select: { id: true } } } });
  if (!b) throw notFound(COUPONS_MSG.beneficioNaoEncontrado);
  if (b.modoCupom !== 'lista') throw badRequest(COUPONS_MSG.beneficioGerado, 'BENEFICIO_GERADO');
  if (b.opcoes.length && optionId === undefined) throw badRequest(COUPONS_MSG.opcaoObrigatoria, 'OPCAO_OBRIGATORIA');
  if (!b.opcoes.length && optionId !== undefined) throw badRequest(COUPONS_MSG.semDias, 'OPCAO_INVALIDA');
  if (optionId !== undefined && !b.opcoes.some((o) => o.id === optionId)) throw badRequest(COUPONS_MSG.opcaoInvalida, 'OPCAO_INVALIDA');
  return { benefitId: b.id, optionId: optionId ?? null };
}

export interface StageInput {
  benefitId: number;
  optionId?: number;
  fileName: string;
  /** The file's bytes as they arrive. */
  file: Readable;
  maxBytes: number;
}

/**
 * Step 1: streams the file into staging and analyses it. Answers the import (state 'analisado').
 * Bad input (empty, too big, no valid code, a line too long) is a 4xx and leaves nothing staged.
 */
export async function stageImport(prisma: Db, input: StageInput, actor: Actor): Promise<CouponImport> {
  const pool = await checkPool(prisma, input.benefitId, input.optionId);
  await dropAbandoned(prisma);
  const id = randomUUID();
  const fileName = input.fileName.slice(0, 200) || 'arquivo';
  const encoder = new CodeFileEncoder(id);
  return inStagingTransaction(prisma, input.file, async (client) => {
    await client.query(
      `INSERT INTO cupom_importacao (id, beneficio_id, opcao_id, arquivo, estado, criado_por, atualizado_em) VALUES ($1, $2, $3, $4, 'analisando', $5, now() AT TIME ZONE 'UTC')`,
      [id, pool.benefitId, pool.optionId, fileName, actor.id],
    );
    const bytes = await copyStagedFile(client, {
      copySql: 'COPY cupom_importacao_codigo (importacao_id, n, codigo) FROM STDIN',
      file: input.file,
      maxBytes: input.maxBytes,
      encoder,
      messages: { tooLarge: COUPONS_MSG.arquivoGrande(input.maxBytes), lineTooLong: COUPONS_MSG.linhaLonga, invalid: COUPONS_MSG.semCodigos },
    });
    const s = encoder.stats;
    if (bytes === 0 || (s.lines === 0 && s.preview.length === 0)) throw badRequest(COUPONS_MSG.arquivoVazio, 'ARQUIVO_VAZIO');
    if (s.valid === 0) throw badRequest(COUPONS_MSG.semCodigos, 'SEM_CODIGOS');
    // What the file holds against every pool, in one pass over the staged codes. The staged rows
    // have no statistics yet (just copied), so the planner guesses ~10,000 and may pick a nested loop:
    // a million index probes into cupom (37 s in bench/cupons-import.mjs against a pool of a million).
    // A hash join reads each side once (10-15 s under the same load); the memory is this statement's.
    // (ANALYZE of the staging table would fix the guess too, but its lock queues concurrent uploads.)
    await client.query(`SET LOCAL enable_nestloop = off`);
    await client.query(`SET LOCAL work_mem = '64MB'`);
    const { rows } = await client.query(
      `WITH s AS (SELECT codigo, count(*) AS vezes FROM cupom_importacao_codigo WHERE importacao_id = $1 GROUP BY codigo)
       SELECT count(*)::int AS distintos,
              COALESCE(sum(s.vezes - 1), 0)::int AS duplicados,
              count(c.id) FILTER (WHERE c.beneficio_id = $2 AND c.opcao_id IS NOT DISTINCT FROM $3 AND c.resgatado_em IS NULL)::int AS ja_livres,
              count(c.id) FILTER (WHERE c.beneficio_id = $2 AND c.opcao_id IS NOT DISTINCT FROM $3 AND c.resgatado_em IS NOT NULL)::int AS ja_resgatados,
              count(c.id) FILTER (WHERE c.beneficio_id <> $2 OR c.opcao_id IS DISTINCT FROM $3)::int AS outro,
              count(*) FILTER (WHERE c.id IS NULL)::int AS novos
         FROM s LEFT JOIN cupom c ON c.codigo = s.codigo`,
      [id, pool.benefitId, pool.optionId],
    );
    const a = rows[0] as { distintos: number; duplicados: number; ja_livres: number; ja_resgatados: number; outro: number; novos: number };
    await client.query(`SET LOCAL enable_nestloop TO DEFAULT`);
    await client.query(`SET LOCAL work_mem TO DEFAULT`);
    const preview = await judgePreview(client, s.preview, pool);
    const { rows: saved } = await client.query(
      `UPDATE cupom_importacao SET estado = 'analisado', bytes = $2, linhas = $3, invalidos = $4, duplicados_arquivo = $5, ja_livres = $6,
              ja_resgatados = $7, outro_beneficio = $8, novos = $9, preparados = $10, amostra = $11::jsonb, exemplos_invalidos = $12::jsonb,
              atualizado_em = now() AT TIME ZONE 'UTC'
        WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, bytes, s.lines, s.invalid, a.duplicados, a.ja_livres, a.ja_resgatados, a.outro, a.novos, s.valid, JSON.stringify(preview), JSON.stringify(s.invalidSamples)],
    );
    const imp = toImport(saved[0] as Row);
    await recordAudit(client, {
      actorId: actor.id,
      action: 'cupons.analisar',
      entity: 'cupom_importacao',
      entityId: id,
      before: null,
      after: summary(imp),
      requestId: actor.requestId,
    });
    return imp;
  });
}

/** The preview lines with their verdict: repeated above, or already in a pool. */
async function judgePreview(client: pg.Client, lines: CouponLine[], pool: { benefitId: number; optionId: number | null }) {
  const codes = lines.flatMap((l) => (l.codigo ? [l.codigo] : []));
  const { rows } = await client.query(`SELECT codigo, beneficio_id, opcao_id, resgatado_em FROM cupom WHERE codigo = ANY($1::text[])`, [codes]);
  const known = new Map(rows.map((r) => [r.codigo as string, r]));
  const seen = new Set<string>();
  return lines.map((l): CouponLine => {
    if (!l.codigo) return l;
    if (seen.has(l.codigo)) return { ...l, situacao: 'duplicado_arquivo' };
    seen.add(l.codigo);
    const c = known.get(l.codigo);
    if (!c) return l;
    if (c.beneficio_id !== pool.benefitId || (c.opcao_id ?? null) !== pool.optionId) return { ...l, situacao: 'outro_beneficio' };
    return { ...l, situacao: c.resgatado_em ? 'ja_resgatado' : 'ja_livre' };
  });
}

const summary = (i: CouponImport) => ({
  idBeneficio: i.idBeneficio,
  idOpcao: i.idOpcao,
  arquivo: i.arquivo,
  estado: i.estado,
  linhas: i.linhas,
  invalidos: i.invalidos,
  duplicadosNoArquivo: i.duplicadosNoArquivo,
  jaNoEstoque: i.jaNoEstoque,
  jaResgatados: i.jaResgatados,
  emOutroBeneficio: i.emOutroBeneficio,
  novos: i.novos,
  importados: i.importados,
});

/** Staged rows of imports never confirmed (or cancelled/finished ones that kept theirs) go away. */
async function dropAbandoned(prisma: Db) {
  const sql = poolOf(prisma);
  const { rows } = await sql.query(
    `UPDATE cupom_importacao SET estado = 'cancelado', atualizado_em = now() AT TIME ZONE 'UTC'
      WHERE estado IN ('analisando', 'analisado') AND atualizado_em < (now() AT TIME ZONE 'UTC') - $1::interval RETURNING id`,
    [`${ABANDONED_MS / 1000} seconds`],
  );
  if (rows.length) await sql.query(`DELETE FROM cupom_importacao_codigo WHERE importacao_id = ANY($1::uuid[])`, [rows.map((r) => r.id)]);
}

export async function getImport(prisma: Db, id: string): Promise<CouponImport> {
  const { rows } = await poolOf(prisma).query(`SELECT ${COLUMNS} FROM cupom_importacao WHERE id = $1`, [id]);
  if (!rows[0]) throw notFound(COUPONS_MSG.importacaoNaoEncontrada);
  return toImport(rows[0]);
}

export async function listImports(prisma: Db, benefitId: number, limit = 10): Promise<CouponImport[]> {
  const { rows } = await poolOf(prisma).query(`SELECT ${COLUMNS} FROM cupom_importacao WHERE beneficio_id = $1 ORDER BY criado_em DESC LIMIT $2`, [benefitId, limit]);
  return rows.map(toImport);
}

/** Confirmations running in this process, by import id (lib/background-jobs.ts). */
const jobs = new BackgroundJobs<CouponImport>({
  run: runImport,
  markFailed: (prisma, id) =>
    poolOf(prisma).query(`UPDATE cupom_importacao SET estado = 'falhou', erro = $2, atualizado_em = now() AT TIME ZONE 'UTC' WHERE id = $1`, [id, COUPONS_MSG.pararam]),
  batchSize: BATCH,
  stoppedMessage: 'importação interrompida: o processo está parando',
});
/** The confirmation of this import running in this process (tests and the CLI wait for it). */
export const runningImport = (id: string) => jobs.running(id);

/**
 * On shutdown: each confirmation stops after the batch it is writing and its import is marked
 * 'falhou' with "confirme de novo para continuar"; a new confirmation (any process) resumes from
 * `processados`.
 */
export const stopImports = () => jobs.stop();

/**
 * Step 2: marks the import 'importando' (audited, in the same transaction) and starts adding its
 * codes in the background. Answers at once; the progress is read with getImport.
 */
export async function confirmImport(prisma: Db, id: string, actor: Actor, log: (err: unknown) => void = () => {}): Promise<CouponImport> {
  return jobs.start(prisma, id, async (client) => {
    const { rows: cur } = await client.query(`SELECT ${COLUMNS} FROM cupom_importacao WHERE id = $1 FOR UPDATE`, [id]);
    if (!cur[0]) throw notFound(COUPONS_MSG.importacaoNaoEncontrada);
    const before = toImport(cur[0]);
    const stalled = before.estado === 'importando' && jobs.stalled(id, cur[0].atualizado_em as Date);
    if (!(before.estado === 'analisado' || before.estado === 'falhou' || stalled)) throw conflict(COUPONS_MSG.naoConfirmavel, 'IMPORTACAO_ESTADO');
    if (before.estado === 'analisado' && before.novos === 0) throw conflict(COUPONS_MSG.nadaNovo, 'NADA_NOVO');
    const { rows: staged } = await client.query(`SELECT count(*)::int AS n FROM cupom_importacao_codigo WHERE importacao_id = $1`, [id]);
    // The staging table is UNLOGGED: after a database crash it is empty and the file must be sent again.
    if (staged[0].n !== before.preparados) throw conflict(COUPONS_MSG.reenviar, 'REENVIAR');
    const { rows } = await client.query(
      `UPDATE cupom_importacao SET estado = 'importando', erro = NULL, confirmado_em = COALESCE(confirmado_em, now() AT TIME ZONE 'UTC'),
              atualizado_em = now() AT TIME ZONE 'UTC' WHERE id = $1 RETURNING ${COLUMNS}`,
      [id],
    );
    const imp = toImport(rows[0]);
    await recordAudit(client, { actorId: actor.id, action: 'cupons.importar', entity: 'cupom_importacao', entityId: id, before: summary(before), after: summary(imp), requestId: actor.requestId });
    return imp;
  }, log);
}

/** Adds the staged codes batch by batch from where the import stopped (processados). */
function runImport(prisma: Db, imp: CouponImport): Promise<void> {
  return jobs.runBatches(
    prisma,
    { done: imp.processados, total: imp.preparados },
    async (client, done, upto) => {
      const ins = await client.query(
        `INSERT INTO cupom (id, beneficio_id, opcao_id, codigo)
         SELECT gen_random_uuid(), $4, $5, s.codigo FROM cupom_importacao_codigo s
          WHERE s.importacao_id = $1 AND s.n > $2 AND s.n <= $3 ORDER BY s.codigo
         ON CONFLICT (codigo) DO NOTHING`,
        [imp.id, done, upto, imp.idBeneficio, imp.idOpcao],
      );
      await client.query(
        `UPDATE cupom_importacao SET processados = $2, importados = importados + $3, atualizado_em = now() AT TIME ZONE 'UTC' WHERE id = $1`,
        [imp.id, upto, ins.rowCount ?? 0],
      );
    },
    async (client) => {
      await client.query('BEGIN');
      await client.query(`UPDATE cupom_importacao SET estado = 'concluido', concluido_em = now() AT TIME ZONE 'UTC', atualizado_em = now() AT TIME ZONE 'UTC' WHERE id = $1`, [imp.id]);
      await client.query(`DELETE FROM cupom_importacao_codigo WHERE importacao_id = $1`, [imp.id]);
      await client.query('COMMIT');
    },
  );
}

/** Drops a staged import nobody confirmed (audited). */
export async function cancelImport(prisma: Db, id: string, actor: Actor): Promise<CouponImport> {
  const client = await poolOf(prisma).connect();
  try {
    await client.query('BEGIN');
    const { rows: cur } = await client.query(`SELECT ${COLUMNS} FROM cupom_importacao WHERE id = $1 FOR UPDATE`, [id]);
    if (!cur[0]) throw notFound(COUPONS_MSG.importacaoNaoEncontrada);
    const before = toImport(cur[0]);
    if (!['analisado', 'falhou'].includes(before.estado)) throw conflict(COUPONS_MSG.naoCancelavel, 'IMPORTACAO_ESTADO');
    const { rows } = await client.query(`UPDATE cupom_importacao SET estado = 'cancelado', atualizado_em = now() AT TIME ZONE 'UTC' WHERE id = $1 RETURNING ${COLUMNS}`, [id]);
    await client.query(`DELETE FROM cupom_importacao_codigo WHERE importacao_id = $1`, [id]);
    const imp = toImport(rows[0]);
    await recordAudit(client, { actorId: actor.id, action: 'cupons.cancelar', entity: 'cupom_importacao', entityId: id, before: summary(before), after: summary(imp), requestId: actor.requestId });
    await client.query('COMMIT');
    return imp;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
