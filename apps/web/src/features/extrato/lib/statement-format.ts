import type { StatementItem } from '@legiao/contracts/extrato';

// What the statement shows (spec 001 sections 2.19, 3, 9): dd/MM/yyyy in Brazil's time (the API
// filters months in São Paulo time too), credits as '+value'.

const DATA_BR = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** An ISO date-time -> 'dd/MM/yyyy' (São Paulo). */
export function formatStatementDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const data = new Date(iso);
  return Number.isNaN(data.getTime()) ? '' : DATA_BR.format(data);
}

/** Credits read '+1' (a referral, a purchase); redemptions and reversals keep their sign ('-2'); a free one is '0'. */
export function formatValue(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}

/** '+1 ponto', '-2 pontos', '0 pontos'. */
export function formatPoints(value: number): string {
  return `${formatValue(value)} ${Math.abs(value) === 1 ? 'ponto' : 'pontos'}`;
}

export const balanceText = (balance: number) => `${balance} ${Math.abs(balance) === 1 ? 'ponto' : 'pontos'}`;

/** The line under the reason: who was referred, which product, which benefit. */
export function itemDescription(item: StatementItem): string {
  switch (item.motivo) {
    case 'Indicação':
      return item.indicado ?? '';
    case 'Compra':
      return item.produto ?? 'Compra verificada';
    case 'Resgate de Benefício':
      return [item.beneficio?.nome, item.opcao].filter(Boolean).join(' · ');
    case 'Enriquecimento de Perfil':
      return 'Personalização do portal concluída';
    case 'Ajuste de Saldo':
      return 'Ajuste feito pelo atendimento';
    case 'Estorno: compra cancelada':
      return item.produto ? `${item.produto} · a loja cancelou a compra` : 'A loja cancelou a compra';
    case 'Estorno: indicação':
      return item.indicado ? `${item.indicado} · a compra que confirmou a indicação foi cancelada` : 'A compra que confirmou a indicação foi cancelada';
  }
}

/**
 * Why a balance is below zero (ADR 0041): a purchase was cancelled by the store after its points were
 * used. Null when the balance is zero or more.
 */
export function negativeBalanceNote(balance: number): string | null {
  if (balance >= 0) return null;
  const next = balance === -1 ? 'O próximo ponto que você ganhar cobre' : `Os próximos ${-balance} pontos que você ganhar cobrem`;
  return `Seu saldo está negativo: uma compra foi cancelada pela loja depois que os pontos dela já tinham sido usados. ${next} essa diferença; novos resgates ficam disponíveis quando o saldo cobrir o benefício.`;
}

export type ValueDirection = 'credito' | 'debito' | 'neutro';
export const valueDirection = (value: number): ValueDirection => (value > 0 ? 'credito' : value < 0 ? 'debito' : 'neutro');
