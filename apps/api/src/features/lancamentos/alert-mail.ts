import { launchAlert } from '../mail/templates/launch-alert.js';
import { renderTemplate, type MailSite } from '../mail/templates/index.js';
import type { RenderedMail } from '../mail/templates/render.js';
import { accessLink } from './lancamentos.service.js';

// The launch alert's e-mail, rendered once per launch (docs/decisions/0049-launch-alert-waves.md):
// React's render and the text part cost 7-40 ms an e-mail on this machine (ADR 0048), 100,000 alerts
// would be minutes of CPU in the opening's minutes. So the launch's e-mail is rendered once with
// placeholders for what differs per member (first name, access code, and the store link that carries
// the code), and each member's copy is the placeholders replaced, HTML-escaped in the HTML part.

const NAME = 'ZZPRIMEIRONOMEZZ';
const CODE = 'ZZCODIGOACESSOZZ';
const SLOTS = new RegExp(`${NAME}|${CODE}`, 'g');

export interface AlertLaunch {
  nome: string;
  slug: string;
  url_imagem: string;
  acesso_inicio: Date;
  cota_por_membro: number;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!);
const absolute = (site: MailSite, url: string) => (/^https?:\/\//.test(url) ? url : `${site.publicUrl}${url.startsWith('/') ? '' : '/'}${url}`);

export class AlertMailCache {
  private readonly entries = new Map<string, Promise<RenderedMail>>();
  constructor(private readonly site: MailSite) {}

  private shape(l: AlertLaunch): Promise<RenderedMail> {
    // An edit of the launch (name, artwork, opening, units) makes a new key: never a stale e-mail.
    const key = JSON.stringify([l.nome, l.slug, l.url_imagem, l.acesso_inicio.toISOString(), l.cota_por_membro]);
    let hit = this.entries.get(key);
    if (!hit) {
      hit = renderTemplate(
        launchAlert,
        {
          name: NAME,
          launchName: l.nome,
          slug: l.slug,
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

  /** One member's copy: subject, HTML and text with their first name and code. */
  async forMember(l: AlertLaunch, member: { name: string; code: string }): Promise<{ subject: string; html: string; text: string }> {
    const shape = await this.shape(l);
    const first = member.name.trim().split(/\s+/)[0] || member.name;
    const code = encodeURIComponent(member.code); // base32 and '-': unchanged, and safe in the link
    const html = shape.html.replace(SLOTS, (slot) => (slot === NAME ? escapeHtml(first) : code));
    const text = shape.texto.replace(SLOTS, (slot) => (slot === NAME ? first : code));
    return { subject: shape.assunto.replace(SLOTS, (slot) => (slot === NAME ? first : code)), html, text };
  }
}
