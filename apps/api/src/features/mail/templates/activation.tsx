import type { OutgoingMail } from '../mailer.js';
import { defineMail, renderTemplate } from './define.js';
import { Cta, P, Small } from './layout.js';
import { toOutgoing } from './render.js';
import { firstName, type MailSite } from './site.js';

interface Props {
  name: string;
  url: string;
  validityHours: number;
}

export const activation = defineMail<Props>({
  key: 'ativacao',
  name: 'Ativação de conta',
  description: 'Enviado no cadastro (e quando o membro ou o atendimento pede um novo link): o link para ativar a conta.',
  audience: 'membro',
  subject: () => 'Ative sua conta na Legião',
  preheader: (p) => `Confirme seu e-mail para entrar na Legião. O link vale por ${p.validityHours} horas.`,
  title: () => 'Ative sua conta',
  body: ({ name, url, validityHours }) => (
    <>
      <P>Olá, {firstName(name)}!</P>
      <P>Falta pouco para você fazer parte da Legião. Confirme seu e-mail para ativar sua conta.</P>
      <Cta href={url} label="Ativar minha conta" />
      <Small>O link vale por {validityHours} horas e só pode ser usado uma vez. Se você não se cadastrou, ignore este e-mail.</Small>
    </>
  ),
  preview: (site) => ({ name: 'Mariana Souza', url: `${site.publicUrl}/ativar-conta?q=exemplo-de-link-de-ativacao`, validityHours: 48 }),
  mainLink: (p) => p.url,
});

export function activationMail(to: string, name: string, url: string, validityHours: number, site: MailSite): Promise<OutgoingMail> {
  return toOutgoing(to, renderTemplate(activation, { name, url, validityHours }, site));
}
