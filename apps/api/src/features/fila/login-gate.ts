import type { FastifyInstance } from 'fastify';
import { MSG_WAITING_ROOM } from '@legiao/contracts';
import { AppError, forbidden } from '../../errors/app-error.js';
import { verifyTicket, type TicketClaims } from './ticket.js';

/**
 * The server's side of the waiting room at login. While the room is on (paused, somebody
 * waiting, or every place taken) a session may only be opened with a valid admission ticket:
 * signed, unexpired, naming the client's current admission and not used yet. When there is room
 * nobody needs one. Call before the password check (cheap refusal), then consume after it.
 */
export async function checkLoginTicket(app: FastifyInstance, ticket: string | undefined): Promise<TicketClaims | null> {
  const { fila: waitingRoom } = app;
  if (!waitingRoom.enabled) return null;
  let gated: boolean;
  try {
    gated = await waitingRoom.store.isGated();
  } catch (err) {
    // Redis away (the store's AppError) is logged once by its client (ADR 0037), not per login.
    if (!(err instanceof AppError)) app.log.warn({ err }, 'fila: estado indisponível no login');
    throw new AppError('UNAVAILABLE', MSG_WAITING_ROOM.indisponivel, 'FILA_INDISPONIVEL');
  }
  if (!gated) return null;
  if (!ticket) throw forbidden(MSG_WAITING_ROOM.salaDeEsperaAtiva, 'FILA_SEM_TICKET');
  const claims = verifyTicket(waitingRoom.ticketKey, ticket, Date.now());
  if (!claims || !(await waitingRoom.store.checkTicket(claims.sub, claims.jti))) throw forbidden(MSG_WAITING_ROOM.ticketInvalido, 'FILA_TICKET_INVALIDO');
  return claims;
}

/** Uses the ticket up once the credentials are right: one admission opens one session. */
export async function consumeLoginTicket(app: FastifyInstance, claims: TicketClaims | null) {
  if (!claims) return;
  if (!(await app.fila.store.consumeTicket(claims.sub, claims.jti, Date.now()))) throw forbidden(MSG_WAITING_ROOM.ticketInvalido, 'FILA_TICKET_INVALIDO');
}
