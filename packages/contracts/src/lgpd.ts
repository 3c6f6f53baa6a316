import { z } from 'zod';

// The member's data rights under the LGPD (Art. 18): access and portability (export), deletion.
// docs/decisions/0011-data-rights.md

export const MSG_LGPD = {
  senhaObrigatoria: 'Informe sua senha para confirmar.',
  senhaIncorreta: 'Senha incorreta.',
  loginRecenteNecessario: 'Por segurança, entre de novo com Google ou Facebook e peça a exclusão em até 15 minutos.',
  contaExcluida: 'Sua conta foi excluída.',
} as const;

/** Social accounts have no password: a session opened this recently confirms it is the member. */
export const DELETION_RECENT_LOGIN_MINUTES = 15;

/** DELETE /usuario: the password (accounts that have one). */
export const deleteAccountSchema = z.object({ senha: z.string().max(200).optional() });
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

/** Name and address an account gets when it is deleted (the row stays, anonymised). */
export const DELETED_ACCOUNT_NAME = 'Conta excluída';
export const deletedAccountEmail = (id: string) => `excluido+${id}@anonimo.invalid`;

/** The version of the export's layout: bump it when a collector changes shape. */
export const MY_DATA_FORMAT = 'legiao-meus-dados/1';

/** GET /usuario/meus-dados: one key per collector (titular, consentimentos, produtos, ...). */
export const myDataSchema = z
  .object({
    formato: z.literal(MY_DATA_FORMAT),
    geradoEm: z.string(),
  })
  .catchall(z.unknown());
export type MyData = z.infer<typeof myDataSchema>;

/**
 * The export's `integracoes`: every integration that read the member's personal data
 * (docs/decisions/0045-crm-personal-data.md), from the read log: a key of the brand's CRM (chave) or
 * a webhook endpoint's member block (webhook), by the name it had when it read.
 */
export const INTEGRATION_READ_REASONS = ['consulta', 'sincronizacao', 'evento'] as const;
export type IntegrationReadReason = (typeof INTEGRATION_READ_REASONS)[number];
export const integrationReadSchema = z.object({
  nome: z.string(),
  tipo: z.enum(['chave', 'webhook']),
  motivos: z.array(z.enum(INTEGRATION_READ_REASONS)),
  primeiraEm: z.string(),
  ultimaEm: z.string(),
  vezes: z.number().int(),
});
export type IntegrationRead = z.infer<typeof integrationReadSchema>;

/**
 * The export's `lancamentos` (docs/decisions/0047-launches.md): each launch the member saw, opened
 * their personal access to, or bought in its early access: when, the code, the units used, the
 * orders that used them.
 */
export const launchDataSchema = z.object({
  lancamento: z.string(),
  nome: z.string(),
  vistoEm: z.string().nullable(),
  elegivelAoVer: z.boolean().nullable(),
  acessadoEm: z.string().nullable(),
  codigo: z.string().nullable(),
  cotaUsada: z.number().int(),
  pedidos: z.array(z.object({ pedido: z.string(), unidades: z.number().int(), situacao: z.enum(['na-cota', 'acima-da-cota', 'sem-direito']), canceladoEm: z.string().nullable(), em: z.string() })),
});
export type LaunchData = z.infer<typeof launchDataSchema>;

/**
 * The export's `avisosLancamento` (docs/decisions/0049-launch-alert-waves.md): each "Avise-me" the
 * member asked for, and what became of its e-mail.
 */
export const launchAlertDataSchema = z.object({
  lancamento: z.string(),
  nome: z.string(),
  situacao: z.string(),
  pedidoEm: z.string(),
  canceladoEm: z.string().nullable(),
  enviadoEm: z.string().nullable(),
  /** When the relay's late bounce (a DSN) came back for it (situacao `devolvido`). */
  devolvidoEm: z.string().nullable(),
  tentativas: z.number().int(),
  motivo: z.string().nullable(),
});
export type LaunchAlertData = z.infer<typeof launchAlertDataSchema>;
