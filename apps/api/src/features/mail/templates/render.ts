import type { ReactElement } from 'react';
import { render, toPlainText } from '@react-email/render';
import type { OutgoingMail } from '../mailer.js';

export interface RenderedMail {
  assunto: string;
  preheader: string;
  html: string;
  texto: string;
}

// html-to-text's defaults shout headings in capitals and wrap at 80 columns; a link is written as
// "label address" (react-email's selectors), decorations marked data-skip-in-text are left out.
const TEXT_OPTIONS = {
  selectors: [
    { selector: 'h1', options: { uppercase: false, trailingLineBreaks: 2 } },
    { selector: 'h2', options: { uppercase: false } },
  ],
};

/**
 * Renders an e-mail component once: the HTML as react-email writes it (tables, inline styles, the
 * XHTML doctype), and the plain-text part derived from that same HTML, so the two never disagree.
 */
export async function renderParts(subject: string, preheader: string, element: ReactElement): Promise<RenderedMail> {
  const html = await render(element);
  const text = `${toPlainText(html, TEXT_OPTIONS).trim()}\n`;
  return { assunto: subject, preheader, html, texto: text };
}

export async function toOutgoing(to: string, parts: Promise<RenderedMail>): Promise<OutgoingMail> {
  const rendered = await parts;
  return { para: to, assunto: rendered.assunto, texto: rendered.texto, html: rendered.html };
}
