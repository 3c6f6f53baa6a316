import { FRIENDS_FAMILY, LINHA_FORA_DOS_CUPONS } from '@legiao/contracts/friends-family-constantes';

// The referral share text, in one place: the e-mail, WhatsApp, the story image and the page copy
// all read it from here (spec 000 sections 2 and 9).

/** Savings a member can reach through referrals (spec 000 section 9: 'até 30% off'). */
export const ECONOMIA_MAXIMA = 'até 30% off';

export const ASSUNTO_INDICACAO = 'Vem para a Legião: 20% OFF na sua compra';

/** The coupon the friend gets: 20% (the Friends & Family percentage), until the end of the month. */
export const CUPOM_AMIGO = `cupom de ${FRIENDS_FAMILY.percentual}% OFF válido até o fim do mês`;
export const RESTRICAO_CUPOM = `Não válido para a linha ${LINHA_FORA_DOS_CUPONS}.`;
/** The same restriction inside a sentence. */
export const RESTRICAO_CURTA = `não vale para a linha ${LINHA_FORA_DOS_CUPONS}`;

/** The message sent by e-mail and WhatsApp, ending with the member's link. */
export function mensagemIndicacao(url: string): string {
  return [
    `Entre para a Legião pelo meu link e ganhe um ${CUPOM_AMIGO} na loja oficial.`,
    RESTRICAO_CUPOM,
    `Quem indica também ganha: com as indicações dá para economizar ${ECONOMIA_MAXIMA} em benefícios.`,
    url,
  ].join('\n');
}

/** The lines drawn on the story image (short, large type). */
export const STORY_LINHAS = {
  titulo: 'Vem para a Legião!',
  oferta: `${FRIENDS_FAMILY.percentual}% OFF`,
  detalhe: 'cupom válido até o fim do mês',
  restricao: RESTRICAO_CUPOM,
  chamada: 'Cadastre-se pelo meu link:',
} as const;

/** Why share: the page's explanation (spec 001 section 2.18). */
export const POR_QUE_COMPARTILHAR = [
  `Seu amigo ganha um ${CUPOM_AMIGO} (${RESTRICAO_CURTA}).`,
  'Cada amigo que se cadastra pelo seu link, ativa a conta e tem uma compra verificada vira uma indicação confirmada e soma 1 ponto ao seu saldo.',
  `Com o saldo você resgata benefícios exclusivos e pode economizar ${ECONOMIA_MAXIMA}.`,
] as const;
