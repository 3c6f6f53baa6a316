import { createServer, type Server } from 'node:http';
import { SMTPServer } from 'smtp-server';
import PostalMime, { type Email } from 'postal-mime';

export interface RawMail {
  to: string[];
  raw: string;
}

export interface ReceivedMail extends Email {
  envelopeTo: string[];
}

/** An SMTP server in this process that keeps every message it receives. */
export class MailCatcher {
  readonly mails: RawMail[] = [];
  /** Connections opened to it, over its restarts (a pooled sender reuses them). */
  connections = 0;
  private server?: SMTPServer;

  async listen(port = 0): Promise<number> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 1000,
      onConnect: (_session, callback) => {
        this.connections++;
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          this.mails.push({ to, raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    const address = server.server.address();
    if (!address || typeof address === 'string') throw new Error('SMTP server has no port');
    return address.port;
  }

  mailsTo(to: string) {
    return this.mails.filter((m) => m.to.includes(to.toLowerCase()));
  }

  close() {
    return new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** Serves a catcher's mails as JSON to the test workers: GET /mails?to=<address>. */
export function serveMailbox(catcher: MailCatcher): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const to = url.searchParams.get('to') ?? '';
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(catcher.mailsTo(to)));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as import('node:net').AddressInfo;
      resolve({ url: `http://127.0.0.1:${address.port}`, close: () => new Promise<void>((r) => server.close(() => r())) });
    });
  });
}

export async function parseMail(raw: RawMail): Promise<ReceivedMail> {
  const email = await PostalMime.parse(raw.raw);
  return { ...email, envelopeTo: raw.to };
}

export interface WaitOptions {
  /** Only mails whose subject contains this text. */
  subject?: string;
  /** Wait for the n-th matching mail (1 = the first). */
  nth?: number;
  timeoutMs?: number;
}

/** Polls `list` until the n-th mail to `to` (optionally with `subject`) has arrived. */
export async function waitForMailIn(list: (to: string) => Promise<RawMail[]>, to: string, opts: WaitOptions = {}): Promise<ReceivedMail> {
  const nth = opts.nth ?? 1;
  const deadline = Date.now() + (opts.timeoutMs ?? 15_000);
  let seen = 0;
  for (;;) {
    const parsed = await Promise.all((await list(to)).map(parseMail));
    const matching = parsed.filter((m) => !opts.subject || (m.subject ?? '').includes(opts.subject));
    seen = matching.length;
    if (matching.length >= nth) return matching[nth - 1]!;
    if (Date.now() > deadline) throw new Error(`Nenhum e-mail nº ${nth} para ${to}${opts.subject ? ` com assunto "${opts.subject}"` : ''} (recebidos: ${seen}).`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The first link in the mail's text part whose path is `path` (e.g. '/ativar-conta'). */
export function extractLink(mail: Email, path: string): URL {
  const urls = (mail.text ?? '').match(/https?:\/\/[^\s<>"]+/g) ?? [];
  const found = urls.map((u) => new URL(u)).find((u) => u.pathname === path);
  if (!found) throw new Error(`O e-mail "${mail.subject}" não tem link para ${path}.`);
  return found;
}
