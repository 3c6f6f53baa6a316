// Dates of the back office's forms: a datetime-local value is the browser's local time (the staff
// member's zone); the API takes and gives ISO instants.
const pad = (n: number) => String(n).padStart(2, '0');

/** ISO -> 'AAAA-MM-DDTHH:mm' in the browser's zone ('' for null). */
export function isoToLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** 'AAAA-MM-DDTHH:mm' (local) -> ISO; '' stays '' (the contract then says what is missing). */
export const localToIsoOrEmpty = (value: string) => (value && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : value);

const fmt = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
export const shortDateTime = (iso: string) => fmt.format(new Date(iso));
