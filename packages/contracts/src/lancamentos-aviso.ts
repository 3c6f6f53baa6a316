import { z } from 'zod';

// "Avise-me" (issue 32 §1; docs/decisions/0049-launch-alert-waves.md): a member asks to be alerted by
// e-mail when their early access to a launch opens, and may cancel. The alert is a marketing e-mail,
// so it needs the e-mail consent: when the member has not given it, the same click may give it
// (`consentirEmail: true`), recorded in the consent history with origin `lancamento`.
// POST /api/lancamentos/{slug}/aviso asks, DELETE cancels; both answer the state.

export const LAUNCH_ALERT_MSG = {
  consentirEmail: 'consentirEmail deve ser verdadeiro ou falso.',
  consentimentoNecessario: 'Para receber o aviso por e-mail, aceite receber e-mails da Legião.',
  semAcesso: 'Você não tem acesso antecipado a este lançamento, então não há abertura para avisar.',
  jaAbriu: 'O seu acesso antecipado a este lançamento já abriu: veja o seu código no portal.',
} as const;

/** POST body: all optional, so it may be left out (the member already accepts e-mails). */
export const launchAlertRequestSchema = z
  .object({
    consentirEmail: z
      .boolean({ message: LAUNCH_ALERT_MSG.consentirEmail })
      .optional()
      .describe('true: o membro aceita receber e-mails da Legião neste mesmo clique (registrado no histórico de consentimentos, origem "lancamento").'),
  })
  .strict();
export type LaunchAlertRequest = z.infer<typeof launchAlertRequestSchema>;

/** The member's "Avise-me" for one launch, as the list and both calls answer it. */
export const launchAlertStateSchema = z.object({
  pedido: z.boolean().describe('O membro pediu o aviso (e não cancelou).'),
  avisadoEm: z.string().nullable().describe('Quando o aviso foi enviado (ISO 8601, horário de São Paulo); null antes.'),
  emailConsentido: z.boolean().describe('O membro aceita receber e-mails da Legião (sem isso o aviso não é enviado).'),
});
export type LaunchAlertState = z.infer<typeof launchAlertStateSchema>;
