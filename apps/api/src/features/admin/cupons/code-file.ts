import { Transform, type TransformCallback } from 'node:stream';
import { parse, type Parser } from 'csv-parse';
import type { CouponLine } from '@legiao/contracts/admin/cupons';
import { IMPORTED_CODE, normaliseCode } from '../../beneficio/codes.js';

// Reading an uploaded file of coupon codes as a stream (docs/decisions/0028-code-pools-and-images.md):
// csv-parse splits lines (CSV with , ; or tab, or one code per line), this keeps the first column,
// checks it and writes the valid ones as COPY text rows (`<import id>\t<n>\t<code>`) for the staging
// table. Nothing of the file is kept but counters, the first lines (the preview) and a few invalid
// lines, so memory stays flat whatever the size.

const PREVIEW_LINES = 20;
const INVALID_SAMPLES = 20;
/** Lines longer than this are not a code list (a binary file, a wrong export). */
export const MAX_LINE_BYTES = 4096;
/** A first line that names the column. */
const HEADER = /^(c[oó]digos?|cupo(m|ns)|codes?|coupons?|voucher|vouchers)$/i;
/** Bytes per COPY chunk handed to PostgreSQL. */
const CHUNK_BYTES = 64 * 1024;

export interface CodeFileStats {
  /** Non-empty lines, the header not counted. */
  lines: number;
  invalid: number;
  /** Valid codes written for COPY (repeats in the file included; the analysis counts those). */
  valid: number;
  preview: CouponLine[];
  invalidSamples: CouponLine[];
}

/**
 * A csv-parse parser that tolerates what spreadsheets export: BOM, quotes, ragged columns. Empty
 * lines are kept as records (skipped by the encoder) so the record count is the line number:
 * csv-parse's `info` (or `on_record`) would give it too, but builds a context object per record,
 * which made a million lines 5x slower and doubled the garbage (measured: 9.0 s against 1.7 s).
 */
export function codeFileParser(): Parser {
  return parse({
    bom: true,
    delimiter: [',', ';', '\t'],
    relax_quotes: true,
    relax_column_count: true,
    trim: true,
    max_record_size: MAX_LINE_BYTES,
  });
}

/** Parsed records in (from codeFileParser), COPY text out. */
export class CodeFileEncoder extends Transform {
  readonly stats: CodeFileStats = { lines: 0, invalid: 0, valid: 0, preview: [], invalidSamples: [] };
  private chunk = '';
  private first = true;
  private line = 0;

  constructor(private readonly importId: string) {
    super({ writableObjectMode: true });
  }

  override _transform(record: string[], _enc: BufferEncoding, done: TransformCallback) {
    const line = ++this.line;
    const text = record[0] ?? '';
    if (text === '' && record.every((c) => c === '')) return done();
    if (this.first) {
      this.first = false;
      if (HEADER.test(text)) {
        this.stats.preview.push({ linha: line, texto: text, codigo: null, situacao: 'cabecalho' });
        return done();
      }
    }
    this.stats.lines++;
    const code = normaliseCode(text);
    const valid = IMPORTED_CODE.test(code);
    const item: CouponLine = { linha: line, texto: text.slice(0, 80), codigo: valid ? code : null, situacao: valid ? 'novo' : 'invalido' };
    if (this.stats.preview.length < PREVIEW_LINES) this.stats.preview.push(item);
    if (!valid) {
      this.stats.invalid++;
      if (this.stats.invalidSamples.length < INVALID_SAMPLES) this.stats.invalidSamples.push(item);
      return done();
    }
    this.stats.valid++;
    this.chunk += `${this.importId}\t${this.stats.valid}\t${code}\n`;
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
