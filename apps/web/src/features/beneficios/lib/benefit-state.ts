import type { Benefit, BenefitOption } from '@legiao/contracts/beneficio';

// What a benefit card offers (spec 000 section 4). Pure, so the rules are unit-tested here.

export type ActionCard = 'resgatar' | 'ver-cupom' | 'nenhuma';

export interface CardButton {
  rotulo: string;
  acao: ActionCard;
  disabled: boolean;
}

type CardInput = Pick<Benefit, 'estado' | 'evento' | 'jaResgatado' | 'esgotado' | 'podeResgatar' | 'codigoBloqueio'>;

/** The profile gate: benefits need a complete and defined profile (spec 000 sections 4 and 6). */
export const profileUnlocked = (u: { perfilCompleto: boolean; perfilDefinido: boolean } | undefined) =>
  Boolean(u?.perfilCompleto && u.perfilDefinido);

const viewLabel = (b: Pick<Benefit, 'evento'>) => (b.evento ? 'Ver detalhes!' : 'Ver cupom!');

/**
 * The card's button: esgotado; bloqueado; resgatável 'Resgatar!'; resgatado 'Ver cupom!' ('Ver
 * detalhes!' for events); utilizado 'Utilizado!'. A multiple-redemption benefit already redeemed
 * that can be redeemed again shows its coupon first (the modal offers 'Resgatar novamente').
 * Everything is disabled while the profile gate is closed.
 */
export function cardButton(b: CardInput, released: boolean): CardButton {
  let button: CardButton;
  switch (b.estado) {
    case 'esgotado':
      button = { rotulo: 'Esgotado', acao: 'nenhuma', disabled: true };
      break;
    case 'bloqueado':
      button = { rotulo: b.codigoBloqueio === 'EM_BREVE' ? 'Em breve' : 'Bloqueado', acao: 'nenhuma', disabled: true };
      break;
    case 'resgatado':
      button = { rotulo: viewLabel(b), acao: 'ver-cupom', disabled: false };
      break;
    case 'utilizado':
      button = { rotulo: 'Utilizado!', acao: 'nenhuma', disabled: true };
      break;
    case 'resgatavel':
      button = b.jaResgatado
        ? { rotulo: viewLabel(b), acao: 'ver-cupom', disabled: false }
        : { rotulo: 'Resgatar!', acao: 'resgatar', disabled: false };
      break;
  }
  return released ? button : { ...button, disabled: true };
}

/** A benefit opens only if it is not sold out and redeemable, or already redeemed (spec 000 section 4). */
export const canOpen = (b: Pick<Benefit, 'esgotado' | 'podeResgatar' | 'jaResgatado'>) =>
  (!b.esgotado && b.podeResgatar) || b.jaResgatado;

/** Progress toward a benefit: saldo / valor × 100, whole, between 0 and 100 (free ones are at 100). */
export function progress(balance: number, value: number): number {
  if (value <= 0) return 100;
  return Math.max(0, Math.min(100, Math.floor((balance / value) * 100)));
}

/** The unified ticket preselects the first day that isn't sold out (spec 000 section 5). */
export function firstAvailableDay(days: BenefitOption[]): number | undefined {
  return days.find((d) => !d.esgotado)?.id;
}

/** Whether a blocked benefit waits for its start (countdown): `inicio` still in the future. */
export function futureStart(b: Pick<Benefit, 'inicio'>, now = Date.now()): Date | null {
  if (!b.inicio) return null;
  const start = new Date(b.inicio);
  return start.getTime() > now ? start : null;
}
