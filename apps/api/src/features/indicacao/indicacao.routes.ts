import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, referralCodeSchema, referralSummarySchema } from '@legiao/contracts';
import { referralCode, referralSummary } from './indicacao.service.js';

// Referrals (spec 000 sections 2, 7; spec 001 section 2.18). Rules: docs/decisions/0009-economy.md.

const tags = ['indicacao'];
const secured = { security: [{ bearer: [] }] };
const errors = { 401: errorResponseSchema, 403: errorResponseSchema };

export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/indicacao/codigo',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        ...secured,
        summary: 'O link de indicação do membro',
        description: 'url = PUBLIC_URL + /?r=<hash do membro>; a página inicial guarda ?r= e o cadastro o envia como hashIndicacao. Colaboradores: 403.',
        response: { 200: referralCodeSchema, ...errors },
      },
    },
    async (request) => referralCode(app, request.usuario),
  );

  app.get(
    '/indicacao',
    {
      onRequest: [app.authenticate],
      config: { saldo: true },
      schema: {
        tags,
        ...secured,
        summary: 'Resumo das indicações: confirmados, pendentes, saldo, e-mails por aba',
        description:
          'Uma indicação fica pendente no cadastro com hashIndicacao e é confirmada quando o indicado ativa a conta e tem uma compra verificada; ' +
          'cada confirmada vale valorIndicacao pontos, creditados uma vez. Colaboradores: 403.',
        response: { 200: referralSummarySchema, ...errors },
      },
    },
    async (request) => referralSummary(app, request.usuario, request.saldo),
  );
};

export default referralRoutes;
