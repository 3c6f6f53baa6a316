import type { FastifyInstance } from 'fastify';
import { EMAILS_MSG, type EmailPreview, type EmailTemplateSummary, type EmailTestSent } from '@legiao/contracts/admin/emails';
import { notFound } from '../../../errors/app-error.js';
import { findTemplate, MAIL_TEMPLATES, renderTemplate, type MailSite, type MailTemplate } from '../../mail/templates.js';
import { recordAudit } from '../audit/audit.service.js';

// The back office's e-mail previews (docs/decisions/0048-email-templates.md): every template of the
// registry rendered with its sample data, exactly as the mailer would send it.

/** A test copy says so in its subject: it must never be mistaken for a real one in the inbox. */
export const TEST_PREFIX = '[Teste] ';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the registry's entries keep their own props
type AnyTemplate = MailTemplate<any>;

function template(key: string): AnyTemplate {
  const t = findTemplate(key);
  if (!t) throw notFound(EMAILS_MSG.modeloNaoEncontrado);
  return t;
}

const summary = (t: AnyTemplate, site: MailSite): EmailTemplateSummary => ({
  chave: t.key,
  nome: t.name,
  descricao: t.description,
  publico: t.audience,
  assunto: t.subject(t.preview(site)),
});

export const listTemplates = (site: MailSite): EmailTemplateSummary[] => MAIL_TEMPLATES.map((t) => summary(t, site));

export async function previewTemplate(key: string, site: MailSite): Promise<EmailPreview> {
  const t = template(key);
  const sample = t.preview(site);
  const r = await renderTemplate(t, sample, site);
  return { ...summary(t, site), preheader: r.preheader, html: r.html, texto: r.texto, exemplo: sample };
}

/** The sample, to the staff member's own address, through the outbox like every e-mail; audited in the same transaction. */
export async function sendTest(app: FastifyInstance, key: string, staff: { id: string; email: string }, requestId: string): Promise<EmailTestSent> {
  const { prisma, mailer, config } = app.ctx;
  const t = template(key);
  const r = await renderTemplate(t, t.preview(config), config);
  const subject = `${TEST_PREFIX}${r.assunto}`;
  await prisma.$transaction(async (tx) => {
    await mailer.enqueue(tx, { para: staff.email, assunto: subject, texto: r.texto, html: r.html });
    await recordAudit(tx, { actorId: staff.id, action: 'email.enviar-teste', entity: 'email_modelo', entityId: t.key, before: null, after: { para: staff.email, assunto: subject }, requestId });
  });
  mailer.kick();
  return { para: staff.email, assunto: subject, message: EMAILS_MSG.testeEnviado(staff.email) };
}
