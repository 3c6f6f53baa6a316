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
export function diffRows(antes: unknown, depois: unknown): DiffRow[] {
  const a = isObject(antes) ? antes : {};
  const d = isObject(depois) ? depois : {};
  if (!isObject(antes) && !isObject(depois)) return [{ campo: '(valor)', antes: show(antes), depois: show(depois), mudou: show(antes) !== show(depois) }];
  const campos = [...new Set([...Object.keys(a), ...Object.keys(d)])];
  const rows = campos.map((campo) => {
    const antesTxt = campo in a ? show(a[campo]) : '—';
    const depoisTxt = campo in d ? show(d[campo]) : '—';
    return { campo, antes: antesTxt, depois: depoisTxt, mudou: antesTxt !== depoisTxt };
  });
  return [...rows.filter((r) => r.mudou), ...rows.filter((r) => !r.mudou)];
}
