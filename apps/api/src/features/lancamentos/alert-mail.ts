import { launchAlert } from '../mail/templates/launch-alert.js';
import { renderTemplate, type MailSite } from '../mail/templates/index.js';
import type { RenderedMail } from '../mail/templates/render.js';
import { accessLink } from './lancamentos.service.js';
import { calendarLinkExpiry, calendarToken, calendarUrl } from './calendar-link.js';

// The launch alert's e-mail, rendered once per launch (docs/decisions/0049-launch-alert-waves.md):
// React's render and the text part cost 7-40 ms an e-mail on this machine (ADR 0048), 100,000 alerts
// would be minutes of CPU in the opening's minutes. So the launch's e-mail is rendered once with
// placeholders for what differs per member (first name, access code, and the store link that carries
// the code; the calendar link's signed token), and each member's copy is the placeholders replaced,
// HTML-escaped in the HTML part.

const NAME = 'ZZPRIMEIRONOMEZZ';
const CODE = 'ZZCODIGOACESSOZZ';
const CALENDAR = 'ZZAGENDAZZ';
const SLOTS = new RegExp(`${NAME}|${CODE}|${CALENDAR}`, 'g');

export interface AlertLaunch {
  id: string;
  nome: string;
  slug: string;
  url_imagem: string;
  acesso_inicio: Date;
  acesso_fim: Date;
  data_publica: Date;
  cota_por_membro: number;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!);
const absolute = (site: MailSite, url: string) => (/^https?:\/\//.test(url) ? url : `${site.publicUrl}${url.startsWith('/') ? '' : '/'}${url}`);

export class AlertMailCache {
  private readonly entries = new Map<string, Promise<RenderedMail>>();
  /** `secret`: JWT_SECRET, which the calendar link's key derives from (calendar-link.ts). */
  constructor(
    private readonly site: MailSite,
    private readonly secret: string,
  ) {}

  private shape(l: AlertLaunch): Promise<RenderedMail> {
    // An edit of the launch (name, artwork, opening, units) makes a new key: never a stale e-mail.
    const key = JSON.stringify([l.id, l.nome, l.slug, l.url_imagem, l.acesso_inicio.toISOString(), l.cota_por_membro]);
    let hit = this.entries.get(key);
    if (!hit) {
      hit = renderTemplate(
        launchAlert,
        {
          name: NAME,
          launchName: l.nome,
          calendarLink: calendarUrl(this.site.publicUrl, l.slug, CALENDAR),
          artworkUrl: absolute(this.site, l.url_imagem),
          opensAt: l.acesso_inicio.toISOString(),
          accessCode: CODE,
          accessLink: accessLink(this.site.storeUrl, CODE),
          units: l.cota_por_membro,
        },
        this.site,
      );
      hit.catch(() => this.entries.delete(key));
      if (this.entries.size > 50) this.entries.clear();
      this.entries.set(key, hit);
    }
    return hit;
  }

  /** One member's copy: subject, HTML and text with their first name, code and signed calendar link. */
  async forMember(l: AlertLaunch, member: { id: string; name: string; code: string }): Promise<{ subject: string; html: string; text: string }> {
    const shape = await this.shape(l);
    const first = member.name.trim().split(/\s+/)[0] || member.name;
    const code = encodeURIComponent(member.code); // base32 and '-': unchanged, and safe in the link
    // base64url: safe as it is in a URL and in HTML.
    const calendar = calendarToken(this.secret, l.id, member.id, calendarLinkExpiry(l));
    const fill = (escape: (s: string) => string) => (slot: string) => (slot === NAME ? escape(first) : slot === CODE ? code : calendar);
    const html = shape.html.replace(SLOTS, fill(escapeHtml));
    const text = shape.texto.replace(SLOTS, fill((s) => s));
    return { subject: shape.assunto.replace(SLOTS, fill((s) => s)), html, text };
  }
}
