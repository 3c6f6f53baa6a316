import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The admission ticket ProceedToLogin carries: an HS256 JWT { pur: 'fila', sub: clientId, jti,
 * iat, exp } signed with a key derived from JWT_SECRET, so a ticket is never a session token and a
 * session token is never a ticket. docs/decisions/0008-waiting-room.md
 */
export interface TicketClaims {
  pur: 'fila';
  sub: string;
  jti: string;
  iat: number;
  exp: number;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export const ticketKey = (jwtSecret: string) => createHmac('sha256', jwtSecret).update('legiao:fila:ticket').digest();

const mac = (key: Buffer, data: string) => createHmac('sha256', key).update(data).digest('base64url');

export function signTicket(key: Buffer, clientId: string, jti: string, nowMs: number, ttlS: number) {
  const iat = Math.floor(nowMs / 1000);
  const claims: TicketClaims = { pur: 'fila', sub: clientId, jti, iat, exp: iat + ttlS };
  const unsigned = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return { ticket: `${unsigned}.${mac(key, unsigned)}`, expiraEm: new Date(claims.exp * 1000).toISOString() };
}

/** The claims of a well-signed, unexpired fila ticket; null for anything else. */
export function verifyTicket(key: Buffer, ticket: string, nowMs: number): TicketClaims | null {
  const parts = ticket.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = Buffer.from(mac(key, `${parts[0]}.${parts[1]}`));
  const given = Buffer.from(parts[2]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: Partial<TicketClaims>;
  try {
    claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (claims.pur !== 'fila' || typeof claims.sub !== 'string' || typeof claims.jti !== 'string' || typeof claims.exp !== 'number') return null;
  if (claims.exp * 1000 <= nowMs) return null;
  return claims as TicketClaims;
}
