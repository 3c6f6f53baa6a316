// The before/after of an audit entry as rows a person can read: one per field, changed ones first.

export interface DiffRow {
  campo: string;
  antes: string;
  depois: string;
  mudou: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value as one line (objects and arrays as compact JSON); absent reads as "—". */
export function show(v: unknown): string {
  if (v === undefined || v === null) return '—';
  if (typeof v === 'string') return v === '' ? '""' : v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

/** Field by field; a before or after that is not an object (or null: create/delete) becomes one row per field of the other. */
export function diffRows(before: unknown, after: unknown): DiffRow[] {
  const a = isObject(before) ? before : {};
  const d = isObject(after) ? after : {};
  if (!isObject(before) && !isObject(after)) return [{ campo: '(valor)', antes: show(before), depois: show(after), mudou: show(before) !== show(after) }];
  const fields = [...new Set([...Object.keys(a), ...Object.keys(d)])];
  const rows = fields.map((field) => {
    const beforeText = field in a ? show(a[field]) : '—';
    const afterText = field in d ? show(d[field]) : '—';
    return { campo: field, antes: beforeText, depois: afterText, mudou: beforeText !== afterText };
  });
  return [...rows.filter((r) => r.mudou), ...rows.filter((r) => !r.mudou)];
}
