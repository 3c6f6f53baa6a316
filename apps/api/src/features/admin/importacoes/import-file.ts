import { Transform, type TransformCallback } from 'node:stream';
import { parse, type Parser } from 'csv-parse';
import { cpfSchema, emailSchema, parseDataCompra } from '@legiao/contracts';
import { IMPORTACAO_CAMPOS, IMPORTACOES_MSG, sugerirMapeamento, type ImportacaoTipo } from '@legiao/contracts/admin/importacoes';
import { CODIGO_IMPORTADO, normalizarCodigo } from '../../beneficio/codigos.js';

// Reading an uploaded import file as a stream (docs/decisions/0032-back-office-imports.md), the way
// code pools do it (ADR 0028): csv-parse splits the lines, this checks each row against the mapping
// and writes COPY text rows for importacao_linha, valid or refused (with the reason), so the report
// has every line. Kept in memory: counters and the header, whatever the file size. What needs the
// database (members, orders already registered, codes) is judged afterwards in SQL, set-based.

/** A line longer than this is not one of these files (a binary file, a wrong export). */
export const MAX_LINE_BYTES = 4096;
const CHUNK_BYTES = 64 * 1024;
const TEXT_MAX = 200;

/** A 4xx about the file itself, thrown from inside the stream. */
export class BadImportFile extends Error {
  constructor(
    message: string,
    readonly reason: string,
  ) {
    super(message);
  }
}

export function importFileParser(): Parser {
  return parse({
    bom: true,
    delimiter: [';', ',', '\t'],
    relax_quotes: true,
    relax_column_count: true,
    trim: true,
    max_record_size: MAX_LINE_BYTES,
  });
}

/** COPY text format: backslash, tab and line breaks escaped; null is \N. */
const esc = (v: string | number | null | undefined) =>
  v === null || v === undefined ? '\\N' : String(v).replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');

/** The column order of the COPY statement. */
export const COPY_COLUMNS = 'importacao_id, linha, situacao, motivo, texto, pedido, email, cpf, produto_id, quantidade, data, codigo';

export interface ImportFileStats {
  header: string[];
  mapping: Record<string, string>;
  /** Data lines (the header and empty lines not counted). */
  lines: number;
  refused: number;
}

/** Only the calendar check: the store's usage dates may be any day (parseDataCompra also bounds purchase dates). */
function parseDay(value: string): string | null {
  const s = value.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(s);
  let y: number, mo: number, d: number;
  if (m) [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else if ((m = /^(\d{2})\/(\d{2})\/(\d{4})(?: [\d:]+)?$/.exec(s))) [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else return null;
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || y < 2000) return null;
  return date.toISOString().slice(0, 10);
}

type Row = [situacao: string, motivo: string | null, pedido?: string | null, email?: string | null, cpf?: string | null, produtoId?: number | null, quantidade?: number | null, data?: string | null, codigo?: string | null];

/** Parsed records in (from importFileParser), COPY text out. */
export class ImportFileEncoder extends Transform {
  readonly stats: ImportFileStats = { header: [], mapping: {}, lines: 0, refused: 0 };
  private idx: Record<string, number> = {};
  private chunk = '';
  private line = 0;

  constructor(
    private readonly importId: string,
    private readonly kind: ImportacaoTipo,
    /** field -> column name; none: suggested from the header. */
    private readonly requested: Record<string, string> | undefined,
    /** Catalogue: upper-cased SKU or id as text -> product id. */
    private readonly products: Map<string, number>,
  ) {
    super({ writableObjectMode: true });
  }

  private readHeader(record: string[]) {
    const header = record.map((h) => h.slice(0, 200));
    const mapping = this.requested ?? sugerirMapeamento(this.kind, header);
    const fields = IMPORTACAO_CAMPOS[this.kind];
    for (const [campo, coluna] of Object.entries(mapping)) {
      if (!fields.some((f) => f.campo === campo)) throw new BadImportFile(IMPORTACOES_MSG.mapeamentoInvalido, 'MAPEAMENTO_INVALIDO');
      if (coluna === '') continue;
      const i = header.indexOf(coluna);
      if (i === -1) throw new BadImportFile(IMPORTACOES_MSG.colunaInexistente(coluna), 'COLUNA_INEXISTENTE');
      this.idx[campo] = i;
    }
    const missing = fields.filter((f) => f.obrigatorio && this.idx[f.campo] === undefined).map((f) => f.rotulo);
    if (missing.length) throw new BadImportFile(IMPORTACOES_MSG.colunaFaltando(missing.join(', ')), 'COLUNA_FALTANDO');
    if (this.kind === 'compras' && this.idx.email === undefined && this.idx.cpf === undefined) throw new BadImportFile(IMPORTACOES_MSG.emailOuCpf, 'COLUNA_FALTANDO');
    this.stats.header = header;
    this.stats.mapping = Object.fromEntries(Object.entries(this.idx).map(([campo, i]) => [campo, header[i]!]));
  }

  private purchase(get: (campo: string) => string): Row {
    const pedido = get('pedido');
    const produto = get('produto');
    if (!pedido || pedido.length > 80) return ['recusada', 'pedido ausente ou longo demais'];
    if (!produto) return ['recusada', 'produto ausente'];
    const produtoId = this.products.get(produto.toUpperCase());
    if (produtoId === undefined) return ['recusada', `produto desconhecido: "${produto.slice(0, 60)}"`];
    const q = get('quantidade');
    const quantidade = Number(q);
    if (!/^\d+$/.test(q) || quantidade < 1 || quantidade > 99) return ['recusada', `quantidade inválida: "${q.slice(0, 20)}" (de 1 a 99)`];
    const data = parseDataCompra(get('dataCompra'));
    if (!data) return ['recusada', `data inválida: "${get('dataCompra').slice(0, 30)}"`];
    const emailRaw = get('email');
    const cpfRaw = get('cpf');
    const email = emailRaw ? emailSchema.safeParse(emailRaw) : undefined;
    const cpf = cpfRaw ? cpfSchema.safeParse(cpfRaw) : undefined;
    if (email && !email.success) return ['recusada', `e-mail inválido: "${emailRaw.slice(0, 80)}"`];
    if (cpf && !cpf.success) return ['recusada', `CPF inválido: "${cpfRaw.slice(0, 20)}"`];
    if (!email && !cpf) return ['recusada', 'sem e-mail nem CPF'];
    return ['nova', null, pedido, email?.data ?? null, cpf?.data ?? null, produtoId, quantidade, data, null];
  }

  private usage(get: (campo: string) => string): Row {
    const texto = get('codigo');
    if (!texto) return ['recusada', 'código ausente'];
    const codigo = normalizarCodigo(texto);
    if (!CODIGO_IMPORTADO.test(codigo)) return ['recusada', `código inválido: "${texto.slice(0, 70)}"`];
    const dataTexto = get('dataUso');
    const data = dataTexto ? parseDay(dataTexto) : null;
    if (dataTexto && !data) return ['recusada', `data de uso inválida: "${dataTexto.slice(0, 30)}"`];
    return ['marcar', null, null, null, null, null, null, data, codigo];
  }

  override _transform(record: string[], _enc: BufferEncoding, done: TransformCallback) {
    const linha = ++this.line;
    if (record.every((c) => c === '')) return done();
    try {
      if (!this.stats.header.length) {
        this.readHeader(record);
        return done();
      }
    } catch (err) {
      return done(err as Error);
    }
    this.stats.lines++;
    const get = (campo: string) => {
      const i = this.idx[campo];
      return i === undefined ? '' : (record[i] ?? '');
    };
    const row = this.kind === 'compras' ? this.purchase(get) : this.usage(get);
    if (row[0] === 'recusada') this.stats.refused++;
    const texto = record.join(';').slice(0, TEXT_MAX);
    const [situacao, motivo, pedido, email, cpf, produtoId, quantidade, data, codigo] = row;
    this.chunk += [this.importId, linha, situacao, motivo, texto, pedido, email, cpf, produtoId, quantidade, data, codigo].map(esc).join('\t') + '\n';
    if (this.chunk.length >= CHUNK_BYTES) {
      const out = this.chunk;
      this.chunk = '';
      this.push(out);
    }
    done();
  }

  override _flush(done: TransformCallback) {
    if (this.chunk) this.push(this.chunk);
    this.chunk = '';
    done();
  }
}
