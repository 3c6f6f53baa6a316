import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@legiao/contracts';
import { surveyStateSchema, surveyAnswerInputSchema } from '@legiao/contracts/pesquisa';
import { personalisationState, answerPersonalisation } from './pesquisa.service.js';

// The personalisation survey (spec 001 sections 2.16, 3, 7). docs/decisions/0014-pesquisas.md

const tags = ['pesquisa'];
const secured = { security: [{ bearer: [] }] };
const descriptionState =
  'pergunta: a próxima pergunta sem resposta do membro. Quando não há mais nenhuma (pesquisa respondida, ou perfil já definido), ' +
  'responde { idPesquisa, pergunta: null, finalizada: true }. A pesquisa é respondida uma única vez.';

export const surveyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pesquisa',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        ...secured,
        summary: 'Pesquisa de personalização: a pergunta atual do membro',
        description: descriptionState,
        response: { 200: surveyStateSchema, 401: errorResponseSchema },
      },
    },
    async (request) => personalisationState(app.ctx.prisma, request.usuario),
  );

  app.post(
    '/pesquisa',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        ...secured,
        summary: 'Responde a pergunta atual e devolve a próxima (ou o fim da pesquisa)',
        description:
          `${descriptionState} Ao responder a última pergunta o perfil do membro é definido (maioria; empate: o perfil escolhido primeiro) ` +
          "e o lançamento 'Enriquecimento de Perfil' é creditado uma única vez, na mesma transação. " +
          '400: resposta que não é da pergunta, respostas demais, pergunta ou pesquisa inexistente. 409: pergunta que não é a atual, ou pesquisa já respondida.',
        body: surveyAnswerInputSchema,
        response: { 200: surveyStateSchema, 400: errorResponseSchema, 401: errorResponseSchema, 409: errorResponseSchema, 503: errorResponseSchema },
      },
    },
    async (request) => answerPersonalisation(app.ctx.prisma, request.usuario.id, request.body),
  );
};

export default surveyRoutes;
