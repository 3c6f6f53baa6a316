import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const linkify = (s: string) => escape(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/**
 * Development only (never registered in production): the last e-mails the portal wrote, so a
 * person running the zero-setup start without SMTP can still follow activation and reset links.
 */
export const devInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/dev/emails', { schema: { hide: true } }, async (_req, reply) => {
    const mails = await app.ctx.prisma.emailSaida.findMany({ orderBy: { criadoEm: 'desc' }, take: 50 });
    const items = mails
      .map((m) => `<article><h2>${escape(m.assunto)}</h2><p><b>Para:</b> ${escape(m.para)} · ${m.criadoEm.toLocaleString('pt-BR')} · ${m.status}</p><pre>${linkify(m.texto)}</pre></article>`)
      .join('<hr>');
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(`<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Caixa de entrada (dev)</title><style>body{font-family:sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem}pre{white-space:pre-wrap}</style><h1>Caixa de entrada de desenvolvimento</h1>${items || '<p>Nenhum e-mail ainda.</p>'}</html>`);
  });
};
