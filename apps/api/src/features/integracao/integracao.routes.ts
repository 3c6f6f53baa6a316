import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@legiao/contracts';
import { INTEGRATION_MSG } from '@legiao/contracts/integracao/constants';
import { CONSULTAS_MSG, integrationMeSchema, memberLookupQuerySchema, memberStatusSchema } from '@legiao/contracts/integracao/consultas';
import { describeCaller } from './client-auth.js';
import { findMemberStatus } from './membros.service.js';

// The integration API's own calls (docs/decisions/0041-store-integration.md), under
// /api/integracao/v1: the store's servers call them with a key from Integrações
// (`Authorization: Bearer lgk_live_...`), never with a person's session. Every route's guard is
// app.requireClient or app.requireClientScope, first in onRequest (the auth plugin's boot check).

export const INTEGRATION_PREFIX = '/integracao/v1';
/** OpenAPI: the tag and security scheme a store's generated client goes by (app.ts declares the scheme). */
export const integrationDoc = { tags: ['integração'], security: [{ chaveIntegracao: [] }] };

/** An answer with the words a store's developer reads in /api/docs (the default is "Default Response"). */
export const described = <S>(description: string, schema: S = errorResponseSchema as S) => ({ description, content: { 'application/json': { schema } } });
/** The answers every integration call may give besides its own, worded for the store's developer. */
export const integrationErrors = {
  401: described(`Sem chave, chave malformada, revogada ou expirada, ou um token de sessão no lugar da chave ("${INTEGRATION_MSG.chaveInvalida}").`),
  403: described(`A chave é válida, mas a integração não tem a permissão (escopo) desta chamada ("${INTEGRATION_MSG.escopoAusente}").`),
  429: described(
    `A integração passou do seu limite de chamadas por minuto (somando todos os endereços dela): o cabeçalho Retry-After diz em quantos segundos chamar de novo ("${INTEGRATION_MSG.muitasChamadas}").`,
  ),
};

export const integrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { prisma } = app.ctx;

  app.get(
    `${INTEGRATION_PREFIX}/eu`,
    {
      onRequest: [app.requireClient],
      schema: {
        ...integrationDoc,
        summary: 'Qual integração é esta chave: nome, permissões, limite e validade',
        description:
          'A primeira chamada para conferir que a chave funciona: responde a integração a que a chave pertence, o que ela pode fazer (escopos), o limite por minuto e, se a chave foi substituída numa rotação, até quando ela ainda vale (chaveExpiraEm). Qualquer chave válida pode chamar, seja qual for o escopo.',
        response: { 200: described('A integração e a chave desta chamada.', integrationMeSchema), 401: integrationErrors[401], 429: integrationErrors[429] },
      },
    },
    async (request) => describeCaller(prisma, request.apiClient),
  );

  app.get(
    `${INTEGRATION_PREFIX}/membros`,
    {
      onRequest: [app.requireClientScope('membros:ler')],
      schema: {
        ...integrationDoc,
        summary: 'Se um e-mail ou CPF é de um membro (escopo membros:ler)',
        description:
          'Informe email ou cpf (só um deles). Responde apenas se há conta, se ela está ativa e o tipo (legionario, lead ou colaborador): nenhum outro dado da pessoa (LGPD). Um pedido enviado para quem ainda não tem conta ativa fica pendente e é aplicado quando a pessoa ativar a conta.',
        querystring: memberLookupQuerySchema,
        response: {
          200: described('A situação da conta com esse e-mail ou CPF (cadastrado: false quando não há).', memberStatusSchema),
          400: described(`E-mail ou CPF inválido, ou os dois (ou nenhum) informados ("${CONSULTAS_MSG.umCampo}").`),
          ...integrationErrors,
        },
      },
    },
    async (request) => findMemberStatus(prisma, request.query),
  );
};

export default integrationRoutes;
