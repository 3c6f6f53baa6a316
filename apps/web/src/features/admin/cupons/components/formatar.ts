const fmt = new Intl.NumberFormat('pt-BR');
/** 1.000.000 */
export const number = (n: number) => fmt.format(n);
/** 12,5 MB / 340 KB */
export const bytes = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1).replace('.', ',')} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);
const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' });
export const when = (iso: string) => dateTime.format(new Date(iso));
