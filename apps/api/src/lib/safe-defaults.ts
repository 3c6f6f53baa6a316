import { isIP } from 'node:net';

// What exists only for the zero-setup start (`pnpm start` on one's own machine) must never serve
// other machines by accident (issue 23 item 2, docs/decisions/0036-safe-defaults.md).

/** True for an address only this machine can reach: localhost, 127.0.0.0/8, ::1 (and ::ffff:127.x). */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost') return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (isIP(h) === 6) return h === '::1' || /^::ffff:127\./.test(h) || /^(0+:){7}0*1$/.test(h);
  return false;
}

/** The zero-setup defaults a configuration still uses: each is safe on loopback only. */
export function zeroSetupDefaults(env: { JWT_SECRET?: string; SEED_DEMO?: boolean; SMTP_URL?: string; NODE_ENV: string }): string[] {
  const found: string[] = [];
  if (!env.JWT_SECRET) found.push('JWT_SECRET ausente: o segredo de desenvolvimento, publicado no código, assina as sessões (quem o lê cria um token de administrador)');
  if (env.SEED_DEMO ?? env.NODE_ENV !== 'production') found.push('SEED_DEMO: as contas de demonstração com a senha publicada no README, uma delas administradora (use SEED_DEMO=false)');
  if (!env.SMTP_URL) found.push('SMTP_URL ausente: os e-mails, com os links de ativação e de redefinição de senha, ficam na caixa de desenvolvimento');
  return found;
}

/** A request's peer is this machine: the socket's address, and the client's when a trusted proxy names one. */
export function isLocalRequest(request: { ip: string; socket: { remoteAddress?: string } }): boolean {
  const peer = request.socket.remoteAddress;
  return peer !== undefined && isLoopbackHost(peer) && isLoopbackHost(request.ip);
}
