const numeroFmt = new Intl.NumberFormat('pt-BR');
export const numero = (n: number) => numeroFmt.format(n);

/** '2026-11-25' -> '25/11'. */
export const diaCurto = (dia: string) => `${dia.slice(8, 10)}/${dia.slice(5, 7)}`;

const horaFmt = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit' });
const diaHoraFmt = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' });
export const hora = (iso: string) => horaFmt.format(new Date(iso));
export const diaHora = (iso: string) => diaHoraFmt.format(new Date(iso));

/** Today in São Paulo (UTC-3), as AAAA-MM-DD. */
export const hojeSp = (now = Date.now()) => new Date(now - 3 * 3600 * 1000).toISOString().slice(0, 10);
export const somarDias = (dia: string, n: number) => new Date(Date.parse(`${dia}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
