import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type pg from 'pg';
import { LEGION_TOTAL, OFFICIAL_SITE_PLACE, POINTS } from '@legiao/contracts';
import { IMPORT_STATUSES, IMPORTS_MSG, type Import, type ImportCount, type ImportKind } from '@legiao/contracts/admin/importacoes';
import { badRequest, conflict, notFound } from '../../../errors/app-error.js';
import { poolOf, type Db } from '../../../db/prisma.js';
import { BackgroundJobs } from '../../../lib/background-jobs.js';
import { copyStagedFile, inStagingTransaction } from '../../../lib/staged-file.js';
import { recordAudit } from '../audit/audit.service.js';
import { applyVerifiedPurchases, sqlOn } from '../../compra/verified-purchases.js';
import { COPY_COLUMNS, ImportFileEncoder } from './import-file.js';

// Imports of the brand's files in the back office (docs/decisions/0032-back-office-imports.md), on
// the code pools' pattern (ADR 0028):
// 1. upload = dry run: the file streams through csv-parse and the row checks into COPY of
//    importacao_linha (a connection of its own, one transaction), then set-based statements judge
//    the rows against members, registered orders and coupons; the counts are kept on the import.
//    Nothing else changes.
// 2. apply: a conditional state change plus its audit row, then batches of ORDEM_BATCH rows in the
//    background, each its own transaction with the progress. Idempotent by unique keys, not by
//    trust in the dry run: produto_cliente (codigo_pedido, produto_id), lancamento.produto_cliente_id
//    and lancamento.indicacao_id are unique and every write skips conflicts, a coupon is marked only
//    while usado_em IS NULL. The same file twice, or two imports applied at once, credit once.

const BATCH = 5_000;

const KIND_DB: Record<ImportKind, string> = { compras: 'compras', 'usos-cupom': 'usos_cupom' };
const KIND_WIRE: Record<string, ImportKind> = { compras: 'compras', usos_cupom: 'usos-cupom' };

export interface Actor {
  id: string;
  requestId: string;
}

type Row = Record<string, unknown>;

const ZERO: ImportCount = { novas: 0, existentes: 0, pendentes: 0, indicacoes: 0, pontos: 0, numeros: 0, marcar: 0, jaUsados: 0, recusadas: 0 };
const counts = (v: unknown): ImportCount => ({ ...ZERO, ...(v as Partial<ImportCount>) });
const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : null);

const COLUMNS = `i.id, i.tipo::text AS tipo, i.arquivo, i.bytes, i.estado::text AS estado, i.cabecalho, i.mapeamento, i.linhas, i.simulacao,
  i.resultado, i.total, i.processados, i.erro, i.criado_por, i.criado_em, i.aplicado_em, i.concluido_em, i.atualizado_em,
  (SELECT u.email FROM usuario u WHERE u.id = i.criado_por) AS criado_por_email`;

function toImport(r: Row, refused: Import['recusadas'] = []): Import {
  return {
    id: r.id as string,
    tipo: KIND_WIRE[r.tipo as string]!,
    arquivo: r.arquivo as string,
    bytes: r.bytes as number,
    estado: r.estado as Import['estado'],
    cabecalho: r.cabecalho as string[],
    mapeamento: r.mapeamento as Record<string, string>,
    linhas: r.linhas as number,
    simulacao: counts(r.simulacao),
    resultado: counts(r.resultado),
    total: r.total as number,
    processados: r.processados as number,
    recusadas: refused,
    erro: (r.erro as string | null) ?? null,
    criadoPor: (r.criado_por_email as string | null) ?? null,
    criadoEm: iso(r.criado_em)!,
    aplicadoEm: iso(r.aplicado_em),
    concluidoEm: iso(r.concluido_em),
  };
}

const summary = (i: Import) => ({ tipo: i.tipo, arquivo: i.arquivo, linhas: i.linhas, estado: i.estado, simulacao: i.simulacao, resultado: i.resultado });

export interface StageInput {
  kind: ImportKind;
  fileName: string;
  file: Readable;
  maxBytes: number;
  /** The staff's column mapping; undefined: suggested from the header. */
  mapping?: Record<string, string>;
}

/** The catalogue by upper-cased SKU and by id (a few hundred products; read once per upload). */
async function productKeys(client: pg.Client): Promise<Map<string, number>> {
  const { rows } = await client.query<{ id: number; sku: string | null }>(`SELECT id, sku FROM produto`);
  const m = new Map<string, number>();
  for (const r of rows) {
    m.set(String(r.id), r.id);
    if (r.sku) m.set(r.sku.toUpperCase(), r.id);
  }
  return m;
}

/**
 * Upload and dry run. Answers the import in state 'simulado' with what applying would change.
 * Bad files (empty, too big, a line too long, columns missing) are a 4xx and leave nothing behind.
 */
export async function stageImport(prisma: Db, input: StageInput, actor: Actor): Promise<Import> {
  const id = randomUUID();
  const fileName = input.fileName.slice(0, 200) || 'arquivo.csv';
  return inStagingTransaction(prisma, input.file, async (client) => {
    const encoder = new ImportFileEncoder(id, input.kind, input.mapping, input.kind === 'compras' ? await productKeys(client) : new Map());
    await client.query(`INSERT INTO importacao (id, tipo, arquivo, criado_por) VALUES ($1, $2::tipo_importacao, $3, $4)`, [id, KIND_DB[input.kind], fileName, actor.id]);
    const bytes = await copyStagedFile(client, {
      copySql: `COPY importacao_linha (${COPY_COLUMNS}) FROM STDIN`,
      file: input.file,
      maxBytes: input.maxBytes,
      encoder,
      messages: { tooLarge: IMPORTS_MSG.arquivoGrande, lineTooLong: IMPORTS_MSG.linhaLonga, invalid: IMPORTS_MSG.arquivoInvalido },
    });
    const s = encoder.stats;
    if (!s.header.length) throw badRequest(IMPORTS_MSG.arquivoVazio, 'ARQUIVO_VAZIO');
    if (s.lines === 0) throw badRequest(IMPORTS_MSG.semLinhas, 'SEM_LINHAS');
    const dryRun = input.kind === 'compras' ? await judgePurchases(client, id) : await judgeUsage(client, id);
    const total = input.kind === 'compras' ? dryRun.novas : dryRun.marcar;
    const { rows } = await client.query(
      `UPDATE importacao i SET bytes = $2, cabecalho = $3::jsonb, mapeamento = $4::jsonb, linhas = $5, simulacao = $6::jsonb, total = $7
        WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, bytes, JSON.stringify(s.header), JSON.stringify(s.mapping), s.lines, JSON.stringify(dryRun), total],
    );
    const imp = toImport(rows[0] as Row, await refusedSample(client, id));
    await recordAudit(client, { actorId: actor.id, action: 'importacao.simular', entity: 'importacao', entityId: id, before: null, after: summary(imp), requestId: actor.requestId });
    return imp;
  });
}

/**
 * Purchases: each checked row against members (e-mail, CPF), orders already registered and the
 * rest of the file; then the apply order (oldest purchase first: earlier buyers get lower legion
 * numbers) and the counts. The staged rows have no statistics yet: a hash join reads each side
 * once where the planner's guess would pick 100,000 index probes (ADR 0028).
 */
async function judgePurchases(client: pg.Client, id: string): Promise<ImportCount> {
  await client.query(`SET LOCAL enable_nestloop = off`);
  await client.query(`SET LOCAL work_mem = '64MB'`);
  await client.query(
    `UPDATE importacao_linha l SET situacao = v.situacao, motivo = v.motivo, usuario_id = v.usuario_id
       FROM (SELECT l.linha, COALESCE(ue.id, uc.id) AS usuario_id,
                    CASE WHEN l.rep > 1 THEN 'recusada'
                         WHEN pl.id IS NOT NULL THEN 'recusada'
                         WHEN ue.id IS NOT NULL AND uc.id IS NOT NULL AND ue.id <> uc.id THEN 'recusada'
                         WHEN pc.usuario_id IS NOT NULL AND pc.usuario_id IS DISTINCT FROM COALESCE(ue.id, uc.id) THEN 'recusada'
                         WHEN pc.usuario_id IS NOT NULL THEN 'existente'
                         WHEN ue.id IS NULL AND uc.id IS NULL THEN 'pendente'
                         ELSE 'nova' END AS situacao,
                    CASE WHEN l.rep > 1 THEN 'pedido e produto repetidos no arquivo (vale a primeira linha)'
                         WHEN pl.id IS NOT NULL THEN 'pedido cancelado pela loja (integração)'
                         WHEN ue.id IS NOT NULL AND uc.id IS NOT NULL AND ue.id <> uc.id THEN 'e-mail e CPF são de membros diferentes'
                         WHEN pc.usuario_id IS NOT NULL AND pc.usuario_id IS DISTINCT FROM COALESCE(ue.id, uc.id) THEN 'pedido já registrado para outro membro'
                         WHEN pc.usuario_id IS NOT NULL THEN 'pedido já registrado'
                         WHEN ue.id IS NULL AND uc.id IS NULL THEN 'membro não cadastrado (uma próxima importação registra)'
                    END AS motivo
               FROM (SELECT linha, pedido, produto_id, email, cpf,
                            row_number() OVER (PARTITION BY pedido, produto_id ORDER BY linha) AS rep
                       FROM importacao_linha WHERE importacao_id = $1 AND situacao = 'nova') l
               LEFT JOIN usuario ue ON ue.email = l.email
               LEFT JOIN usuario uc ON uc.cpf = l.cpf
               LEFT JOIN produto_cliente pc ON pc.codigo_pedido = l.pedido AND pc.produto_id = l.produto_id
               -- The store cancelled this order through the integration (ADR 0041): never registered again.
               LEFT JOIN pedido_loja pl ON pl.pedido = l.pedido AND pl.estado = 'cancelado') v
      WHERE l.importacao_id = $1 AND l.linha = v.linha`,
    [id],
  );
  await client.query(`SET LOCAL enable_nestloop TO DEFAULT`);
  await client.query(
    `UPDATE importacao_linha l SET ordem = o.ordem
       FROM (SELECT linha, row_number() OVER (ORDER BY data, linha) AS ordem FROM importacao_linha WHERE importacao_id = $1 AND situacao = 'nova') o
      WHERE l.importacao_id = $1 AND l.linha = o.linha`,
    [id],
  );
  const { rows } = await client.query(
    `WITH n AS (SELECT usuario_id, produto_id, quantidade FROM importacao_linha WHERE importacao_id = $1 AND situacao = 'nova'),
          c AS (SELECT count(*) FILTER (WHERE situacao = 'nova')::int AS novas, count(*) FILTER (WHERE situacao = 'existente')::int AS existentes,
                       count(*) FILTER (WHERE situacao = 'pendente')::int AS pendentes, count(*) FILTER (WHERE situacao = 'recusada')::int AS recusadas
                  FROM importacao_linha WHERE importacao_id = $1)
     SELECT c.*,
            (SELECT count(*)::int FROM indicacao i JOIN usuario u ON u.id = i.indicado_id AND u.ativo
              WHERE i.status = 'pendente' AND i.indicador_id IS NOT NULL AND i.indicado_id IN (SELECT usuario_id FROM n)) AS indicacoes,
            (SELECT COALESCE(sum(LEAST(s.pecas, GREATEST(0, $2::int - p.numeros_atribuidos))), 0)::int
               FROM (SELECT produto_id, sum(quantidade) AS pecas FROM n GROUP BY produto_id) s JOIN produto p ON p.id = s.produto_id) AS numeros
       FROM c`,
    [id, LEGION_TOTAL],
  );
  const r = rows[0] as ImportCount;
  return { ...ZERO, ...r, pontos: r.novas * POINTS.compra + r.indicacoes * POINTS.indicacao };
}

/** Coupon usage: each code against benefit pools and Friends & Family coupons. */
async function judgeUsage(client: pg.Client, id: string): Promise<ImportCount> {
  await client.query(`SET LOCAL enable_nestloop = off`);
  await client.query(`SET LOCAL work_mem = '64MB'`);
  await client.query(
    `UPDATE importacao_linha l SET situacao = v.situacao, motivo = v.motivo
       FROM (SELECT l.linha,
                    CASE WHEN l.rep > 1 THEN 'recusada'
                         WHEN c.id IS NULL AND f.id IS NULL THEN 'recusada'
                         WHEN c.id IS NOT NULL AND c.resgatado_em IS NULL THEN 'recusada'
                         WHEN COALESCE(c.usado_em, f.usado_em) IS NOT NULL THEN 'ja_usado'
                         ELSE 'marcar' END AS situacao,
                    CASE WHEN l.rep > 1 THEN 'código repetido no arquivo (vale a primeira linha)'
                         WHEN c.id IS NULL AND f.id IS NULL THEN 'código não encontrado'
                         WHEN c.id IS NOT NULL AND c.resgatado_em IS NULL THEN 'código ainda não resgatado por um membro'
                         WHEN COALESCE(c.usado_em, f.usado_em) IS NOT NULL THEN 'já estava marcado como usado'
                    END AS motivo
               FROM (SELECT linha, codigo, row_number() OVER (PARTITION BY codigo ORDER BY linha) AS rep
                       FROM importacao_linha WHERE importacao_id = $1 AND situacao = 'marcar') l
               LEFT JOIN cupom c ON c.codigo = l.codigo
               LEFT JOIN cupom_friends_family f ON f.codigo = l.codigo) v
      WHERE l.importacao_id = $1 AND l.linha = v.linha`,
    [id],
  );
  await client.query(`SET LOCAL enable_nestloop TO DEFAULT`);
  await client.query(
    `UPDATE importacao_linha l SET ordem = o.ordem
       FROM (SELECT linha, row_number() OVER (ORDER BY linha) AS ordem FROM importacao_linha WHERE importacao_id = $1 AND situacao = 'marcar') o
      WHERE l.importacao_id = $1 AND l.linha = o.linha`,
    [id],
  );
  const { rows } = await client.query(
    `SELECT count(*) FILTER (WHERE situacao = 'marcar')::int AS marcar, count(*) FILTER (WHERE situacao = 'ja_usado')::int AS "jaUsados",
            count(*) FILTER (WHERE situacao = 'recusada')::int AS recusadas
       FROM importacao_linha WHERE importacao_id = $1`,
    [id],
  );
  return { ...ZERO, ...(rows[0] as Partial<ImportCount>) };
}

async function refusedSample(db: pg.Client | pg.Pool, id: string) {
  const { rows } = await db.query(
    `SELECT linha, situacao, motivo, texto FROM importacao_linha WHERE importacao_id = $1 AND situacao IN ('recusada', 'pendente') ORDER BY linha LIMIT 20`,
    [id],
  );
  return rows as Import['recusadas'];
}

export async function getImport(prisma: Db, id: string): Promise<Import> {
  const sql = poolOf(prisma);
  const { rows } = await sql.query(`SELECT ${COLUMNS} FROM importacao i WHERE id = $1`, [id]);
  if (!rows[0]) throw notFound(IMPORTS_MSG.importacaoNaoEncontrada);
  return toImport(rows[0], await refusedSample(sql, id));
}

export async function listImports(prisma: Db, kind: ImportKind | undefined, page: number, perPage = 20) {
  const sql = poolOf(prisma);
  const where = kind ? `WHERE i.tipo = $3::tipo_importacao` : '';
  const params: unknown[] = [perPage, (page - 1) * perPage, ...(kind ? [KIND_DB[kind]] : [])];
  const [{ rows }, { rows: c }] = await Promise.all([
    sql.query(`SELECT ${COLUMNS} FROM importacao i ${where} ORDER BY i.criado_em DESC, i.id LIMIT $1 OFFSET $2`, params),
    sql.query(`SELECT count(*)::int AS n FROM importacao i ${kind ? 'WHERE i.tipo = $1::tipo_importacao' : ''}`, kind ? [KIND_DB[kind]] : []),
  ]);
  return { itens: rows.map((r) => toImport(r)), total: c[0].n as number, pagina: page, porPagina: perPage };
}

/** The report: every line with its verdict, as CSV (';', BOM for spreadsheets), read in pages. */
export function reportCsv(prisma: Db, id: string): Readable {
  const sql = poolOf(prisma);
  const cell = (v: unknown) => {
    const s = v === null || v === undefined ? '' : String(v);
    return /[";\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  async function* lines() {
    yield '\uFEFFlinha;situacao;descricao;motivo;conteudo\r\n';
    let after = 0;
    for (;;) {
      const { rows } = await sql.query(`SELECT linha, situacao, motivo, texto FROM importacao_linha WHERE importacao_id = $1 AND linha > $2 ORDER BY linha LIMIT 5000`, [id, after]);
      if (!rows.length) return;
      yield rows.map((r) => [r.linha, r.situacao, IMPORT_STATUSES[r.situacao] ?? r.situacao, r.motivo, r.texto].map(cell).join(';') + '\r\n').join('');
      after = rows[rows.length - 1].linha;
    }
  }
  return Readable.from(lines());
}

export async function assertExists(prisma: Db, id: string) {
  const { rows } = await poolOf(prisma).query(`SELECT arquivo FROM importacao WHERE id = $1`, [id]);
  if (!rows[0]) throw notFound(IMPORTS_MSG.importacaoNaoEncontrada);
  return rows[0].arquivo as string;
}

/** Applies running in this process, by import id (lib/background-jobs.ts). */
const jobs = new BackgroundJobs<Import>({
  run: runApply,
  markFailed: (prisma, id) => poolOf(prisma).query(`UPDATE importacao SET estado = 'falhou', erro = $2, atualizado_em = now() AT TIME ZONE 'UTC' WHERE id = $1`, [id, IMPORTS_MSG.pararam]),
  batchSize: BATCH,
  stoppedMessage: 'aplicação interrompida: o processo está parando',
});
/** The apply of this import running in this process (tests wait for it). */
export const runningApply = (id: string) => jobs.running(id);
/** On shutdown: each apply stops between batches and its import is 'falhou', to be applied again. */
export const stopApplies = () => jobs.stop();

/**
 * Apply: 'simulado' (or 'falhou', or stalled) -> 'aplicando', audited as importacao.aplicar with the
 * dry run in the same transaction, then the batches in the background. Answers at once.
 */
export async function applyImport(prisma: Db, id: string, actor: Actor, log: (err: unknown) => void = () => {}): Promise<Import> {
  return jobs.start(prisma, id, async (client) => {
    const { rows: cur } = await client.query(`SELECT ${COLUMNS} FROM importacao i WHERE id = $1 FOR UPDATE`, [id]);
    if (!cur[0]) throw notFound(IMPORTS_MSG.importacaoNaoEncontrada);
    const before = toImport(cur[0]);
    const stalled = before.estado === 'aplicando' && jobs.stalled(id, cur[0].atualizado_em as Date);
    if (!(before.estado === 'simulado' || before.estado === 'falhou' || stalled)) throw conflict(IMPORTS_MSG.naoAplicavel, 'IMPORTACAO_ESTADO');
    const { rows } = await client.query(
      `UPDATE importacao i SET estado = 'aplicando', erro = NULL, aplicado_em = COALESCE(aplicado_em, now() AT TIME ZONE 'UTC'), atualizado_em = now() AT TIME ZONE 'UTC'
        WHERE id = $1 RETURNING ${COLUMNS}`,
      [id],
    );
    const imp = toImport(rows[0]);
    await recordAudit(client, { actorId: actor.id, action: 'importacao.aplicar', entity: 'importacao', entityId: id, before: summary(before), after: summary(imp), requestId: actor.requestId });
    return imp;
  }, log);
}

/** Applies the judged rows batch by batch (by ordem) from where the import stopped (processados). */
function runApply(prisma: Db, imp: Import): Promise<void> {
  const result = { ...imp.resultado };
  return jobs.runBatches(
    prisma,
    { done: imp.processados, total: imp.total },
    async (client, done, upto) => {
      if (imp.tipo === 'compras') await applyPurchases(client, imp.id, done, upto, result);
      else await applyUsage(client, imp.id, done, upto, result);
      await client.query(`UPDATE importacao SET processados = $2, resultado = $3::jsonb, atualizado_em = now() AT TIME ZONE 'UTC' WHERE id = $1`, [imp.id, upto, JSON.stringify(result)]);
    },
    async (client) => {
      await client.query(
        `UPDATE importacao SET estado = 'concluido', resultado = $2::jsonb, concluido_em = now() AT TIME ZONE 'UTC', atualizado_em = now() AT TIME ZONE 'UTC' WHERE id = $1`,
        [imp.id, JSON.stringify(result)],
      );
    },
  );
}

/**
 * One batch of purchases, in the caller's transaction: the rows judged 'nova' go through the one
 * purchases module (features/compra/verified-purchases.ts: verified entries skipping orders
 * registered meanwhile, their Compra credit, legion numbers in apply order per product, the
 * referrals they confirm with their credit), then each row is marked with what became of it.
 */
async function applyPurchases(client: pg.Client, id: string, from: number, to: number, result: ImportCount) {
  const batch = `l.importacao_id = $1 AND l.ordem > $2 AND l.ordem <= $3`;
  const p = [id, from, to];
  // Each row's entry id is derived from (import, line), so nothing has to join the insert's
  // RETURNING back to the staged rows (a join on (pedido, produto) the planner ran as a nested loop:
  // 11 s a batch in bench/importacoes.mjs) nor write the ids first. A batch commits with its
  // progress, so a resumed apply never inserts the same id twice; a row whose id is not in
  // produto_cliente afterwards was skipped by ON CONFLICT: registered meanwhile by someone else.
  const entry = `md5(l.importacao_id::text || ':' || l.linha)::uuid`;
  const source = {
    sql: `SELECT ${entry} AS id, l.usuario_id, l.produto_id, l.quantidade, 0 AS quantidade_presente, l.data, l.pedido,
                 '${OFFICIAL_SITE_PLACE}'::text AS local_compra, NULL::uuid AS pedido_loja_id, l.ordem
            FROM importacao_linha l WHERE ${batch} AND l.situacao = 'nova'`,
    params: p,
  };
  const effects = await applyVerifiedPurchases(sqlOn(client), source, 'importacao');
  const marked = await client.query(
    `UPDATE importacao_linha l SET
            situacao = CASE WHEN c.criada THEN 'criada' ELSE 'existente' END,
            motivo = CASE WHEN c.criada THEN NULL ELSE 'registrado por outra importação antes desta' END,
            entrada_id = CASE WHEN c.criada THEN ${entry} END
       FROM (SELECT l.linha, EXISTS (SELECT 1 FROM produto_cliente pc WHERE pc.id = ${entry}) AS criada
               FROM importacao_linha l WHERE ${batch} AND l.situacao = 'nova') c
      WHERE l.importacao_id = $1 AND l.linha = c.linha
      RETURNING (l.situacao = 'existente') AS pulada`,
    p,
  );
  result.novas += effects.entradas;
  result.existentes += marked.rows.filter((r) => r.pulada).length;
  result.numeros += effects.numeros;
  result.indicacoes += effects.indicacoes;
  result.pontos += effects.creditos * POINTS.compra + effects.indicacoes * POINTS.indicacao;
}

/** One batch of coupon usage: marks codes handed out and not yet used (the first date stays). */
async function applyUsage(client: pg.Client, id: string, from: number, to: number, result: ImportCount) {
  const batch = `l.importacao_id = $1 AND l.ordem > $2 AND l.ordem <= $3`;
  const r = await client.query(
    `WITH c AS (
       UPDATE cupom c SET usado_em = COALESCE(l.data::timestamp, now() AT TIME ZONE 'UTC')
         FROM importacao_linha l WHERE ${batch} AND c.codigo = l.codigo AND c.resgatado_em IS NOT NULL AND c.usado_em IS NULL
       RETURNING c.codigo),
          f AS (
       UPDATE cupom_friends_family f SET usado_em = COALESCE(l.data::timestamp, now() AT TIME ZONE 'UTC')
         FROM importacao_linha l WHERE ${batch} AND f.codigo = l.codigo AND f.usado_em IS NULL
       RETURNING f.codigo)
     UPDATE importacao_linha l SET situacao = 'marcado' WHERE ${batch} AND l.codigo IN (SELECT codigo FROM c UNION ALL SELECT codigo FROM f)`,
    [id, from, to],
  );
  const skipped = await client.query(`UPDATE importacao_linha l SET situacao = 'ja_usado', motivo = 'marcado como usado antes desta importação' WHERE ${batch} AND l.situacao = 'marcar'`, [id, from, to]);
  result.marcar += r.rowCount ?? 0;
  result.jaUsados += skipped.rowCount ?? 0;
}
