import { defineMail, renderTemplate } from './define.js';
import { Cta, P, Small } from './layout.js';
import type { RenderedMail } from './render.js';
import type { MailSite } from './site.js';

interface Props {
  endpointId: string;
  url: string;
  reason: string;
}

/** To every administrator when an endpoint failing for days in a row is paused (ADR 0042). */
export const webhookPaused = defineMail<Props>({
  key: 'webhook-pausado',
  name: 'Webhook pausado (equipe)',
  description: 'Aviso aos administradores quando um endpoint de webhook falha por dias seguidos e é pausado.',
  audience: 'equipe',
  subject: () => 'Webhook pausado: o endpoint falhou por dias seguidos',
  preheader: (p) => `O endpoint ${p.url} foi pausado; as entregas estão guardadas.`,
  title: () => 'Webhook pausado',
  body: ({ endpointId, url, reason }, site) => (
    <>
      <P>
        O endpoint {url} foi pausado. {reason}
      </P>
      <P>As entregas estão guardadas e saem quando ele for retomado em Integrações › Webhooks.</P>
      <Cta href={`${site.publicUrl}/admin/integracoes/webhooks/${endpointId}`} label="Ver o endpoint" />
      <Small>Você recebe este aviso por ser administrador do portal.</Small>
    </>
  ),
  preview: () => ({ endpointId: '0b6f3c1e-5d2a-4c8e-9f1a-2b3c4d5e6f70', url: 'https://crm.exemplo.com.br/webhooks/legiao', reason: 'Falhou por 5 dias seguidos: pausado até alguém retomá-lo.' }),
  mainLink: (p, site) => `${site.publicUrl}/admin/integracoes/webhooks/${p.endpointId}`,
});

/** Rendered once for every administrator (the notice names nobody). */
export function webhookPausedParts(endpointId: string, url: string, reason: string, site: MailSite): Promise<RenderedMail> {
  return renderTemplate(webhookPaused, { endpointId, url, reason }, site);
}
