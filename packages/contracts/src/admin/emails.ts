import { z } from 'zod';

// Back office: Comunicação › E-mails (issue 32 §3; docs/decisions/0048-email-templates.md). Every
// e-mail the portal sends, rendered with its sample data; a test copy to the staff member's own
// address. Reading needs content.read; sending the test, content.write (audited).

export const EMAILS_MSG = {
  modeloNaoEncontrado: 'Modelo de e-mail não encontrado.',
  testeEnviado: (to: string) => `E-mail de teste enviado para ${to}.`,
} as const;

export const EMAIL_AUDIENCES = ['membro', 'equipe'] as const;
export const EMAIL_AUDIENCE_LABELS: Record<(typeof EMAIL_AUDIENCES)[number], string> = { membro: 'Membros', equipe: 'Equipe' };

export const emailTemplateParamsSchema = z.object({
  chave: z.string({ error: EMAILS_MSG.modeloNaoEncontrado }).trim().min(1, EMAILS_MSG.modeloNaoEncontrado).max(60, EMAILS_MSG.modeloNaoEncontrado),
});

export const emailTemplateSummarySchema = z.object({
  chave: z.string(),
  nome: z.string(),
  descricao: z.string(),
  publico: z.enum(EMAIL_AUDIENCES),
  /** The subject as the sample data writes it. */
  assunto: z.string(),
});
export type EmailTemplateSummary = z.infer<typeof emailTemplateSummarySchema>;

export const emailTemplateListSchema = z.array(emailTemplateSummarySchema);

export const emailPreviewSchema = emailTemplateSummarySchema.extend({
  /** The inbox's preview line. */
  preheader: z.string(),
  /** The whole HTML document, as sent (show it in a sandboxed iframe, never in the page). */
  html: z.string(),
  /** The plain-text part. */
  texto: z.string(),
  /** The sample data the preview was rendered with. */
  exemplo: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type EmailPreview = z.infer<typeof emailPreviewSchema>;

export const emailTestSentSchema = z.object({
  para: z.string(),
  assunto: z.string(),
  message: z.string(),
});
export type EmailTestSent = z.infer<typeof emailTestSentSchema>;
