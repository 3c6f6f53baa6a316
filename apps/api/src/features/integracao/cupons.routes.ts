import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { markUsedBodySchema, markUsedResponseSchema } from '@legiao/contracts';
import { markCouponsUsed } from '../beneficio/cupons.service.js';
import { described, integrationDoc, integrationErrors } from './integracao.routes.js';

// Coupon usage for machines (docs/decisions/0041-store-integration.md): the store's checkout reports
// the codes used, with a key holding cupons:usar. The same service as the back office's
// POST /api/beneficio/cupom/uso, which keeps working with an administrator's session.

export const couponUsageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/integracao/v1/cupons/uso',
    {
      onRequest: [app.requireClientScope('cupons:usar')],
      schema: {
        ...integrationDoc,
        summary: 'Informa cupons usados no caixa ou no site',
        description:
          'Marca como usados os códigos entregues a membros (resgates e Friends & Family), com a data de uso (agora, sem dataUso). Um código já marcado mantém a primeira data; os desconhecidos, ou ainda não entregues a ninguém, voltam em naoEncontrados. Repetir a chamada é seguro.',
        body: markUsedBodySchema,
        response: { 200: described('Quantos códigos foram marcados agora e quais não foram encontrados.', markUsedResponseSchema), 400: described('Lista de códigos inválida (de 1 a 1.000 códigos).'), ...integrationErrors },
      },
    },
    async (request) => markCouponsUsed(app.ctx.prisma, request.body.codigos, request.body.dataUso ? new Date(request.body.dataUso) : undefined),
  );
};

export default couponUsageRoutes;
