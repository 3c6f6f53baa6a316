import { z } from 'zod';
import { FILA_CLIENT_ID_PATTERN, FILA_ERROR_CODES, FILA_MOTIVOS_SAIDA } from './fila-constantes.js';
export * from './fila-constantes.js';

/**
 * The login waiting room (spec 000 sections 2, 4, 7 and 9): a WebSocket hub that speaks JSON
 * messages with a `type`, named as the spec names them. docs/decisions/0008-waiting-room.md
 */

/**
 * The browser's own id for its place in the queue: random (e.g. crypto.randomUUID()), kept in
 * localStorage so a reload, a second tab or a reconnect keeps the same place.
 */
export const filaClientIdSchema = z.string().regex(FILA_CLIENT_ID_PATTERN, 'clientId deve ter de 8 a 64 letras, dígitos, - ou _.');

const withClient = <T extends string>(type: T) => z.object({ type: z.literal(type), clientId: filaClientIdSchema });

// Client -> server
export const tryLoginSchema = withClient('TryLogin');
export const getActiveUsersSchema = withClient('GetActiveUsers');
export const logoutFilaSchema = withClient('Logout');
export const updateActivitySchema = withClient('UpdateActivity');
export const filaClientMessageSchema = z.discriminatedUnion('type', [tryLoginSchema, getActiveUsersSchema, logoutFilaSchema, updateActivitySchema]);
export type FilaClientMessage = z.infer<typeof filaClientMessageSchema>;
export const FILA_CLIENT_TYPES = ['TryLogin', 'GetActiveUsers', 'Logout', 'UpdateActivity'] as const;

// Server -> client
/** Waiting: posicao is 1 for the next to enter; quantidade is how many are waiting in all. */
export const receiveQueuePositionSchema = z.object({
  type: z.literal('ReceiveQueuePosition'),
  posicao: z.number().int().min(1),
  quantidade: z.number().int().min(1),
});
/** Admitted: show the login form and send `ticket` with POST /api/auth/login before `expiraEm`. */
export const proceedToLoginSchema = z.object({
  type: z.literal('ProceedToLogin'),
  ticket: z.string(),
  expiraEm: z.string(),
});
/** The queue session ended: clear the token and go to / (spec 000 section 4). */
export const proceedToLogoutSchema = z.object({
  type: z.literal('ProceedToLogout'),
  /** saida: the client's own Logout (any tab); inatividade: two minutes without activity. */
  motivo: z.enum(FILA_MOTIVOS_SAIDA),
});
/** Answer to GetActiveUsers: admitted sessions (ativos) and waiting clients (aguardando). */
export const receiveActiveUsersSchema = z.object({
  type: z.literal('ReceiveActiveUsers'),
  ativos: z.number().int().min(0),
  aguardando: z.number().int().min(0),
});
/** A message the hub could not take; the connection stays open. */
export const filaErrorSchema = z.object({
  type: z.literal('Error'),
  code: z.enum(FILA_ERROR_CODES),
  message: z.string(),
  /** The `type` of the message that failed, when it had one. */
  requestType: z.string().optional(),
});
export const filaServerMessageSchema = z.discriminatedUnion('type', [receiveQueuePositionSchema, proceedToLoginSchema, proceedToLogoutSchema, receiveActiveUsersSchema, filaErrorSchema]);
export type FilaServerMessage = z.infer<typeof filaServerMessageSchema>;
export type ReceiveQueuePosition = z.infer<typeof receiveQueuePositionSchema>;
export type ProceedToLogin = z.infer<typeof proceedToLoginSchema>;
export type ProceedToLogout = z.infer<typeof proceedToLogoutSchema>;
export type FilaErrorCode = (typeof FILA_ERROR_CODES)[number];

// Operators: GET and PUT /api/admin/fila (administrators only)
export const filaEstadoSchema = z.object({
  /** FILA_ENABLED: false turns the whole waiting room off (everybody proceeds at once). */
  habilitada: z.boolean(),
  /** The room is on: a login needs an admission ticket (paused, somebody waiting, or full). */
  ativa: z.boolean(),
  pausada: z.boolean(),
  capacidade: z.number().int(),
  admissoesPorMinuto: z.number().int(),
  aguardando: z.number().int(),
  admitidos: z.number().int(),
  admissoesUltimoMinuto: z.number().int(),
  /** How long the first in line has been waiting, in milliseconds (0 when nobody waits). */
  esperaMaisAntigaMs: z.number().int(),
  armazenamento: z.enum(['memoria', 'redis']),
  /** WebSocket connections held by the process that answered. */
  conexoesNesteProcesso: z.number().int(),
});
export type FilaEstado = z.infer<typeof filaEstadoSchema>;

export const filaConfigSchema = z
  .object({
    capacidade: z.number().int().min(1).max(1_000_000).optional(),
    admissoesPorMinuto: z.number().int().min(1).max(1_000_000).optional(),
    pausada: z.boolean().optional(),
  })
  .strict()
  .refine((v) => v.capacidade !== undefined || v.admissoesPorMinuto !== undefined || v.pausada !== undefined, {
    message: 'Informe capacidade, admissoesPorMinuto ou pausada.',
  });
export type FilaConfigInput = z.infer<typeof filaConfigSchema>;
