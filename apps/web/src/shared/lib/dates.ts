/** '1990-05-20' (an <input type="date"> value) -> '1990-05-20T00:00:00.000Z'. */
export function dateInputToIso(value: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** An ISO date or datetime -> the 'yyyy-mm-dd' an <input type="date"> shows. */
export function isoToDateInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(iso);
  return match?.[1] ?? '';
}
