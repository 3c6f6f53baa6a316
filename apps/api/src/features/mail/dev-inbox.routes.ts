import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@legiao/contracts';
import { errorBody } from '../../errors/error-handler.js';
import { isLocalRequest } from '../../lib/safe-defaults.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const linkify = (s: string) => escape(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/**
 * The zero-setup start only (registered outside production and only without SMTP_URL): the last
 * e-mails the portal wrote, so a person running it on their machine can follow activation and reset
 * links. Those links take over accounts, so the page answers only callers on this same machine
 * (the socket's peer and, behind a trusted proxy, the client) and is a plain 404 to anyone else
 * (docs/decisions/0036-safe-defaults.md).
 */
export const devInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/dev/emails', { schema: { hide: true } }, async (request, reply) => {
    if (!isLocalRequest(request)) return reply.status(404).send(errorBody(MSG.naoEncontrado, 'NOT_FOUND'));
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
