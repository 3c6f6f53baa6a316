import { FRIENDS_FAMILY, COUPONS_OUTSIDE_LINE } from '@legiao/contracts/friends-family-constants';

// The referral share text, in one place: the e-mail, WhatsApp, the story image and the page copy
// all read it from here (spec 000 sections 2 and 9).

/** Savings a member can reach through referrals (spec 000 section 9: 'até 30% off'). */
export const MAX_ECONOMY = 'até 30% off';

export const REFERRAL_SUBJECT = 'Vem para a Legião: 20% OFF na sua compra';

/** The coupon the friend gets: 20% (the Friends & Family percentage), until the end of the month. */
export const FRIEND_COUPON = `cupom de ${FRIENDS_FAMILY.percentual}% OFF válido até o fim do mês`;
export const COUPON_RESTRICTION = `Não válido para a linha ${COUPONS_OUTSIDE_LINE}.`;
/** The same restriction inside a sentence. */
export const SHORT_RESTRICTION = `não vale para a linha ${COUPONS_OUTSIDE_LINE}`;

/** The message sent by e-mail and WhatsApp, ending with the member's link. */
export function referralMessage(url: string): string {
  return [
    `Entre para a Legião pelo meu link e ganhe um ${FRIEND_COUPON} na loja oficial.`,
    COUPON_RESTRICTION,
    `Quem indica também ganha: com as indicações dá para economizar ${MAX_ECONOMY} em benefícios.`,
    url,
  ].join('\n');
}

/** The lines drawn on the story image (short, large type). */
export const STORY_LINES = {
  titulo: 'Vem para a Legião!',
  offer: `${FRIENDS_FAMILY.percentual}% OFF`,
  detail: 'cupom válido até o fim do mês',
  restricao: COUPON_RESTRICTION,
  call: 'Cadastre-se pelo meu link:',
} as const;

/** Why share: the page's explanation (spec 001 section 2.18). */
export const WHY_SHARE = [
  `Seu amigo ganha um ${FRIEND_COUPON} (${SHORT_RESTRICTION}).`,
  'Cada amigo que se cadastra pelo seu link, ativa a conta e tem uma compra verificada vira uma indicação confirmada e soma 1 ponto ao seu saldo.',
  `Com o saldo você resgata benefícios exclusivos e pode economizar ${MAX_ECONOMY}.`,
] as const;
