import { SMTPServer } from 'smtp-server';

// The alert tests' SMTP server (docs/decisions/0049-launch-alert-waves.md): owned by the test, stopped
// and started at will, refusing chosen recipients (550) or holding one message unanswered.

/** An SMTP server that keeps what it accepts, refuses some recipients with 550, and can be stopped and started on its port. */
export class Smtp {
  /** What it accepted, its envelope sender (MAIL FROM), and when (Date.now()). */
  readonly mails: { to: string; from: string; raw: string; at: number }[] = [];
  /** Connections opened to it, over its restarts (pooled SMTP: far fewer than mails). */
  connections = 0;
  readonly refuse = new Set<string>();
  /** Messages whose DATA this server holds without answering (the n-th message overall, 1-based). */
  hangOn: number | null = null;
  private received = 0;
  onHang: (() => void) | null = null;
  private server: SMTPServer | null = null;
  port = 0;
  /** The recipients of the message held. */
  hung: string[] = [];
  async start() {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 200,
      onConnect: (_session, cb) => {
        this.connections++;
        cb();
      },
      onRcptTo: (address, _s, cb) => (this.refuse.has(address.address.toLowerCase()) ? cb(Object.assign(new Error('5.1.1 mailbox unavailable'), { responseCode: 550 })) : cb()),
      onData: (stream, session, cb) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          if (++this.received === this.hangOn) {
            this.hung = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
            this.onHang?.();
            return; // never answered: the message is not accepted
          }
          for (const r of session.envelope.rcptTo) this.mails.push({ to: r.address.toLowerCase(), from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', raw: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
          cb();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as { port: number }).port;
    this.server = server;
  }
  async stop() {
    const s = this.server;
    this.server = null;
    if (s) await new Promise<void>((r) => s.close(() => r()));
  }
  to(address: string) {
    return this.mails.filter((m) => m.to === address.toLowerCase());
  }
}

