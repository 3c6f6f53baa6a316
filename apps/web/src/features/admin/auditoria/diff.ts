// The before/after of an audit entry as rows a person can read: one per field, changed ones first.

export interface DiffRow {
  field: string;
  before: string;
  after: string;
  changed: boolean;
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
  if (!isObject(before) && !isObject(after)) return [{ field: '(valor)', before: show(before), after: show(after), changed: show(before) !== show(after) }];
  const fields = [...new Set([...Object.keys(a), ...Object.keys(d)])];
  const rows = fields.map((field) => {
    const beforeText = field in a ? show(a[field]) : '—';
    const afterText = field in d ? show(d[field]) : '—';
    return { field, before: beforeText, after: afterText, changed: beforeText !== afterText };
  });
  return [...rows.filter((r) => r.changed), ...rows.filter((r) => !r.changed)];
}
