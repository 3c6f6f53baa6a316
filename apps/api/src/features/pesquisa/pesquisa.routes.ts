import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@legiao/contracts';
import { pesquisaEstadoSchema, pesquisaRespostaInputSchema } from '@legiao/contracts/pesquisa';
import { estadoPersonalizacao, responderPersonalizacao } from './pesquisa.service.js';

// The personalisation survey (spec 001 sections 2.16, 3, 7). docs/decisions/0014-pesquisas.md

const tags = ['pesquisa'];
const secured = { security: [{ bearer: [] }] };
const estadoDescricao =
  'pergunta: a próxima pergunta sem resposta do membro. Quando não há mais nenhuma (pesquisa respondida, ou perfil já definido), ' +
  'responde { idPesquisa, pergunta: null, finalizada: true }. A pesquisa é respondida uma única vez.';

export const pesquisaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pesquisa',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        ...secured,
        summary: 'Pesquisa de personalização: a pergunta atual do membro',
        description: estadoDescricao,
        response: { 200: pesquisaEstadoSchema, 401: errorResponseSchema },
      },
    },
    async (request) => estadoPersonalizacao(app.ctx.prisma, request.usuario),
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
          `${estadoDescricao} Ao responder a última pergunta o perfil do membro é definido (maioria; empate: o perfil escolhido primeiro) ` +
          "e o lançamento 'Enriquecimento de Perfil' é creditado uma única vez, na mesma transação. " +
          '400: resposta que não é da pergunta, respostas demais, pergunta ou pesquisa inexistente. 409: pergunta que não é a atual, ou pesquisa já respondida.',
        body: pesquisaRespostaInputSchema,
        response: { 200: pesquisaEstadoSchema, 400: errorResponseSchema, 401: errorResponseSchema, 409: errorResponseSchema, 503: errorResponseSchema },
      },
    },
    async (request) => responderPersonalizacao(app.ctx.prisma, request.usuario.id, request.body),
  );
};

export default pesquisaRoutes;
