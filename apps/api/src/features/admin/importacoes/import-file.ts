import { cpfSchema, emailSchema, parsePurchaseDate } from '@legiao/contracts';
import { IMPORT_FIELDS, IMPORTS_MSG, suggestMapping, type ImportKind } from '@legiao/contracts/admin/importacoes';
import { copyValue, RefusedFile, StagedFileEncoder } from '../../../lib/staged-file.js';
import { IMPORTED_CODE, normaliseCode } from '../../beneficio/codes.js';

// An uploaded import file (docs/decisions/0032-back-office-imports.md), read as a stream by
// lib/staged-file.ts as code pools' files are (ADR 0028): this checks each row against the mapping
// and writes COPY text rows for importacao_linha, valid or refused (with the reason), so the report
// has every line. Kept in memory: counters and the header, whatever the file size. What needs the
// database (members, orders already registered, codes) is judged afterwards in SQL, set-based.

const TEXT_MAX = 200;

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

/** Parsed records in (from stagedFileParser), COPY text of every line out, valid or refused. */
export class ImportFileEncoder extends StagedFileEncoder {
  readonly stats: ImportFileStats = { header: [], mapping: {}, lines: 0, refused: 0 };
  private idx: Record<string, number> = {};

  constructor(
    private readonly importId: string,
    private readonly kind: ImportKind,
    /** field -> column name; none: suggested from the header. */
    private readonly requested: Record<string, string> | undefined,
    /** Catalogue: upper-cased SKU or id as text -> product id. */
    private readonly products: Map<string, number>,
  ) {
    super();
  }

  private readHeader(record: string[]) {
    const header = record.map((h) => h.slice(0, 200));
    const mapping = this.requested ?? suggestMapping(this.kind, header);
    const fields = IMPORT_FIELDS[this.kind];
    for (const [field, column] of Object.entries(mapping)) {
      if (!fields.some((f) => f.campo === field)) throw new RefusedFile(IMPORTS_MSG.mapeamentoInvalido, 'MAPEAMENTO_INVALIDO');
      if (column === '') continue;
      const i = header.indexOf(column);
      if (i === -1) throw new RefusedFile(IMPORTS_MSG.colunaInexistente(column), 'COLUNA_INEXISTENTE');
      this.idx[field] = i;
    }
    const missing = fields.filter((f) => f.obrigatorio && this.idx[f.campo] === undefined).map((f) => f.rotulo);
    if (missing.length) throw new RefusedFile(IMPORTS_MSG.colunaFaltando(missing.join(', ')), 'COLUNA_FALTANDO');
    if (this.kind === 'compras' && this.idx.email === undefined && this.idx.cpf === undefined) throw new RefusedFile(IMPORTS_MSG.emailOuCpf, 'COLUNA_FALTANDO');
    this.stats.header = header;
    this.stats.mapping = Object.fromEntries(Object.entries(this.idx).map(([field, i]) => [field, header[i]!]));
  }

  private purchase(get: (field: string) => string): Row {
    const request = get('pedido');
    const product = get('produto');
    if (!request || request.length > 80) return ['recusada', 'pedido ausente ou longo demais'];
    if (!product) return ['recusada', 'produto ausente'];
    const productId = this.products.get(product.toUpperCase());
    if (productId === undefined) return ['recusada', `produto desconhecido: "${product.slice(0, 60)}"`];
    const q = get('quantidade');
    const quantity = Number(q);
    if (!/^\d+$/.test(q) || quantity < 1 || quantity > 99) return ['recusada', `quantidade inválida: "${q.slice(0, 20)}" (de 1 a 99)`];
    const data = parsePurchaseDate(get('dataCompra'));
    if (!data) return ['recusada', `data inválida: "${get('dataCompra').slice(0, 30)}"`];
    const emailRaw = get('email');
    const cpfRaw = get('cpf');
    const email = emailRaw ? emailSchema.safeParse(emailRaw) : undefined;
    const cpf = cpfRaw ? cpfSchema.safeParse(cpfRaw) : undefined;
    if (email && !email.success) return ['recusada', `e-mail inválido: "${emailRaw.slice(0, 80)}"`];
    if (cpf && !cpf.success) return ['recusada', `CPF inválido: "${cpfRaw.slice(0, 20)}"`];
    if (!email && !cpf) return ['recusada', 'sem e-mail nem CPF'];
    return ['nova', null, request, email?.data ?? null, cpf?.data ?? null, productId, quantity, data, null];
  }

  private usage(get: (field: string) => string): Row {
    const text = get('codigo');
    if (!text) return ['recusada', 'código ausente'];
    const code = normaliseCode(text);
    if (!IMPORTED_CODE.test(code)) return ['recusada', `código inválido: "${text.slice(0, 70)}"`];
    const dateText = get('dataUso');
    const data = dateText ? parseDay(dateText) : null;
    if (dateText && !data) return ['recusada', `data de uso inválida: "${dateText.slice(0, 30)}"`];
    return ['marcar', null, null, null, null, null, null, data, code];
  }

  protected override encode(record: string[], line: number): string {
    if (!this.stats.header.length) {
      this.readHeader(record);
      return '';
    }
    this.stats.lines++;
    const get = (field: string) => {
      const i = this.idx[field];
      return i === undefined ? '' : (record[i] ?? '');
    };
    const row = this.kind === 'compras' ? this.purchase(get) : this.usage(get);
    if (row[0] === 'recusada') this.stats.refused++;
    const text = record.join(';').slice(0, TEXT_MAX);
    const [status, reason, request, email, cpf, productId, quantity, data, code] = row;
    return [this.importId, line, status, reason, text, request, email, cpf, productId, quantity, data, code].map(copyValue).join('\t') + '\n';
  }
}
