import { inject } from 'vitest';
import { waitForMailIn, type RawMail, type WaitOptions } from './mail-catcher.js';

export { extractLink } from './mail-catcher.js';

async function fetchMails(to: string): Promise<RawMail[]> {
  const res = await fetch(`${inject('mailboxUrl')}/mails?to=${encodeURIComponent(to)}`);
  return (await res.json()) as RawMail[];
}

/** Waits until the run's shared SMTP catcher has received a mail for `to`. */
export const waitForMail = (to: string, opts?: WaitOptions) => waitForMailIn(fetchMails, to, opts);

/** Mails received so far for `to` (no waiting). */
export const mailsTo = fetchMails;
