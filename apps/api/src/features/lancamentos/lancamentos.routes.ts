import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@legiao/contracts';
import { LAUNCH_MSG, launchCalendarQuerySchema, launchSlugParamsSchema, memberLaunchListSchema } from '@legiao/contracts/lancamentos';
import { poolOf, type SqlPool } from '../../db/prisma.js';
import { AppError, unauthenticated } from '../../errors/app-error.js';
import { markGuard } from '../../plugins/auth.js';
import { verifyCalendarToken } from './calendar-link.js';
import type { LaunchRow } from './lancamentos.service.js';
import { openingIcs } from './ics.js';
import { memberLaunches, memberView, publishedLaunch } from './lancamentos.service.js';
import { saoPauloText } from './time.js';
import { launchAccessSchema } from '@legiao/contracts/lancamentos-acesso';
import { openAccess } from './launch-access.js';
import { launchAlertRequestSchema, launchAlertStateSchema } from '@legiao/contracts/lancamentos-aviso';
import { askAlert, cancelAlert } from './alert-request.js';

// The member's launches (issue 31 item 2; docs/decisions/0047-launches.md): what each launch means
// for this member, and the opening as a calendar event.

const tags = ['lancamentos'];
const secured = { security: [{ bearer: [] }] };
/** The session, or none (`{}`): the .ics also opens with the alert's signed link (`?t=`). */
const securedOrSignedLink = { security: [{ bearer: [] }, {}] as Record<string, string[]>[] };

/** A launch published under this slug, or null. */
async function publishedOrNull(pool: SqlPool, slug: string): Promise<LaunchRow | null> {
  try {
    return await publishedLaunch(pool, slug);
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
    throw err;
  }
}

/** A member the signed link may still act for: the account active, neither blocked nor erased. */
async function memberInGoodStanding(pool: SqlPool, memberId: string): Promise<boolean> {
  const { rowCount } = await pool.query({
    name: 'agenda-link-membro',
    text: 'SELECT 1 FROM usuario WHERE id = $1 AND ativo AND bloqueado_em IS NULL AND excluido_em IS NULL',
    values: [memberId],
  });
  return (rowCount ?? 0) > 0;
}

export const launchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { prisma, config } = app.ctx;
  const pool = poolOf(prisma);
  const context = () => ({ now: new Date(), foundersUntil: config.foundersUntil });

  // The .ics's guard (first onRequest hook, before validation, as every guard): the member's session as
  // everywhere, or, with no Authorization header, the launch alert's signed link (calendar-link.ts):
  // valid, unexpired, signed for the launch this slug names, its member in good standing. The member
  // and launch it found are kept for the handler.
  const signedLinks = new WeakMap<FastifyRequest, { launch: LaunchRow; memberId: string }>();
  const sessionOrSignedLink = markGuard('authenticateOrCalendarLink', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = (request.query as { t?: unknown } | undefined)?.t;
    if (request.headers.authorization !== undefined || token === undefined) return app.authenticate(request, reply);
    const refused = () => unauthenticated(LAUNCH_MSG.linkAgendaInvalido);
    const slug = (request.params as { slug?: unknown }).slug;
    if (typeof token !== 'string' || typeof slug !== 'string' || slug.length > 80) throw refused();
    const launch = await publishedOrNull(pool, slug);
    const memberId = launch ? verifyCalendarToken(config.jwtSecret, token, launch.id) : null;
    if (!launch || !memberId || !(await memberInGoodStanding(pool, memberId))) throw refused();
    signedLinks.set(request, { launch, memberId });
  });

  app.get(
    '/lancamentos',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        ...secured,
        summary: 'Os lançamentos publicados que ainda não abriram ao público, como este membro os vê',
        description:
          'Para cada um: elegivel e os motivos (cada condição da regra, atendida ou não, com a dica do que falta), abreEm (o início do acesso antecipado para quem é elegível, senão a data pública), emJanela e, durante a janela para um membro elegível, o acesso pessoal (código, link da loja e cota restante). Datas em ISO 8601 no horário de São Paulo.',
        response: { 200: memberLaunchListSchema, 401: errorResponseSchema },
      },
    },
    async (request) => memberLaunches(pool, request.usuario.id, context(), config.storeUrl, (shown) => app.launchViews.record(request.usuario.id, shown)),
  );

  app.post(
    '/lancamentos/:slug/acesso',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        ...secured,
        summary: 'Abre o acesso antecipado pessoal: registra o primeiro uso e responde o link da loja',
        description:
          'Só para um membro elegível durante a janela (senão 403). O cliente web leva o membro ao link respondido. A primeira vez conta como "acessaram" no painel do lançamento.',
        params: launchSlugParamsSchema,
        response: { 200: launchAccessSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => openAccess(pool, request.params.slug, request.usuario.id, context(), config.storeUrl),
  );

  app.post(
    '/lancamentos/:slug/aviso',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        ...secured,
        summary: '"Avise-me": pede o aviso por e-mail quando o acesso antecipado deste membro abrir',
        description:
          'Só antes da abertura (409 AVISO_JA_ABRIU depois) e para um membro elegível agora (403 AVISO_SEM_ACESSO). O aviso é um e-mail de marketing: sem o consentimento de e-mail, o pedido deve trazer consentirEmail: true (registrado no histórico de consentimentos, origem "lancamento"), senão 409 CONSENTIMENTO_EMAIL. Pedir de novo não muda nada. Os avisos saem em ondas na abertura (ADR 0049).',
        params: launchSlugParamsSchema,
        body: launchAlertRequestSchema,
        response: { 200: launchAlertStateSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => askAlert(prisma, pool, request.params.slug, request.usuario.id, request.body ?? {}, context(), { ip: request.ip, userAgent: request.headers['user-agent'] }),
  );

  app.delete(
    '/lancamentos/:slug/aviso',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        ...secured,
        summary: '"Avise-me": cancela o pedido de aviso (enquanto o e-mail não saiu)',
        description: 'Cancelar o que não foi pedido, ou um aviso já enviado, não muda nada. O consentimento de e-mail fica como está (muda-se em Meu perfil).',
        params: launchSlugParamsSchema,
        response: { 200: launchAlertStateSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => cancelAlert(pool, request.params.slug, request.usuario.id),
  );

  app.get(
    '/lancamentos/:slug/agenda.ics',
    {
      onRequest: [sessionOrSignedLink],
      schema: {
        tags,
        ...securedOrSignedLink,
        summary: 'A abertura do lançamento para este membro, como evento de agenda (.ics, America/Sao_Paulo)',
        description:
          'Com a sessão do membro (Bearer) ou, sem ela, com o link assinado do e-mail de aviso (?t=): por membro e por lançamento, vale até a data pública. Um link inválido, de outro lançamento ou expirado: 401 (entre no portal para adicionar à agenda).',
        params: launchSlugParamsSchema,
        querystring: launchCalendarQuerySchema,
        response: { 200: z.string().describe('text/calendar'), 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const signed = signedLinks.get(request);
      const launch = signed?.launch ?? (await publishedLaunch(pool, request.params.slug));
      const memberId = signed?.memberId ?? request.usuario.id;
      const now = new Date();
      const view = await memberView(pool, launch, memberId, { now, foundersUntil: config.foundersUntil }, { storeUrl: config.storeUrl, createAccess: false });
      const start = view.elegivel ? launch.acesso_inicio : launch.data_publica;
      const ics = openingIcs({
        uid: `lancamento-${launch.id}-${view.elegivel ? 'antecipado' : 'publico'}@legiao`,
        start,
        now,
        summary: view.elegivel ? `Acesso antecipado: ${launch.nome}` : `Lançamento: ${launch.nome}`,
        description: view.elegivel
          ? `Seu acesso antecipado abre em ${saoPauloText(start)} (horário de Brasília) e vai até ${saoPauloText(launch.acesso_fim)}. Cota: ${launch.cota_por_membro} unidade(s).`
          : `${launch.nome} chega à loja em ${saoPauloText(start)} (horário de Brasília).`,
        url: `${config.publicUrl}/home`,
      });
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${launch.slug}.ics"`)
        .header('cache-control', 'private, no-store')
        .send(ics);
    },
  );
};

export default launchRoutes;
