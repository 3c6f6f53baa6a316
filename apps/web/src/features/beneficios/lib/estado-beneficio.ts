import type { Beneficio, OpcaoBeneficio } from '@legiao/contracts/beneficio';

// What a benefit card offers (spec 000 section 4). Pure, so the rules are unit-tested here.

export type AcaoCard = 'resgatar' | 'ver-cupom' | 'nenhuma';

export interface BotaoCard {
  rotulo: string;
  acao: AcaoCard;
  desabilitado: boolean;
}

type CardInput = Pick<Beneficio, 'estado' | 'evento' | 'jaResgatado' | 'esgotado' | 'podeResgatar' | 'codigoBloqueio'>;

/** The profile gate: benefits need a complete and defined profile (spec 000 sections 4 and 6). */
export const perfilLiberado = (u: { perfilCompleto: boolean; perfilDefinido: boolean } | undefined) =>
  Boolean(u?.perfilCompleto && u.perfilDefinido);

const rotuloVer = (b: Pick<Beneficio, 'evento'>) => (b.evento ? 'Ver detalhes!' : 'Ver cupom!');

/**
 * The card's button: esgotado; bloqueado; resgatável 'Resgatar!'; resgatado 'Ver cupom!' ('Ver
 * detalhes!' for events); utilizado 'Utilizado!'. A multiple-redemption benefit already redeemed
 * that can be redeemed again shows its coupon first (the modal offers 'Resgatar novamente').
 * Everything is disabled while the profile gate is closed.
 */
export function botaoDoCard(b: CardInput, liberado: boolean): BotaoCard {
  let botao: BotaoCard;
  switch (b.estado) {
    case 'esgotado':
      botao = { rotulo: 'Esgotado', acao: 'nenhuma', desabilitado: true };
      break;
    case 'bloqueado':
      botao = { rotulo: b.codigoBloqueio === 'EM_BREVE' ? 'Em breve' : 'Bloqueado', acao: 'nenhuma', desabilitado: true };
      break;
    case 'resgatado':
      botao = { rotulo: rotuloVer(b), acao: 'ver-cupom', desabilitado: false };
      break;
    case 'utilizado':
      botao = { rotulo: 'Utilizado!', acao: 'nenhuma', desabilitado: true };
      break;
    case 'resgatavel':
      botao = b.jaResgatado
        ? { rotulo: rotuloVer(b), acao: 'ver-cupom', desabilitado: false }
        : { rotulo: 'Resgatar!', acao: 'resgatar', desabilitado: false };
      break;
  }
  return liberado ? botao : { ...botao, desabilitado: true };
}

/** A benefit opens only if it is not sold out and redeemable, or already redeemed (spec 000 section 4). */
export const podeAbrir = (b: Pick<Beneficio, 'esgotado' | 'podeResgatar' | 'jaResgatado'>) =>
  (!b.esgotado && b.podeResgatar) || b.jaResgatado;

/** Progress toward a benefit: saldo / valor × 100, whole, between 0 and 100 (free ones are at 100). */
export function progresso(saldo: number, valor: number): number {
  if (valor <= 0) return 100;
  return Math.max(0, Math.min(100, Math.floor((saldo / valor) * 100)));
}

/** The unified ticket preselects the first day that isn't sold out (spec 000 section 5). */
export function primeiroDiaDisponivel(dias: OpcaoBeneficio[]): number | undefined {
  return dias.find((d) => !d.esgotado)?.id;
}

/** Whether a blocked benefit waits for its start (countdown): `inicio` still in the future. */
export function inicioFuturo(b: Pick<Beneficio, 'inicio'>, agora = Date.now()): Date | null {
  if (!b.inicio) return null;
  const inicio = new Date(b.inicio);
  return inicio.getTime() > agora ? inicio : null;
}
