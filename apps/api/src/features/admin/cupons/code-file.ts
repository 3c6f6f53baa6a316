import type { CouponLine } from '@legiao/contracts/admin/cupons';
import { StagedFileEncoder } from '../../../lib/staged-file.js';
import { IMPORTED_CODE, normaliseCode } from '../../beneficio/codes.js';

// A file of coupon codes (docs/decisions/0028-code-pools-and-images.md), read as a stream by
// lib/staged-file.ts: one code per line, or the first column of a CSV. This checks each code and
// writes the valid ones as COPY text rows (`<import id>\t<n>\t<code>`) for the staging table. Nothing
// of the file is kept but counters, the first lines (the preview) and a few invalid lines, so memory
// stays flat whatever the size.

const PREVIEW_LINES = 20;
const INVALID_SAMPLES = 20;
/** A first line that names the column. */
const HEADER = /^(c[oó]digos?|cupo(m|ns)|codes?|coupons?|voucher|vouchers)$/i;

export interface CodeFileStats {
  /** Non-empty lines, the header not counted. */
  lines: number;
  invalid: number;
  /** Valid codes written for COPY (repeats in the file included; the analysis counts those). */
  valid: number;
  preview: CouponLine[];
  invalidSamples: CouponLine[];
}

/** Parsed records in (from stagedFileParser), COPY text of the valid codes out. */
export class CodeFileEncoder extends StagedFileEncoder {
  readonly stats: CodeFileStats = { lines: 0, invalid: 0, valid: 0, preview: [], invalidSamples: [] };
  private first = true;

  constructor(private readonly importId: string) {
    super();
  }

  protected override encode(record: string[], line: number): string {
    const text = record[0] ?? '';
    if (this.first) {
      this.first = false;
      if (HEADER.test(text)) {
        this.stats.preview.push({ linha: line, texto: text, codigo: null, situacao: 'cabecalho' });
        return '';
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
      return '';
    }
    this.stats.valid++;
    // Valid codes are letters, digits, - and _: nothing to escape for COPY.
    return `${this.importId}\t${this.stats.valid}\t${code}\n`;
  }
}
