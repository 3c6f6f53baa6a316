import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  benefitIdParamsSchema,
  benefitSchema,
  benefitsResponseSchema,
  couponsResponseSchema,
  errorResponseSchema,
  IDEMPOTENCY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  markUsedBodySchema,
  markUsedResponseSchema,
  redemptionBodySchema,
  redemptionHeadersSchema,
  redemptionResponseSchema,
} from '@legiao/contracts';
import { poolOf } from '../../db/prisma.js';
import { loadDefinitions, listBenefits, listCoupons, getBenefit } from './beneficio.service.js';
import { markCouponsUsed } from './cupons.service.js';
import { redeemBenefit } from './redemption.service.js';

// Benefits and coupons (spec 000 sections 3-5, 7, 8). Shapes: packages/contracts/src/beneficio.ts;
// rules: docs/decisions/0009-economy.md.

const tags = ['beneficio'];
const secured = { security: [{ bearer: [] }] };

export const benefitRoutes: FastifyPluginAsyncZod = async (app) => {
  const pool = poolOf(app.ctx.prisma);
  // Benefit definitions and their days live in memory until staff change them (ADR 0019); what
  // moves with members (stock, redemptions, balance) is read per request.
  const definitions = app.cache.define('beneficio', ['beneficio', 'beneficio_opcao'], () => loadDefinitions(app.ctx.prisma));

  app.get(
    '/beneficio',
    {
      onRequest: [app.authenticate],
      config: { saldo: true },
      schema: {
        tags,
        ...secured,
        summary: 'Benefícios que o membro vê, com estado do card e se pode resgatar',
        description:
          'Só os benefícios do público do membro (legionário, lead, colaborador) e da sua cidade, ativos e não encerrados (um encerrado que o membro resgatou continua aparecendo). ' +
          'estado: esgotado | bloqueado | resgatavel | resgatado | utilizado; codigoBloqueio/motivoBloqueio dizem por que não pode resgatar. dias: opções do ingresso unificado, cada uma com seu estoque.',
        response: { 200: benefitsResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => listBenefits(pool, request.usuario, request.saldo, await definitions()),
  );

  app.get(
    '/beneficio/cupom',
    {
      onRequest: [app.authenticate],
      schema: { tags, ...secured, summary: 'Cupons que o membro resgatou, do mais recente para o mais antigo', response: { 200: couponsResponseSchema, 401: errorResponseSchema } },
    },
    async (request) => listCoupons(pool, request.usuario.id),
  );

  app.post(
    '/beneficio/resgate',
    {
      // The token only: the session is checked by the redemption's own statement (one round trip, ADR 0020).
      onRequest: [app.verifyToken],
      schema: {
        tags,
        ...secured,
        summary: 'Resgata um benefício: debita o saldo e entrega um código único, numa só transação',
        description:
          'Corpo { idBeneficio, idOpcao? (dia do evento), aceiteTermos? (false é recusado) }. Cabeçalho opcional Idempotency-Key (8 a 128 caracteres): ' +
          'repetir o pedido com a mesma chave devolve o mesmo resgate (mesmo status e corpo, com Idempotent-Replayed: true) em vez de resgatar de novo. ' +
          'Recusas: 403 PERFIL_INCOMPLETO / PERFIL_NAO_DEFINIDO; 404 benefício que o membro não vê; 409 EM_BREVE, ENCERRADO, ESGOTADO, OPCAO_ESGOTADA, JA_RESGATADO, ' +
          'LIMITE_RESGATES, SALDO_INSUFICIENTE, IDEMPOTENCIA_CONFLITO; 400 OPCAO_OBRIGATORIA, OPCAO_INVALIDA e corpo inválido; 503 TENTE_NOVAMENTE.',
        headers: redemptionHeadersSchema,
        body: redemptionBodySchema,
        response: {
          201: redemptionResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { idBeneficio: benefitId, idOpcao: optionId } = request.body;
      const idempotencyKey = request.headers[IDEMPOTENCY_HEADER];
      const who = { usuarioId: request.user.sub, sessionId: request.sessao.id };
      const { body, replay } = await redeemBenefit(app.ctx.prisma, who, { idBeneficio: benefitId, idOpcao: optionId, chaveIdempotencia: idempotencyKey });
      if (replay) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return reply.status(201).send(body);
    },
  );

  app.post(
    '/beneficio/cupom/uso',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags,
        ...secured,
        summary: 'Administradores: registra o uso de cupons na loja (usoCupom / dataUsoCupom)',
        body: markUsedBodySchema,
        response: { 200: markUsedResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => markCouponsUsed(app.ctx.prisma, request.body.codigos, request.body.dataUso ? new Date(request.body.dataUso) : undefined),
  );

  app.get(
    '/beneficio/:id',
    {
      onRequest: [app.authenticate],
      config: { saldo: true },
      schema: { tags, ...secured, summary: 'Um benefício (404 se o membro não o vê)', params: benefitIdParamsSchema, response: { 200: benefitSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema } },
    },
    async (request) => getBenefit(pool, request.usuario, request.saldo, await definitions(), request.params.id),
  );
};

export default benefitRoutes;
