import { z } from 'zod';
import { INT4_MAX } from '../input-guard';
import { waitingRoomStateSchema } from '../fila';

// Back office: the waiting-room panel (issue 16 item 8; docs/decisions/0029-back-office-content.md).
// GET/PUT /api/admin/fila keep the shapes of ADR 0008 (filaEstadoSchema, filaConfigSchema);
// scheduled changes and the panel's live socket are below.

export const ADMIN_WAITING_ROOM_WS_PATH = '/api/admin/fila/ws';

export const WAITING_ROOM_SCHEDULE_MSG = {
  semAlteracao: 'Informe ao menos uma alteração: capacidade, admissões por minuto ou pausa.',
  dataPassada: 'Escolha um horário no futuro.',
  dataLonge: 'Agende para no máximo um ano à frente.',
  naoEncontrado: 'Agendamento não encontrado.',
  jaEncerrado: 'Este agendamento já foi executado ou cancelado.',
} as const;

const positiveInteger = (field: string) =>
  z
    .number({ message: `${field} deve ser um número inteiro.` })
    .int({ message: `${field} deve ser um número inteiro.` })
    .min(1, { message: `${field} deve ser ao menos 1.` })
    .max(1_000_000, { message: `${field} deve ser no máximo 1.000.000.` });

/** POST /api/admin/fila/agendamentos: what changes and when (an ISO instant with its offset). */
export const waitingRoomScheduleInputSchema = z
  .object({
    executarEm: z.iso.datetime({ offset: true, message: 'Informe data e hora válidas.' }),
    capacidade: positiveInteger('Capacidade').optional(),
    admissoesPorMinuto: positiveInteger('Admissões por minuto').optional(),
    pausada: z.boolean({ message: 'Pausada deve ser verdadeiro ou falso.' }).optional(),
    descricao: z.string().trim().max(200, { message: 'Descrição: no máximo 200 caracteres.' }).optional(),
  })
  .strict()
  .refine((v) => v.capacidade !== undefined || v.admissoesPorMinuto !== undefined || v.pausada !== undefined, {
    message: WAITING_ROOM_SCHEDULE_MSG.semAlteracao,
  });
export type WaitingRoomScheduleInput = z.infer<typeof waitingRoomScheduleInputSchema>;

export const WAITING_ROOM_SCHEDULE_STATUSES = ['pendente', 'executado', 'cancelado', 'falhou'] as const;

export const waitingRoomScheduleSchema = z.object({
  id: z.number().int(),
  executarEm: z.string(),
  capacidade: z.number().int().nullable(),
  admissoesPorMinuto: z.number().int().nullable(),
  pausada: z.boolean().nullable(),
  descricao: z.string(),
  situacao: z.enum(WAITING_ROOM_SCHEDULE_STATUSES),
  executadoEm: z.string().nullable(),
  canceladoEm: z.string().nullable(),
  erro: z.string().nullable(),
  criadoEm: z.string(),
});
export type WaitingRoomSchedule = z.infer<typeof waitingRoomScheduleSchema>;
export const waitingRoomScheduleListSchema = z.array(waitingRoomScheduleSchema);

export const waitingRoomScheduleParamsSchema = z.object({
  id: z.coerce.number({ message: 'Agendamento inválido.' }).int({ message: 'Agendamento inválido.' }).positive({ message: 'Agendamento inválido.' }).max(INT4_MAX, { message: 'Agendamento inválido.' }),
});

// The panel's socket (GET /api/admin/fila/ws). The browser can't set headers on a WebSocket and a
// token in the URL ends up in logs, so the first message carries the session token.
export const waitingRoomPanelClientMessageSchema = z.object({ type: z.literal('Autenticar'), token: z.string().min(1).max(4096) });
export type WaitingRoomPanelClientMessage = z.infer<typeof waitingRoomPanelClientMessageSchema>;

export const WAITING_ROOM_PANEL_ERRORS = ['NAO_AUTENTICADO', 'SEM_PERMISSAO', 'MENSAGEM_INVALIDA'] as const;

export const waitingRoomPanelServerMessageSchema = z.discriminatedUnion('type', [
  /** Pushed about once a second while the panel is open, and at once after any operator's change. */
  z.object({ type: z.literal('EstadoFila'), estado: waitingRoomStateSchema, em: z.string() }),
  /** The schedule list, on connect and whenever it changes (created, cancelled, applied anywhere). */
  z.object({ type: z.literal('Agendamentos'), agendamentos: waitingRoomScheduleListSchema }),
  z.object({ type: z.literal('Erro'), code: z.enum(WAITING_ROOM_PANEL_ERRORS), message: z.string() }),
]);
export type WaitingRoomPanelServerMessage = z.infer<typeof waitingRoomPanelServerMessageSchema>;

export const WAITING_ROOM_PANEL_MSG = {
  naoAutenticado: 'Sua sessão expirou. Entre novamente.',
  semPermissao: 'Você não tem permissão para esta ação.',
  mensagemInvalida: 'Mensagem inválida.',
} as const;
