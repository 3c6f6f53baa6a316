import { ApiError } from '../../../shared/api/api-error';

/** Login refusals that mean "wait your turn": back to the waiting room (ADR 0008, step 4). */
const TICKET_CODES = ['FILA_SEM_TICKET', 'FILA_TICKET_INVALIDO'];

function firstErrorCode(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const errors = (body as { errors?: unknown }).errors;
  const first: unknown = Array.isArray(errors) ? errors[0] : undefined;
  const code = first && typeof first === 'object' ? (first as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** A 403 from a login call because the admission ticket was missing, expired or already used. */
export function isWaitingRoomTicketRejection(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && TICKET_CODES.includes(firstErrorCode(error.body) ?? '');
}
