import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@legiao/contracts';
import { launchSlugParamsSchema, memberLaunchListSchema } from '@legiao/contracts/lancamentos';
import { poolOf } from '../../db/prisma.js';
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

export const launchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { prisma, config } = app.ctx;
  const pool = poolOf(prisma);
  const context = () => ({ now: new Date(), foundersUntil: config.foundersUntil });

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
      onRequest: [app.authenticate],
      schema: {
        tags,
        ...secured,
        summary: 'A abertura do lançamento para este membro, como evento de agenda (.ics, America/Sao_Paulo)',
        params: launchSlugParamsSchema,
        response: { 200: z.string().describe('text/calendar'), 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const launch = await publishedLaunch(pool, request.params.slug);
      const now = new Date();
      const view = await memberView(pool, launch, request.usuario.id, { now, foundersUntil: config.foundersUntil }, { storeUrl: config.storeUrl, createAccess: false });
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
