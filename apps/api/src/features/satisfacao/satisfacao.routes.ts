import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@legiao/contracts';
import { satisfactionErrorResponseSchema, satisfactionStateSchema, satisfactionInputSchema, satisfactionQuerySchema } from '@legiao/contracts/satisfacao';
import { poolOf } from '../../db/prisma.js';
import { deleteSatisfaction, loadSatisfactionDefinition, SatisfactionErrors, satisfactionState, answerSatisfaction } from './satisfacao.service.js';

// The public satisfaction survey (spec 001 sections 2.17, 4, 5, 7). No login: the hash is the key.
// docs/decisions/0014-pesquisas.md

const tags = ['satisfacao'];
const descriptionState =
  'pagina: a próxima etapa a responder (1-5). faseEncerrada: nada a responder (concluída, hash desconhecido ou fase encerrada). ' +
  "concluida: o membro respondeu as 5 etapas (tela de agradecimento, com cupom); faseEncerrada sem concluida = 'Pesquisa encerrada'. " +
  'Cada opção diz se oferece texto (complemento), se o texto é obrigatório (exigeComplemento) e o rótulo da caixa (textoComplemento).';

export const satisfactionRoutes: FastifyPluginAsyncZod = async (app) => {
  const pool = poolOf(app.ctx.prisma);
  // The survey's questions are staff content: in memory until changed (ADR 0019).
  const definition = app.cache.define('satisfacao', ['pesquisa', 'pesquisa_pergunta', 'pesquisa_pergunta_resposta'], () => loadSatisfactionDefinition(app.ctx.prisma));

  app.get(
    '/satisfacao',
    {
      schema: {
        tags,
        summary: 'Pesquisa de satisfação: estado e perguntas da etapa atual do hash',
        description: `${descriptionState} Hash inválido ou desconhecido: 200 com faseEncerrada true.`,
        querystring: satisfactionQuerySchema,
        response: { 200: satisfactionStateSchema, 400: errorResponseSchema },
      },
    },
    async (request) => satisfactionState(pool, await definition(), request.query.hash),
  );

  app.post(
    '/satisfacao',
    {
      schema: {
        tags,
        summary: 'Responde a etapa atual (todas as perguntas dela) e devolve o próximo estado',
        description:
          `${descriptionState} As regras da seção 5 são as de validarPaginaSatisfacao (packages/contracts/src/satisfacao.ts). ` +
          "400: { errors: [{ message, idPesquisaPergunta? }] } ('Obrigatório responder todas as perguntas.' sem id; as demais por pergunta). " +
          '404: hash desconhecido. 409: etapa já respondida, pesquisa concluída ou fase encerrada. Após a etapa 5 o membro recebe um cupom único (PESQ-XXXX-XXXX).',
        body: satisfactionInputSchema,
        response: { 200: satisfactionStateSchema, 400: satisfactionErrorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 503: errorResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        return await answerSatisfaction(app.ctx.prisma, request.body);
      } catch (err) {
        if (err instanceof SatisfactionErrors) return reply.status(400).send({ errors: err.items });
        throw err;
      }
    },
  );

  app.delete(
    '/satisfacao',
    {
      schema: {
        tags,
        summary: 'Apaga as respostas do hash (pesquisa não concluída) e devolve o estado: recomeça da etapa 1',
        description: `${descriptionState} 404: hash desconhecido. 409: pesquisa já concluída ou fase encerrada.`,
        querystring: satisfactionQuerySchema,
        response: { 200: satisfactionStateSchema, 400: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 503: errorResponseSchema },
      },
    },
    async (request) => deleteSatisfaction(app.ctx.prisma, request.query.hash),
  );
};

export default satisfactionRoutes;
