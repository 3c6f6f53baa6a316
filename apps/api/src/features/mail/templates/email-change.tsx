import type { OutgoingMail } from '../mailer.js';
import { defineMail, renderTemplate } from './define.js';
import { A, Cta, P, Small } from './layout.js';
import { toOutgoing } from './render.js';
import { firstName, type MailSite } from './site.js';

interface ConfirmProps {
  name: string;
  url: string;
  validityHours: number;
}

export const emailChangeConfirm = defineMail<ConfirmProps>({
  key: 'confirmar-novo-email',
  name: 'Troca de e-mail: confirmação',
  description: 'Enviado ao endereço novo quando o membro pede a troca de e-mail: o link que conclui a troca.',
  audience: 'membro',
  subject: () => 'Confirme seu novo e-mail na Legião',
  preheader: (p) => `Confirme para concluir a troca. O link vale por ${p.validityHours} horas.`,
  title: () => 'Confirme seu novo e-mail',
  body: ({ name, url, validityHours }) => (
    <>
      <P>Olá, {firstName(name)}!</P>
      <P>Recebemos um pedido para usar este endereço como o e-mail da sua conta na Legião. Confirme para concluir a troca.</P>
      <Cta href={url} label="Confirmar novo e-mail" />
      <Small>O link vale por {validityHours} horas e só pode ser usado uma vez. Se você não pediu a troca, ignore este e-mail: nada muda.</Small>
    </>
  ),
  preview: (site) => ({ name: 'Mariana Souza', url: `${site.publicUrl}/confirmar-email?q=exemplo-de-link-de-troca`, validityHours: 24 }),
  mainLink: (p) => p.url,
});

interface NoticeProps {
  name: string;
  newEmail: string;
}

export const emailChangedNotice = defineMail<NoticeProps>({
  key: 'email-alterado',
  name: 'Troca de e-mail: aviso ao endereço antigo',
  description: 'Enviado ao endereço antigo quando a troca é concluída, para o membro perceber uma troca que não fez.',
  audience: 'membro',
  subject: () => 'O e-mail da sua conta na Legião foi alterado',
  preheader: (p) => `A partir de agora, entre com ${p.newEmail}.`,
  title: () => 'Seu e-mail foi alterado',
  body: ({ name, newEmail }, site) => (
    <>
      <P>Olá, {firstName(name)}!</P>
      <P>O e-mail da sua conta na Legião foi alterado para {newEmail}. A partir de agora, use o novo endereço para entrar.</P>
      <Small>
        Se foi você, não precisa fazer nada. Se não foi você, fale com o atendimento da Legião o quanto antes: <A href={`${site.publicUrl}/`}>{`${site.publicUrl}/`}</A>
      </Small>
    </>
  ),
  preview: () => ({ name: 'Mariana Souza', newEmail: 'mariana.novo@exemplo.com.br' }),
  mainLink: (_p, site) => `${site.publicUrl}/`,
});

export function emailChangeConfirmMail(to: string, name: string, url: string, validityHours: number, site: MailSite): Promise<OutgoingMail> {
  return toOutgoing(to, renderTemplate(emailChangeConfirm, { name, url, validityHours }, site));
}

export function emailChangedNoticeMail(to: string, name: string, newEmail: string, site: MailSite): Promise<OutgoingMail> {
  return toOutgoing(to, renderTemplate(emailChangedNotice, { name, newEmail }, site));
}
