import type { WaitingRoomServerMessage } from '@legiao/contracts/fila';
import { WAITING_ROOM_ERROR_CODES, WAITING_ROOM_EXIT_REASONS } from '@legiao/contracts/fila-constants';

// The hub's messages checked by hand, not with the zod schema (filaServerMessageSchema): every
// logged-in page loads this client and zod must not come with it (docs/decisions/0016-home-performance.md).
// mensagem-servidor.test.ts holds this check to the contract's schema, sample by sample.

const integer = (v: unknown, min: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min;
const text = (v: unknown): v is string => typeof v === 'string';
const oneOf = <T extends string>(list: readonly T[], v: unknown): v is T => list.includes(v as T);

/** The message when it passes the contract (known type, its fields with their types), else null. */
export function asServerMessage(raw: unknown): WaitingRoomServerMessage | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const m = raw as Record<string, unknown>;
  switch (m.type) {
    case 'ReceiveQueuePosition':
      return integer(m.posicao, 1) && integer(m.quantidade, 1) ? { type: m.type, posicao: m.posicao, quantidade: m.quantidade } : null;
    case 'ProceedToLogin':
      return text(m.ticket) && text(m.expiraEm) ? { type: m.type, ticket: m.ticket, expiraEm: m.expiraEm } : null;
    case 'ProceedToLogout':
      return oneOf(WAITING_ROOM_EXIT_REASONS, m.motivo) ? { type: m.type, motivo: m.motivo } : null;
    case 'ReceiveActiveUsers':
      return integer(m.ativos, 0) && integer(m.aguardando, 0) ? { type: m.type, ativos: m.ativos, aguardando: m.aguardando } : null;
    case 'Error':
      if (!oneOf(WAITING_ROOM_ERROR_CODES, m.code) || !text(m.message)) return null;
      if (m.requestType !== undefined && !text(m.requestType)) return null;
      return { type: m.type, code: m.code, message: m.message, ...(m.requestType === undefined ? {} : { requestType: m.requestType }) };
    default:
      return null;
  }
}
