import type { OutgoingMail } from '../mailer.js';
import { defineMail, renderTemplate } from './define.js';
import { Cta, P, Small } from './layout.js';
import { toOutgoing } from './render.js';
import { firstName, type MailSite } from './site.js';

interface Props {
  name: string;
  url: string;
  validityMinutes: number;
}

/**
 * The operators' automatic login link (ADR 0010) by e-mail. Today staff hand the link over in the
 * conversation (POST /api/admin/membros/{id}/link-login answers it); this is the e-mail for when it
 * is sent instead, ready with the same copy rules. The link works only with the member's celular.
 */
export const loginLink = defineMail<Props>({
  key: 'link-de-acesso',
  name: 'Link de acesso automático',
  description: 'O link de uso único que entra na conta do membro sem senha (emitido pelo atendimento). Hoje o atendimento entrega o link na conversa; este é o e-mail para quando ele for enviado por e-mail.',
  audience: 'membro',
  subject: () => 'Seu link de acesso à Legião',
  preheader: (p) => `Entre na sua conta sem senha. O link vale por ${p.validityMinutes} minutos.`,
  title: () => 'Entre na sua conta',
  body: ({ name, url, validityMinutes }) => (
    <>
      <P>Olá, {firstName(name)}!</P>
      <P>Aqui está o seu link de acesso à Legião. Ao abrir, confirme o seu celular e você já entra na sua conta, sem senha.</P>
      <Cta href={url} label="Entrar na minha conta" />
      <Small>O link vale por {validityMinutes} minutos e só pode ser usado uma vez. Não o repasse a ninguém. Se você não pediu um link de acesso, ignore este e-mail.</Small>
    </>
  ),
  preview: (site) => ({ name: 'Mariana Souza', url: `${site.publicUrl}/login?hash=exemplo-de-link-de-acesso&code=MTE5ODc2NTQzMjE`, validityMinutes: 30 }),
  mainLink: (p) => p.url,
});

export function loginLinkMail(to: string, name: string, url: string, validityMinutes: number, site: MailSite): Promise<OutgoingMail> {
  return toOutgoing(to, renderTemplate(loginLink, { name, url, validityMinutes }, site));
}
