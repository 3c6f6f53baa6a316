import { z } from 'zod';
import { WAITING_ROOM_CLIENT_ID_PATTERN, WAITING_ROOM_ERROR_CODES, WAITING_ROOM_EXIT_REASONS } from './fila-constants.js';
export * from './fila-constants.js';

/**
 * The login waiting room (spec 000 sections 2, 4, 7 and 9): a WebSocket hub that speaks JSON
 * messages with a `type`, named as the spec names them. docs/decisions/0008-waiting-room.md
 */

/**
 * The browser's own id for its place in the queue: random (e.g. crypto.randomUUID()), kept in
 * localStorage so a reload, a second tab or a reconnect keeps the same place.
 */
export const waitingRoomClientIdSchema = z.string().regex(WAITING_ROOM_CLIENT_ID_PATTERN, 'clientId deve ter de 8 a 64 letras, dígitos, - ou _.');

const withClient = <T extends string>(type: T) => z.object({ type: z.literal(type), clientId: waitingRoomClientIdSchema });

// Client -> server
export const tryLoginSchema = withClient('TryLogin');
export const getActiveUsersSchema = withClient('GetActiveUsers');
export const logoutWaitingRoomSchema = withClient('Logout');
export const updateActivitySchema = withClient('UpdateActivity');
export const waitingRoomClientMessageSchema = z.discriminatedUnion('type', [tryLoginSchema, getActiveUsersSchema, logoutWaitingRoomSchema, updateActivitySchema]);
export type WaitingRoomClientMessage = z.infer<typeof waitingRoomClientMessageSchema>;
export const WAITING_ROOM_CLIENT_TYPES = ['TryLogin', 'GetActiveUsers', 'Logout', 'UpdateActivity'] as const;

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
  motivo: z.enum(WAITING_ROOM_EXIT_REASONS),
});
/** Answer to GetActiveUsers: admitted sessions (ativos) and waiting clients (aguardando). */
export const receiveActiveUsersSchema = z.object({
  type: z.literal('ReceiveActiveUsers'),
  ativos: z.number().int().min(0),
  aguardando: z.number().int().min(0),
});
/** A message the hub could not take; the connection stays open. */
export const waitingRoomErrorSchema = z.object({
  type: z.literal('Error'),
  code: z.enum(WAITING_ROOM_ERROR_CODES),
  message: z.string(),
  /** The `type` of the message that failed, when it had one. */
  requestType: z.string().optional(),
});
export const waitingRoomServerMessageSchema = z.discriminatedUnion('type', [receiveQueuePositionSchema, proceedToLoginSchema, proceedToLogoutSchema, receiveActiveUsersSchema, waitingRoomErrorSchema]);
export type WaitingRoomServerMessage = z.infer<typeof waitingRoomServerMessageSchema>;
export type ReceiveQueuePosition = z.infer<typeof receiveQueuePositionSchema>;
export type ProceedToLogin = z.infer<typeof proceedToLoginSchema>;
export type ProceedToLogout = z.infer<typeof proceedToLogoutSchema>;
export type WaitingRoomErrorCode = (typeof WAITING_ROOM_ERROR_CODES)[number];

// Operators: GET and PUT /api/admin/fila (administrators only)
/** One switch of the automatic waiting room (docs/decisions/0025-many-processes.md). */
export const waitingRoomAutomaticSwapSchema = z.object({
  ligada: z.boolean(),
  /** ativos, atraso, pool: the trigger that turned it on; calmo: every reading back under its limit; sem_leituras: no process confirmed it. */
  motivo: z.enum(['ativos', 'atraso', 'pool', 'calmo', 'sem_leituras']),
  em: z.string(),
  ativos: z.number().int(),
  atrasoMs: z.number(),
  poolAguardando: z.number().int(),
  processo: z.string(),
});
export type WaitingRoomAutomaticSwap = z.infer<typeof waitingRoomAutomaticSwapSchema>;

/** The automatic waiting room: its configuration, its state, the latest readings and its last switches. */
export const automaticWaitingRoomSchema = z.object({
  /** FILA_AUTO: the portal may hold admissions by itself. */
  configurada: z.boolean(),
  /** Admissions are held by it right now. */
  ligada: z.boolean(),
  motivo: waitingRoomAutomaticSwapSchema.shape.motivo.nullable(),
  desde: z.string().nullable(),
  /** The limits (0 = that trigger is off), and the fraction of them every reading must be under to turn it off. */
  limites: z.object({ ativos: z.number().int(), atrasoMs: z.number().int(), poolAguardando: z.number().int(), fracao: z.number(), minimoMs: z.number().int() }),
  /** Latest readings: admitted members, the worst process's event-loop delay and database pool wait. */
  ativos: z.number().int(),
  atrasoMs: z.number(),
  poolAguardando: z.number().int(),
  /** Processes that reported in the last 5 seconds. */
  processos: z.number().int(),
  /** Latest first. */
  trocas: z.array(waitingRoomAutomaticSwapSchema),
});
export type AutomaticWaitingRoom = z.infer<typeof automaticWaitingRoomSchema>;

export const waitingRoomStateSchema = z.object({
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
  /** The automatic waiting room (FILA_AUTO); `ativa` and the held admissions include it. */
  automatica: automaticWaitingRoomSchema.optional(),
  /**
   * A launch's opening holds the room on (every login through the line) until `ate` (ISO); null
   * when none does now. `ativa` includes it. docs/decisions/0047-launches.md, part 2.
   */
  lancamento: z.object({ lancamentoId: z.string(), nome: z.string(), ate: z.string() }).nullable().optional(),
});
export type WaitingRoomState = z.infer<typeof waitingRoomStateSchema>;

export const waitingRoomConfigSchema = z
  .object({
    capacidade: z.number().int().min(1).max(1_000_000).optional(),
    admissoesPorMinuto: z.number().int().min(1).max(1_000_000).optional(),
    pausada: z.boolean().optional(),
  })
  .strict()
  .refine((v) => v.capacidade !== undefined || v.admissoesPorMinuto !== undefined || v.pausada !== undefined, {
    message: 'Informe capacidade, admissoesPorMinuto ou pausada.',
  });
export type WaitingRoomConfigInput = z.infer<typeof waitingRoomConfigSchema>;
