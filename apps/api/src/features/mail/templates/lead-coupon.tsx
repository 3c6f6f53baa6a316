import type { OutgoingMail } from '../mailer.js';
import { defineMail, renderTemplate } from './define.js';
import { Code, Cta, P, Small } from './layout.js';
import { toOutgoing } from './render.js';
import { firstName, type MailSite } from './site.js';

interface Props {
  name: string;
  code: string;
  percentage: number;
}

/**
 * The lead's personal coupon (the /expert-xp/ page): only its address gets it, on the first
 * sign-up and again when the address is typed once more (issue 23; ADR 0039).
 */
export const leadCoupon = defineMail<Props>({
  key: 'cupom-lead',
  name: 'Cupom da página Expert XP',
  description: 'Enviado a quem se cadastra na página Expert XP: o cupom pessoal de desconto para a primeira compra na loja.',
  audience: 'membro',
  subject: (p) => `Seu cupom de ${p.percentage}% OFF da Legião`,
  preheader: (p) => `Use o código ${p.code} na sua primeira compra na loja oficial.`,
  title: (p) => `Seu cupom de ${p.percentage}% OFF`,
  body: ({ name, code, percentage }, site) => (
    <>
      <P>Olá, {firstName(name)}!</P>
      <P>Aqui está o seu cupom de {percentage}% OFF para a primeira compra na loja oficial:</P>
      <Code>{code}</Code>
      <Cta href={`${site.storeUrl}/`} label="Ir para a loja" />
      <Small>O cupom vale na primeira compra, uma vez por CPF. Se você não se cadastrou na página Expert XP da Legião, ignore este e-mail.</Small>
    </>
  ),
  preview: () => ({ name: 'Paula Ribeiro', code: 'EXPERTXP-7K2M9Q', percentage: 10 }),
  mainLink: (_p, site) => `${site.storeUrl}/`,
});

export function leadCouponMail(to: string, name: string, code: string, percentage: number, site: MailSite): Promise<OutgoingMail> {
  return toOutgoing(to, renderTemplate(leadCoupon, { name, code, percentage }, site));
}
