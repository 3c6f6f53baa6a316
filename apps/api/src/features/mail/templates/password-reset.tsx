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

export const passwordReset = defineMail<Props>({
  key: 'redefinir-senha',
  name: 'Redefinição de senha',
  description: 'Enviado quando alguém pede "Esqueci a senha": o link para criar uma nova senha.',
  audience: 'membro',
  subject: () => 'Redefinição de senha da Legião',
  preheader: (p) => `Crie uma nova senha pelo link, que vale por ${p.validityMinutes} minutos.`,
  title: () => 'Redefinir senha',
  body: ({ name, url, validityMinutes }) => (
    <>
      <P>Olá, {firstName(name)}!</P>
      <P>Recebemos um pedido para redefinir a senha da sua conta na Legião.</P>
      <Cta href={url} label="Criar nova senha" />
      <Small>O link vale por {validityMinutes} minutos e só pode ser usado uma vez. Se não foi você, ignore este e-mail: sua senha continua a mesma.</Small>
    </>
  ),
  preview: (site) => ({ name: 'Mariana Souza', url: `${site.publicUrl}/recuperar-senha?q=exemplo-de-link-de-senha`, validityMinutes: 60 }),
  mainLink: (p) => p.url,
});

export function passwordResetMail(to: string, name: string, url: string, validityMinutes: number, site: MailSite): Promise<OutgoingMail> {
  return toOutgoing(to, renderTemplate(passwordReset, { name, url, validityMinutes }, site));
}
