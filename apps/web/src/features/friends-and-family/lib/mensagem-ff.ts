import { env } from '../../../shared/config/env';

export const ASSUNTO_FF = 'Um cupom Friends & Family para você';

/** The text shared with a friend: the code, the discount and the validity text the API sends. */
export function mensagemCupomFF(cupom: { cupom: string; percentual: number; validade: string }): string {
  return [
    `Separei um cupom Friends & Family para você: ${cupom.cupom}, com ${cupom.percentual}% OFF na loja oficial.`,
    cupom.validade,
    env.storeUrl,
  ].join('\n');
}
