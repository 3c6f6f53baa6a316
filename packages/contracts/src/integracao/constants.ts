// The store integration (docs/decisions/0041-store-integration.md): what its machine clients may do
// and the words they read. No zod here: the back office's screens read these without loading schemas.

/** Wire names of the scopes a client may hold. */
export const INTEGRATION_SCOPES = ['pedidos:enviar', 'cupons:usar', 'membros:ler', 'membros:dados', 'consentimentos:escrever', 'lancamentos:consultar', 'emails:devolucoes'] as const;
export type IntegrationScope = (typeof INTEGRATION_SCOPES)[number];

/** How people read each scope (back office). */
export const INTEGRATION_SCOPE_LABELS: Record<IntegrationScope, string> = {
  'pedidos:enviar': 'Enviar pedidos (pagos e cancelados) e consultar a situação deles',
  'cupons:usar': 'Informar cupons usados no caixa ou no site',
  'membros:ler': 'Consultar se um e-mail ou CPF é de um membro',
  // docs/decisions/0045-crm-personal-data.md: personal data, granted on purpose, apart from membros:ler.
  'membros:dados': 'Dados pessoais dos membros: consultar um membro pelo id e sincronizar a base (nome, e-mail, celular, consentimentos, saldo)',
  'consentimentos:escrever': 'Informar descadastros e mudanças de consentimento feitos no CRM (e-mail, SMS, WhatsApp)',
  // docs/decisions/0047-launches.md
  'lancamentos:consultar': 'Consultar o acesso antecipado de um lançamento (direito e cota de um e-mail, CPF ou código)',
  // docs/decisions/0049-launch-alert-waves.md: the mail relay, not the store.
  'emails:devolucoes': 'Enviar as devoluções de e-mail (DSN) que o servidor de e-mail recebe para os avisos de lançamento',
};

/**
 * Every key starts with this: secret scanners (GitHub's, gitleaks) can be taught to recognise a
 * leaked Legião key by it. Then 12 characters of public id, then 32 of secret (base62).
 */
export const INTEGRATION_KEY_PREFIX = 'lgk_live_';
export const INTEGRATION_KEY_ID_LENGTH = 12;
export const INTEGRATION_KEY_SECRET_LENGTH = 32;
export const INTEGRATION_KEY_PATTERN = /^lgk_live_[0-9A-Za-z]{12}[0-9A-Za-z]{32}$/;

/** Calls per minute a new client may make (changeable per client). */
export const INTEGRATION_DEFAULT_RATE = 600;
/** A rotated key keeps working this long by default, and at most/least these (hours). */
export const INTEGRATION_ROTATION_HOURS = { default: 24, min: 1, max: 168 } as const;
/** Orders in one call, at most. */
export const INTEGRATION_MAX_ORDERS = 1000;

export const INTEGRATION_MSG = {
  chaveAusente: 'Envie a chave da integração no cabeçalho Authorization: Bearer lgk_live_...',
  chaveInvalida: 'Chave de integração inválida, revogada ou expirada.',
  escopoAusente: 'Esta chave não tem permissão para esta chamada.',
  muitasChamadas: 'Muitas chamadas desta integração. Tente de novo em instantes.',
  clienteNaoEncontrado: 'Integração não encontrada.',
  chaveNaoEncontrada: 'Chave não encontrada.',
  clienteRevogado: 'Esta integração foi revogada.',
  membroConsultaUmCampo: 'Informe email ou cpf.',
} as const;
