import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse, type Parser } from 'csv-parse';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { connectOutsidePool, type Db } from '../db/prisma.js';
import { AppError, badRequest } from '../errors/app-error.js';

// An uploaded file read line by line into a staging table, as a stream (the back office's code pools,
// docs/decisions/0028-code-pools-and-images.md, and imports, 0032-back-office-imports.md):
//   upload -> byte limit -> csv-parse -> the feature's encoder (a StagedFileEncoder: checks each line
//   and writes it as COPY text) -> COPY ... FROM STDIN, on a connection of its own, in one transaction.
// Backpressure runs end to end (PostgreSQL -> COPY -> parser -> the request's socket), so a few 64 KB
// chunks are held whatever the file's size; what each feature keeps (counters, a preview) is its own.

/** A line longer than this refuses the file: it is not a list or an export (a binary file, a wrong one). */
export const MAX_LINE_BYTES = 4096;
/** Bytes of COPY text per chunk handed to PostgreSQL. */
const CHUNK_BYTES = 64 * 1024;

/** A 4xx about the file itself, thrown from an encoder: answered 400 with its message and reason. */
export class RefusedFile extends Error {
  constructor(
    message: string,
    readonly reason: string,
  ) {
    super(message);
  }
}

class FileTooLarge extends Error {}

/**
 * A csv-parse parser that tolerates what spreadsheets export: BOM, quotes, ragged columns, `,` `;`
 * or tab between columns (one character each, so their order does not matter). Empty lines are kept
 * as records (the encoder skips them) so the record count is the line number: csv-parse's `info`
 * (or `on_record`) would give it too, but builds a context object per record, which made a million
 * lines 5x slower and doubled the garbage (measured: 9.0 s against 1.7 s).
 */
export function stagedFileParser(): Parser {
  return parse({
    bom: true,
    delimiter: [',', ';', '\t'],
    relax_quotes: true,
    relax_column_count: true,
    trim: true,
    max_record_size: MAX_LINE_BYTES,
  });
}

/** One value in COPY's text format: backslash, tab and line breaks escaped; null is \N. */
export const copyValue = (v: string | number | null | undefined) =>
  v === null || v === undefined ? '\\N' : String(v).replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');

/**
 * Parsed records in (from stagedFileParser), COPY text out in chunks of ~64 KB. Numbers the lines
 * (from 1, empty ones counted) and skips empty ones; a subclass turns each other line into its COPY
 * rows.
 */
export abstract class StagedFileEncoder extends Transform {
  private chunk = '';
  private line = 0;

  constructor() {
    super({ writableObjectMode: true });
  }

  /** The COPY text rows (each ending in \n) for one non-empty line, '' for none; may throw RefusedFile. */
  protected abstract encode(record: string[], line: number): string;

  override _transform(record: string[], _enc: BufferEncoding, done: TransformCallback) {
    const line = ++this.line;
    if (record.every((c) => c === '')) return done();
    try {
      this.chunk += this.encode(record, line);
    } catch (err) {
      return done(err as Error);
    }
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

/** The feature's words for a refused file. */
export interface RefusalMessages {
  /** Over maxBytes: 413 ARQUIVO_GRANDE. */
  tooLarge: string;
  /** A line over MAX_LINE_BYTES: 400 LINHA_LONGA. */
  lineTooLong: string;
  /** Anything else csv-parse refuses: 400 ARQUIVO_INVALIDO. */
  invalid: string;
}

export interface StagedFileCopy {
  /** `COPY <table> (<columns>) FROM STDIN`, the columns in the encoder's order. */
  copySql: string;
  /** The file's bytes as they arrive. */
  file: Readable;
  maxBytes: number;
  encoder: StagedFileEncoder;
  messages: RefusalMessages;
}

/**
 * Streams the file through the byte limit, the parser and the encoder into COPY on `client` (in the
 * caller's transaction). Answers the file's size in bytes; a refused file is an AppError (413 or 400,
 * see RefusalMessages; a RefusedFile with its own message and reason).
 */
export async function copyStagedFile(client: pg.Client, { copySql, file, maxBytes, encoder, messages }: StagedFileCopy): Promise<number> {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _e, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) return done(new FileTooLarge());
      done(null, chunk);
    },
  });
  try {
    await pipeline(file, counter, stagedFileParser(), encoder, client.query(copyFrom(copySql)));
  } catch (err) {
    if (err instanceof FileTooLarge) throw new AppError('TOO_LARGE', messages.tooLarge, 'ARQUIVO_GRANDE');
    if (err instanceof RefusedFile) throw badRequest(err.message, err.reason);
    const code = (err as { code?: string }).code;
    if (code === 'CSV_MAX_RECORD_SIZE' || /max_record_size|record size/i.test(String((err as Error).message))) throw badRequest(messages.lineTooLong, 'LINHA_LONGA');
    if (typeof code === 'string' && code.startsWith('CSV_')) throw badRequest(messages.invalid, 'ARQUIVO_INVALIDO');
    throw err;
  }
  return bytes;
}

/**
 * Runs `work` (stage the file, judge it, keep the result) in one transaction on a connection of its
 * own: an upload holds it as long as the client sends. On failure it rolls back, so nothing is left
 * behind, and lets the upload drain (or be closed) rather than hang.
 */
export async function inStagingTransaction<T>(prisma: Db, file: Readable, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = await connectOutsidePool(prisma);
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    file.resume();
    throw err;
  } finally {
    await client.end().catch(() => {});
  }
}
