import { saveBlob } from '../../../shared/api/download';

// A chart's data as CSV for spreadsheets used in Brazil: ';' between fields (',' is the decimal
// mark there), a BOM so Excel reads UTF-8 accents, CRLF line ends, quotes doubled.

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | null;
}

const field = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  return /[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export function toCsv<T>(columns: CsvColumn<T>[], rows: T[]): string {
  return [columns.map((c) => field(c.header)).join(';'), ...rows.map((r) => columns.map((c) => field(c.value(r))).join(';'))].join('\r\n') + '\r\n';
}

export function downloadCsv(filename: string, csv: string) {
  saveBlob(new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }), filename);
}
