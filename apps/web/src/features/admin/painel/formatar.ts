const numberFmt = new Intl.NumberFormat('pt-BR');
export const number = (n: number) => numberFmt.format(n);

/** '2026-11-25' -> '25/11'. */
export const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

const hourFmt = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit' });
const dayHourFmt = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' });
export const hour = (iso: string) => hourFmt.format(new Date(iso));
export const dayHour = (iso: string) => dayHourFmt.format(new Date(iso));

/** Today in São Paulo (UTC-3), as AAAA-MM-DD. */
export const todaySp = (now = Date.now()) => new Date(now - 3 * 3600 * 1000).toISOString().slice(0, 10);
export const sumDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
