import type { ReactNode } from 'react';
import { Layout } from './layout.js';
import type { MailSite } from './site.js';
import { renderParts, type RenderedMail } from './render.js';

/**
 * One e-mail: subject, preheader, title and body from the same typed props, laid in the shared
 * layout; sample props that render a realistic e-mail (the back office's preview and the render
 * test); the link the reader must be able to follow from the plain-text part too.
 */
export interface MailTemplate<P> {
  /** The wire key (GET /api/admin/emails/{chave}). */
  key: string;
  /** Portuguese name and description, as the back office lists them. */
  name: string;
  description: string;
  audience: 'membro' | 'equipe';
  subject: (props: P) => string;
  preheader: (props: P) => string;
  title: (props: P) => string;
  body: (props: P, site: MailSite) => ReactNode;
  /** Under the card: why the reader got it (a marketing e-mail says how to stop them). */
  footerNote?: (props: P, site: MailSite) => ReactNode;
  preview: (site: MailSite) => P;
  mainLink: (props: P, site: MailSite) => string;
}

export const defineMail = <P,>(t: MailTemplate<P>) => t;

export function renderTemplate<P>(t: MailTemplate<P>, props: P, site: MailSite): Promise<RenderedMail> {
  const subject = t.subject(props);
  const preheader = t.preheader(props);
  return renderParts(
    subject,
    preheader,
    <Layout site={site} audience={t.audience} subject={subject} preheader={preheader} title={t.title(props)} footerNote={t.footerNote?.(props, site)}>
      {t.body(props, site)}
    </Layout>,
  );
}
