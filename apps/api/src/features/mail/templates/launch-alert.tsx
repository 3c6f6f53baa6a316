import { Img } from '@react-email/img';
import type { OutgoingMail } from '../mailer.js';
import { defineMail, renderTemplate } from './define.js';
import { A, Code, Cta, P, Small } from './layout.js';
import { toOutgoing } from './render.js';
import { firstName, type MailSite } from './site.js';

export interface LaunchAlertProps {
  /** The member's name (the e-mail greets by the first). */
  name: string;
  launchName: string;
  /**
   * "Adicionar à agenda": the member's signed link to the opening's .ics, absolute
   * (PUBLIC_URL/api/lancamentos/{slug}/agenda.ics?t=<token>, lancamentos/calendar-link.ts): opens without a session.
   */
  calendarLink: string;
  /** The launch's artwork, absolute (an uploaded picture under PUBLIC_URL/imagens/ or the bucket's). */
  artworkUrl: string;
  /** The member's opening (`abreEm`), an ISO instant: written in São Paulo time. */
  opensAt: string;
  /** The personal access code (LGA-...) and link (STORE_URL/?acesso=<code>), ADR 0047. */
  accessCode: string;
  accessLink: string;
  /** Units the member may buy in the early access. */
  units: number;
}

const SAO_PAULO = 'America/Sao_Paulo';
const dayFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: SAO_PAULO, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: SAO_PAULO, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** "terça-feira, 1 de dezembro de 2026, às 10:00 (horário de Brasília)": the brand's wall clock, whatever the reader's. */
export function saoPauloTime(iso: string): string {
  const at = new Date(iso);
  return `${dayFormat.format(at)}, às ${timeFormat.format(at)} (horário de Brasília)`;
}

const unitsText = (n: number) => `${n} ${n === 1 ? 'unidade' : 'unidades'}`;

/**
 * The launch alert ("Avise-me", issue 32 §1-2): a marketing e-mail, sent only to members who asked
 * and hold the e-mail consent; the footer says why they got it and where to stop it.
 */
export const launchAlert = defineMail<LaunchAlertProps>({
  key: 'alerta-lancamento',
  name: 'Alerta de lançamento (Avise-me)',
  description: 'Enviado a quem pediu "Avise-me" quando o seu acesso antecipado abre: código e link pessoais, cota e horário. E-mail de marketing: só com o consentimento de e-mail.',
  audience: 'membro',
  subject: (p) => `Acesso antecipado liberado: ${p.launchName}`,
  preheader: (p) => `Seu código ${p.accessCode} vale até ${unitsText(p.units)} a partir de ${saoPauloTime(p.opensAt)}.`,
  title: (p) => p.launchName,
  body: (p, site) => (
    <>
      <Img src={p.artworkUrl} alt={p.launchName} width="544" style={{ display: 'block', width: '100%', maxWidth: '544px', height: 'auto', border: 0, borderRadius: '6px', margin: '0 0 24px' }} />
      <P>Olá, {firstName(p.name)}!</P>
      <P>
        Chegou a sua vez: o acesso antecipado ao lançamento {p.launchName} está liberado para você a partir de {saoPauloTime(p.opensAt)}.
      </P>
      <P>Seu código pessoal de acesso:</P>
      <Code>{p.accessCode}</Code>
      <P>Com ele você pode comprar até {unitsText(p.units)} antes de todo mundo, na loja oficial.</P>
      <Cta href={p.accessLink} label="Comprar com acesso antecipado" />
      <Small>
        <A href={p.calendarLink}>Adicionar à agenda</A> · <A href={`${site.publicUrl}/home`}>Ver no portal</A>
      </Small>
      <Small>O código é só seu: na loja, use o mesmo e-mail ou CPF da sua conta na Legião.</Small>
    </>
  ),
  footerNote: (_p, site) => (
    <>
      Você recebe este e-mail porque pediu para ser avisado deste lançamento e aceitou receber e-mails da Legião. Para não receber mais, desmarque o e-mail nas preferências de contato de{' '}
      <A href={`${site.publicUrl}/editar-perfil`}>Meu perfil</A>
    </>
  ),
  preview: (site) => ({
    name: 'Mariana Souza',
    launchName: 'Garrafa Térmica Legião Edição Tropa 1 L',
    // A sample token (43 base64url characters, as calendar-link.ts makes): not signed, so it opens nothing.
    calendarLink: `${site.publicUrl}/api/lancamentos/garrafa-tropa-2026/agenda.ics?t=P2wqnosdTH-g4ludFshOMWsUCtCMY3UfhwCz5_ySYkA`,
    artworkUrl: `${site.publicUrl}/banners/lancamento-desktop.svg`,
    opensAt: '2026-12-01T13:00:00.000Z',
    accessCode: 'LGA-7QK3M2XW5B',
    accessLink: `${site.storeUrl}/?acesso=LGA-7QK3M2XW5B`,
    units: 2,
  }),
  mainLink: (p) => p.accessLink,
});

export function launchAlertMail(to: string, props: LaunchAlertProps, site: MailSite): Promise<OutgoingMail> {
  return toOutgoing(to, renderTemplate(launchAlert, props, site));
}
