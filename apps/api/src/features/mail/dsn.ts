import { simpleParser, type ParsedMail } from 'mailparser';

// A Delivery Status Notification (RFC 3464): `multipart/report; report-type=delivery-status`, whose
// `message/delivery-status` part holds one block of per-message fields, then one block per recipient
// (Final-Recipient, Action, Status, Diagnostic-Code...), blocks separated by blank lines, fields folded
// like headers. RFC 6533's `message/global-delivery-status` (UTF-8) is read the same way.

export interface DsnRecipient {
  finalRecipient: string | null;
  originalRecipient: string | null;
  /** failed | delayed | delivered | relayed | expanded (lower case). */
  action: string;
  /** `5.1.1`, `4.2.2`...; '' when missing. */
  status: string;
  diagnostic: string | null;
}

export interface Dsn {
  recipients: DsnRecipient[];
  /**
   * Where the report was sent, most telling first: Delivered-To, X-Original-To and To of the report,
   * then the Return-Path of the original message when it is attached (whole or its headers).
   */
  sentTo: string[];
}

const STATUS_PARTS = new Set(['message/delivery-status', 'message/global-delivery-status']);
const ORIGINAL_PARTS = new Set(['message/rfc822', 'text/rfc822-headers', 'message/global', 'message/global-headers']);

/** Header-like blocks: fields unfolded, names in lower case; blocks split at blank lines. */
function fieldBlocks(text: string): Array<Map<string, string>> {
  const blocks: Array<Map<string, string>> = [];
  let block = new Map<string, string>();
  let last: string | null = null;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') {
      if (block.size > 0) blocks.push(block);
      block = new Map();
      last = null;
    } else if (/^[ \t]/.test(line) && last) {
      block.set(last, `${block.get(last)} ${line.trim()}`);
    } else {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      last = line.slice(0, colon).trim().toLowerCase();
      block.set(last, line.slice(colon + 1).trim());
    }
  }
  if (block.size > 0) blocks.push(block);
  return blocks;
}

/** `rfc822; ana@example.com` -> `ana@example.com` (the address type is dropped). */
const addressOf = (value: string | undefined) => {
  if (!value) return null;
  const semi = value.indexOf(';');
  return (semi >= 0 ? value.slice(semi + 1) : value).trim() || null;
};

/** The Return-Path of an attached original message (or of its headers alone). */
function originalReturnPath(content: Buffer): string | null {
  const head = content.toString('latin1').split(/\r?\n\r?\n/, 1)[0] ?? '';
  const field = fieldBlocks(head)[0]?.get('return-path');
  return field ? field.trim() : null;
}

function headerTexts(mail: ParsedMail, name: string): string[] {
  const line = mail.headerLines.filter((h) => h.key === name).map((h) => h.line.slice(h.line.indexOf(':') + 1).trim());
  return line.flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
}

/** The report in a raw message, or null when the message is not a delivery status notification. */
export async function parseDsn(raw: Buffer): Promise<Dsn | null> {
  let mail: ParsedMail;
  try {
    mail = await simpleParser(raw, { keepDeliveryStatus: true, skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true });
  } catch {
    return null;
  }
  const report = mail.attachments.find((a) => STATUS_PARTS.has(a.contentType.toLowerCase()));
  if (!report) return null;
  const recipients: DsnRecipient[] = fieldBlocks(report.content.toString('utf8'))
    .filter((b) => b.has('action') && (b.has('final-recipient') || b.has('original-recipient')))
    .map((b) => ({
      finalRecipient: addressOf(b.get('final-recipient')),
      originalRecipient: addressOf(b.get('original-recipient')),
      action: (b.get('action') ?? '').toLowerCase().split(/[\s(]/)[0] ?? '',
      status: /^\d\.\d{1,3}\.\d{1,3}/.exec(b.get('status') ?? '')?.[0] ?? '',
      diagnostic: b.get('diagnostic-code') ?? null,
    }));
  if (recipients.length === 0) return null;
  const sentTo = [...headerTexts(mail, 'delivered-to'), ...headerTexts(mail, 'x-original-to'), ...(mail.to ? [mail.to].flat().flatMap((t) => t.value.map((v) => v.address ?? '')) : [])];
  for (const part of mail.attachments) {
    if (!ORIGINAL_PARTS.has(part.contentType.toLowerCase())) continue;
    const returnPath = originalReturnPath(part.content);
    if (returnPath) sentTo.push(returnPath);
  }
  return { recipients, sentTo: sentTo.filter(Boolean) };
}

/** A diagnostic as kept in the alert's `motivo`: one line, e-mail addresses masked (they group, and no address is stored twice), at most 300 characters. */
export const maskedDiagnostic = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/<?[^\s<>@;:,"()]+@[^\s<>@;:,"()]+>?/g, '<endereço>')
    .trim()
    .slice(0, 300);
