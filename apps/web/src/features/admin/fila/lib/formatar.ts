const numberFmt = new Intl.NumberFormat('pt-BR');
export const number = (n: number) => numberFmt.format(n);

const dateTimeFmt = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
export const dateTime = (iso: string) => dateTimeFmt.format(new Date(iso));

/** 95000 -> '1 min 35 s'; under a minute in seconds. */
export function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** A datetime-local value ('2026-12-12T10:00', the browser's zone) as an ISO instant. */
export const localToIso = (value: string) => new Date(value).toISOString();
