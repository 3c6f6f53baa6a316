// A delivery status notification (RFC 3464) as a relay writes it (Postfix's layout): the human part,
// the message/delivery-status part, and the original's headers (or the whole original) attached.

export interface DsnOptions {
  /** The address the report is sent to (the alert's envelope sender): Delivered-To, X-Original-To and To. */
  to: string;
  /** Leave Delivered-To and X-Original-To out, and write To as this instead (the token then only in the original's Return-Path). */
  headerTo?: string;
  /** The original message's Return-Path (its envelope sender), in the attached part. */
  returnPath?: string;
  action: 'failed' | 'delayed' | 'delivered';
  status: string;
  diagnostic?: string;
  finalRecipient?: string;
  /** How the original comes back: its headers (text/rfc822-headers, default) or whole (message/rfc822). */
  original?: 'headers' | 'message';
}

export function dsnMessage(o: DsnOptions): Buffer {
  const recipient = o.finalRecipient ?? 'ana@example.com';
  const originalHeaders = [...(o.returnPath ? [`Return-Path: <${o.returnPath}>`] : []), 'From: Legião <nao-responda@legiao.dev>', `To: ${recipient}`, 'Subject: Abriu o acesso antecipado', 'MIME-Version: 1.0'];
  const original =
    o.original === 'message'
      ? ['Content-Type: message/rfc822', 'Content-Description: Undelivered Message', '', ...originalHeaders, 'Content-Type: text/plain; charset=utf-8', '', 'Olá, seu acesso abriu.', '']
      : ['Content-Type: text/rfc822-headers', 'Content-Description: Undelivered Message Headers', '', ...originalHeaders, ''];
  const lines = [
    'Return-Path: <>',
    ...(o.headerTo ? [] : [`Delivered-To: ${o.to}`, `X-Original-To: ${o.to}`]),
    'From: MAILER-DAEMON@relay.example (Mail Delivery System)',
    `To: ${o.headerTo ?? o.to}`,
    'Subject: Undelivered Mail Returned to Sender',
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="B0UND"',
    '',
    'This is a MIME-encapsulated message.',
    '',
    '--B0UND',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    "I'm sorry to have to inform you that your message could not be delivered.",
    '',
    '--B0UND',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; relay.example',
    'Arrival-Date: Sun, 29 Nov 2026 03:00:00 +0000',
    '',
    `Final-Recipient: rfc822; ${recipient}`,
    `Original-Recipient: rfc822;${recipient}`,
    `Action: ${o.action}`,
    `Status: ${o.status}`,
    'Remote-MTA: dns; mx.example.com',
    ...(o.diagnostic ? [`Diagnostic-Code: ${o.diagnostic}`] : []),
    '',
    '--B0UND',
    ...original,
    '--B0UND--',
    '',
  ];
  return Buffer.from(lines.join('\r\n'));
}
