import { BASE_URL, MAIL_URL_ENV } from './env';
import type { StoredMail } from './fake-mailbox';

export type { StoredMail };

function mailboxUrl(): string {
  const url = process.env[MAIL_URL_ENV];
  if (!url) throw new Error(`${MAIL_URL_ENV} não definido: a caixa falsa sobe no global setup (support/global-setup.ts).`);
  return url;
}

export async function listMails(to: string): Promise<StoredMail[]> {
  const res = await fetch(`${mailboxUrl()}/mails?to=${encodeURIComponent(to.toLowerCase())}`);
  if (!res.ok) throw new Error(`caixa falsa respondeu ${res.status}`);
  return (await res.json()) as StoredMail[];
}

/** The id of the newest mail to `to` (0 if none): pass it as `after` to wait for a newer one. */
export async function mailCursor(to: string): Promise<number> {
  const mails = await listMails(to);
  return mails.reduce((max, m) => Math.max(max, m.id), 0);
}

/** Polls the fake mailbox until a mail to `to` whose subject contains `subjectContains` arrives. */
export async function readMail(
  to: string,
  subjectContains: string,
  { timeout = 15_000, after = 0 }: { timeout?: number; after?: number } = {},
): Promise<StoredMail> {
  const deadline = Date.now() + timeout;
  let seen: StoredMail[] = [];
  for (;;) {
    seen = await listMails(to);
    const match = seen.filter((m) => m.id > after && m.subject.includes(subjectContains)).at(-1);
    if (match) return match;
    if (Date.now() > deadline) {
      const subjects = seen.map((m) => `#${m.id} "${m.subject}"`).join(', ') || 'nenhum';
      throw new Error(`Nenhum e-mail para ${to} com assunto contendo "${subjectContains}" em ${timeout} ms (recebidos: ${subjects})`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * The first link in the mail whose path starts with `path`, moved to the tested origin
 * (the mail is written with PUBLIC_URL, which may name another host).
 */
export function extractLink(mail: StoredMail, path: string): string {
  const fromText = mail.text.match(/https?:\/\/[^\s<>"']+/g) ?? [];
  const fromHtml = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  for (const raw of [...fromText, ...fromHtml]) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      continue;
    }
    if (url.pathname.startsWith(path)) return new URL(`${url.pathname}${url.search}${url.hash}`, BASE_URL).toString();
  }
  throw new Error(`O e-mail "${mail.subject}" não tem link para ${path}:\n${mail.text}`);
}
