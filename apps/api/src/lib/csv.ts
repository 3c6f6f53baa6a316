// CSV as the back office writes it for spreadsheets (the same dialect as the imports' report):
// ';' between cells (a pt-BR spreadsheet reads ',' as the decimal mark), CRLF line ends, UTF-8 with
// a BOM so accents open right, RFC 4180 quoting.

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';

/**
 * A cell of text that came from people (a name, an e-mail address). Quoted when it holds the
 * separator, a quote or a line break (quotes doubled). A text a spreadsheet would run as a formula
 * (starting with = + - @, a tab or a carriage return: CSV injection, OWASP) gets a leading ' so it
 * is shown as text; the quote is part of the value, as OWASP recommends.
 */
export function csvText(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const s = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One line: cells already written (csvText for people's text; numbers, dates and words of ours as they are). */
export const csvLine = (cells: readonly string[]): string => `${cells.join(CSV_SEPARATOR)}\r\n`;
