// Dates of the back office's forms: a datetime-local value is the browser's local time (the staff
// member's zone); the API takes and gives ISO instants.
const pad = (n: number) => String(n).padStart(2, '0');

/** ISO -> 'AAAA-MM-DDTHH:mm' in the browser's zone ('' for null). */
export function isoParaLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** 'AAAA-MM-DDTHH:mm' (local) -> ISO; '' stays '' (the contract then says what is missing). */
export const localParaIsoOuVazio = (valor: string) => (valor && !Number.isNaN(Date.parse(valor)) ? new Date(valor).toISOString() : valor);

const fmt = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
export const dataHoraCurta = (iso: string) => fmt.format(new Date(iso));
