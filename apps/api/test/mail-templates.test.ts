import { describe, expect, it } from 'vitest';
import { MAIL_TEMPLATES, renderTemplate, type MailSite } from '../src/features/mail/templates.js';

// Every e-mail of the registry rendered with its sample data (issue 32 §4; ADR 0048): HTML and plain
// text complete (no placeholder or JS value leaking into the copy), Portuguese, every link absolute.

const site: MailSite = { publicUrl: 'https://portal.legiao.test', storeUrl: 'https://loja.legiao.test' };

const LEAKS = ['{{', '}}', 'undefined', 'null', 'NaN', '[object Object]', 'Invalid Date'];
// Portuguese: the subjects are the brand's copy; a word of the language in each is a cheap guard
// against an English or empty subject slipping in.
const PORTUGUESE = /\b(sua|seu|seus|da|de|do|na|no|o|a|para|Legião|foi|e-mail)\b/i;

describe('e-mail templates', () => {
  it('the registry has every e-mail once', () => {
    const keys = MAIL_TEMPLATES.map((t) => t.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(
      expect.arrayContaining(['ativacao', 'redefinir-senha', 'link-de-acesso', 'confirmar-novo-email', 'email-alterado', 'cupom-lead', 'alerta-lancamento', 'webhook-pausado']),
    );
    for (const t of MAIL_TEMPLATES) {
      expect(t.name.length).toBeGreaterThan(3);
      expect(t.description.length).toBeGreaterThan(10);
      expect(['membro', 'equipe']).toContain(t.audience);
    }
  });

  for (const t of MAIL_TEMPLATES) {
    it(`${t.key}: HTML and text render from the sample, complete and with absolute links`, async () => {
      const sample = t.preview(site);
      const r = await renderTemplate(t, sample, site);

      expect(r.html).toMatch(/<html[^>]*\blang="pt-BR"/);
      expect(r.html).toContain('<meta name="color-scheme" content="light dark"/>');
      expect(r.assunto.trim().length).toBeGreaterThan(5);
      expect(r.assunto).toMatch(PORTUGUESE);
      expect(r.preheader.trim().length).toBeGreaterThan(10);
      // The preheader is in the HTML (hidden), not in the text part.
      expect(r.html).toContain(r.preheader.replace(/&/g, '&amp;').slice(0, 40));
      expect(r.texto).not.toContain(r.preheader);
      for (const leak of LEAKS) {
        expect(r.html, `${leak} no HTML`).not.toContain(leak);
        expect(r.texto, `${leak} no texto`).not.toContain(leak);
        expect(r.assunto).not.toContain(leak);
        expect(r.preheader).not.toContain(leak);
      }

      const hrefs = [...r.html.matchAll(/\shref="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
      expect(hrefs.length).toBeGreaterThan(0);
      for (const href of hrefs) {
        const ok = href.startsWith(`${site.publicUrl}/`) || href.startsWith(`${site.storeUrl}/`) || href.startsWith('mailto:');
        expect(ok, `link não absoluto ao portal ou à loja: ${href}`).toBe(true);
      }
      for (const m of r.html.matchAll(/\ssrc="([^"]*)"/g)) expect(m[1]!.startsWith(`${site.publicUrl}/`), m[1]).toBe(true);

      const main = t.mainLink(sample, site);
      expect(hrefs).toContain(main);
      expect(r.texto).toContain(main);
      // A link in the text ends where the URL ends (no punctuation glued to it).
      expect(r.texto).toMatch(new RegExp(`${main.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`));
      expect(r.texto.trim().length).toBeGreaterThan(80);
    });
  }

  it('the launch alert writes the opening in São Paulo time and carries the consent note', async () => {
    const t = MAIL_TEMPLATES.find((x) => x.key === 'alerta-lancamento')!;
    const sample = { ...t.preview(site), opensAt: '2026-12-01T03:00:00.000Z' };
    const r = await renderTemplate(t, sample, site);
    // 03:00 UTC is midnight in São Paulo (UTC-3, no daylight saving since 2019).
    expect(r.texto).toContain('terça-feira, 1 de dezembro de 2026, às 00:00 (horário de Brasília)');
    expect(r.texto).toContain(sample.accessCode);
    expect(r.texto).toContain('até 2 unidades');
    expect(r.texto).toContain(sample.calendarLink);
    expect(r.html).toContain(`href="${sample.calendarLink}"`);
    expect(r.texto).toContain('aceitou receber e-mails da Legião');
    expect(r.texto).toContain(`${site.publicUrl}/editar-perfil`);
    const one = await renderTemplate(t, { ...sample, units: 1 }, site);
    expect(one.texto).toContain('até 1 unidade ');
  });

  it('names and values are escaped in the HTML', async () => {
    const t = MAIL_TEMPLATES.find((x) => x.key === 'ativacao')!;
    const r = await renderTemplate(t, { ...t.preview(site), name: '<b>Ana</b> & Cia' }, site);
    expect(r.html).toContain('&lt;b&gt;Ana&lt;/b&gt;');
    expect(r.html).not.toContain('<b>Ana</b>');
    expect(r.texto).toContain('Olá, <b>Ana</b>!');
  });

  it('rendering cost per e-mail (printed)', async () => {
    const t = MAIL_TEMPLATES.find((x) => x.key === 'alerta-lancamento')!;
    const sample = t.preview(site);
    await renderTemplate(t, sample, site);
    const n = 100;
    const started = performance.now();
    for (let i = 0; i < n; i++) await renderTemplate(t, sample, site);
    const ms = (performance.now() - started) / n;
    console.log(`alerta-lancamento: ${ms.toFixed(2)} ms por e-mail (HTML + texto), média de ${n}`);
    expect(ms).toBeLessThan(500);
  });
});
