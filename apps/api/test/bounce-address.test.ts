import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { alertEnvelope, BOUNCE_LOCAL_MAX, BOUNCE_TOKEN_LENGTH, bounceAddress, bounceToken, bounceTokenNames, readBounceToken } from '../src/features/mail/bounce-address.js';
import { loadConfig } from '../src/config.js';
import { maskedDiagnostic, parseDsn } from '../src/features/mail/dsn.js';
import { dsnMessage } from './support/dsn.js';

// VERP for the launch alerts (docs/decisions/0049-launch-alert-waves.md, "Bounces that arrive later"):
// the envelope sender names the alert, signed; the reverse reads it back and verifies it.

const SECRET = 'segredo-de-teste-com-mais-de-32-caracteres-0123';
const mailbox = { local: 'devolucoes', domain: 'legiao.dev' };

describe('the bounce address (VERP)', () => {
  it('round trip: the address names the member and the launch, verified; any case, angle brackets', () => {
    for (let i = 0; i < 200; i++) {
      const launchId = randomUUID();
      const memberId = randomUUID();
      const address = bounceAddress(mailbox, SECRET, launchId, memberId);
      expect(address).toMatch(/^devolucoes\+[a-z2-7]{45}@legiao\.dev$/);
      expect(address.split('@')[0]!.length).toBeLessThanOrEqual(64);
      for (const seen of [address, address.toUpperCase(), `<${address}>`]) {
        const token = readBounceToken(mailbox, seen);
        expect(token, seen).not.toBeNull();
        expect(token!.memberId).toBe(memberId);
        expect(launchId.startsWith(token!.launchPrefix)).toBe(true);
        expect(bounceTokenNames(SECRET, token!, launchId)).toBe(true);
      }
    }
    expect(BOUNCE_TOKEN_LENGTH).toBe(45);
    expect(BOUNCE_LOCAL_MAX).toBe(18);
  });

  it('tampered: any character changed, another launch, another secret, another mailbox: refused', () => {
    const launchId = randomUUID();
    const memberId = randomUUID();
    const token = bounceToken(SECRET, launchId, memberId);
    let refused = 0;
    for (let i = 0; i < token.length; i++) {
      const other = token[i] === 'a' ? 'b' : 'a';
      const forged = readBounceToken(mailbox, `devolucoes+${token.slice(0, i)}${other}${token.slice(i + 1)}@legiao.dev`);
      // A change either breaks the encoding (the last character's spare bit) or the signature.
      if (!forged || !bounceTokenNames(SECRET, forged, launchId)) refused++;
    }
    expect(refused).toBe(token.length);
    const read = readBounceToken(mailbox, `devolucoes+${token}@legiao.dev`)!;
    // Another launch with the same first 8 hex digits (what the lookup finds) is still refused.
    expect(bounceTokenNames(SECRET, read, `${launchId.slice(0, 8)}${randomUUID().slice(8)}`)).toBe(false);
    expect(bounceTokenNames(`${SECRET}-outro`, read, launchId)).toBe(false);
    // Another member's id with this signature.
    expect(bounceTokenNames(SECRET, { ...read, memberId: randomUUID() }, launchId)).toBe(false);
    for (const address of [`outro+${token}@legiao.dev`, `devolucoes+${token}@outro.dev`, `devolucoes+${token.slice(1)}@legiao.dev`, `devolucoes+${token}a@legiao.dev`, `devolucoes@legiao.dev`, 'lixo']) {
      expect(readBounceToken(mailbox, address), address).toBeNull();
    }
  });

  it("nodemailer's envelope: MAIL FROM the alert's address, RCPT TO the member; none without a bounce mailbox", () => {
    const alert = { launchId: randomUUID(), memberId: randomUUID() };
    expect(alertEnvelope(mailbox, SECRET, alert, 'ana@example.com')).toEqual({ from: bounceAddress(mailbox, SECRET, alert.launchId, alert.memberId), to: 'ana@example.com' });
    expect(alertEnvelope(undefined, SECRET, alert, 'ana@example.com')).toBeUndefined();
  });

  it('EMAIL_DEVOLUCOES: parsed at boot; a local part too long for the token, or with +, is refused', () => {
    expect(loadConfig({ NODE_ENV: 'test', EMAIL_DEVOLUCOES: 'devolucoes@Legiao.dev' }).bounceMailbox).toEqual({ local: 'devolucoes', domain: 'legiao.dev' });
    expect(loadConfig({ NODE_ENV: 'test' }).bounceMailbox).toBeUndefined();
    expect(() => loadConfig({ NODE_ENV: 'test', EMAIL_DEVOLUCOES: `${'d'.repeat(19)}@legiao.dev` })).toThrow(/EMAIL_DEVOLUCOES/);
    expect(() => loadConfig({ NODE_ENV: 'test', EMAIL_DEVOLUCOES: 'dev+x@legiao.dev' })).toThrow(/EMAIL_DEVOLUCOES/);
  });
});

describe('the delivery status notification (RFC 3464)', () => {
  it('reads each recipient block (folded fields too) and where the report was sent', async () => {
    const dsn = await parseDsn(
      dsnMessage({ to: 'devolucoes+abc@legiao.dev', returnPath: 'devolucoes+orig@legiao.dev', action: 'failed', status: '5.1.1', diagnostic: 'smtp; 550 5.1.1 <ana@example.com>:\r\n    Recipient address rejected' }),
    );
    expect(dsn).toEqual({
      recipients: [{ finalRecipient: 'ana@example.com', originalRecipient: 'ana@example.com', action: 'failed', status: '5.1.1', diagnostic: 'smtp; 550 5.1.1 <ana@example.com>: Recipient address rejected' }],
      sentTo: ['devolucoes+abc@legiao.dev', 'devolucoes+abc@legiao.dev', 'devolucoes+abc@legiao.dev', '<devolucoes+orig@legiao.dev>'],
    });
  });

  it('a plain message, a multipart without a status part, or bytes that are no message: not a DSN', async () => {
    expect(await parseDsn(Buffer.from('From: a@b.c\r\nTo: d@e.f\r\nSubject: oi\r\n\r\nolá\r\n'))).toBeNull();
    expect(await parseDsn(Buffer.from('Content-Type: multipart/mixed; boundary=X\r\n\r\n--X\r\nContent-Type: text/plain\r\n\r\noi\r\n--X--\r\n'))).toBeNull();
    expect(await parseDsn(Buffer.from([0, 1, 2, 255, 254]))).toBeNull();
  });

  it('the diagnostic kept: one line, addresses masked, at most 300 characters', () => {
    expect(maskedDiagnostic('smtp; 550 5.1.1 <ana@example.com>:\n  User unknown (bia@x.org)')).toBe('smtp; 550 5.1.1 <endereço>: User unknown (<endereço>)');
    expect(maskedDiagnostic('x'.repeat(400))).toHaveLength(300);
  });
});
