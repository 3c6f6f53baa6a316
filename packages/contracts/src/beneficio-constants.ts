// Zod-free on purpose: the member home imports these, and zod (~24 KB gzipped) must not ride along
// with them (docs/decisions/0016-home-performance.md). The schemas live in beneficio.ts.

/** Optional request header: a retried POST /beneficio/resgate with the same key redeems once. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Answer header on a replayed redemption (same status and body as the first answer). */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

export const BENEFIT_MSG = {
  naoEncontrado: 'Benefício não encontrado.',
  idBeneficioInvalido: 'Escolha um benefício.',
  /** Spec 000 section 5, word for word. */
  termos: 'Você deve concordar com os termos antes de resgatar o benefício.',
  perfilIncompleto: 'Conclua seu cadastro para resgatar benefícios.',
  perfilNaoDefinido: 'Personalize seu portal para resgatar benefícios.',
  emBreve: 'Este benefício ainda não está disponível.',
  encerrado: 'Este benefício foi encerrado.',
  esgotado: 'Benefício esgotado.',
  opcaoObrigatoria: 'Escolha um dia do evento.',
  opcaoInvalida: 'Dia inválido para este evento.',
  opcaoEsgotada: 'Este dia está esgotado. Escolha outro dia.',
  jaResgatado: 'Você já resgatou este benefício.',
  limiteResgates: 'Você atingiu o limite de resgates deste benefício.',
  saldoInsuficiente: 'Saldo insuficiente para resgatar este benefício.',
  chaveInvalida: 'Idempotency-Key inválida: use de 8 a 128 letras, números, ponto, dois-pontos, - ou _.',
  chaveReusada: 'Esta Idempotency-Key já foi usada em outro resgate.',
  tenteNovamente: 'Não foi possível concluir o resgate agora. Tente novamente.',
} as const;

/** 'Faltam 2 pontos' style detail of SALDO_INSUFICIENTE. */
export const missingPoints = (n: number) => `${BENEFIT_MSG.saldoInsuficiente} Faltam ${n} ${n === 1 ? 'ponto' : 'pontos'}.`;

/**
 * Why a benefit can't be redeemed now (codigoBloqueio; motivoBloqueio carries the message). The
 * same codes come back as `errors[0].code` when POST /beneficio/resgate refuses.
 */
export const BLOCK_CODES = ['PERFIL_INCOMPLETO', 'PERFIL_NAO_DEFINIDO', 'EM_BREVE', 'ENCERRADO', 'ESGOTADO', 'JA_RESGATADO', 'LIMITE_RESGATES', 'SALDO_INSUFICIENTE'] as const;
export type BlockCode = (typeof BLOCK_CODES)[number];

/**
 * The card's state (spec 000 section 4): esgotado; bloqueado (cannot redeem: see codigoBloqueio);
 * resgatavel ('Resgatar!'); resgatado ('Ver cupom!' or, for events, 'Ver detalhes!'); utilizado
 * ('Utilizado!' with the usage date: the coupon was used and multiple redemption is not allowed).
 */
export const BENEFIT_STATES = ['esgotado', 'bloqueado', 'resgatavel', 'resgatado', 'utilizado'] as const;
export type BenefitState = (typeof BENEFIT_STATES)[number];
