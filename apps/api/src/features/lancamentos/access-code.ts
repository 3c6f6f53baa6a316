import { randomBytes } from 'node:crypto';

// A member's personal early-access code (docs/decisions/0047-launches.md): LGA- and 10 characters of
// RFC 4648 base32 (A-Z, 2-7: no 0/1/8/9, read aloud or typed from a phone without confusion), 50 bits
// from the system's CSPRNG. Unique in the database (a collision is retried by the writer).

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function newAccessCode(): string {
  const bytes = randomBytes(10);
  let out = 'LGA-';
  for (let i = 0; i < 10; i++) out += ALPHABET[bytes[i]! & 31];
  return out;
}
