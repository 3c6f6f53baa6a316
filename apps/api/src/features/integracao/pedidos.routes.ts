import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { IDEMPOTENT_REPLAYED_HEADER } from '@legiao/contracts';
import { INTEGRATION_MAX_ORDERS } from '@legiao/contracts/integracao/constants';
import {
  idempotencyHeadersSchema,
  orderBatchResponseSchema,
  orderBatchSchema,
  orderConflictResponseSchema,
  orderEnvelopeSchema,
  orderParamsSchema,
  orderStatusSchema,
  ORDERS_MSG,
} from '@legiao/contracts/integracao/pedidos';
import { poolOf } from '../../db/prisma.js';
import { errorBody } from '../../errors/error-handler.js';
import { validatorCompiler } from '../../lib/validator.js';
import { described, integrationDoc, integrationErrors } from './integracao.routes.js';
import { bodyDigest, runCall } from './pedidos.idempotency.js';
import { orderStatus, receiveOrders, type OrdersAnswer } from './pedidos.service.js';

// The store's orders (docs/decisions/0041-store-integration.md), for the store's own servers with a
// key from Integrações (scope pedidos:enviar). Versioned under /integracao/v1: the store's code
// outlives our releases.

const errors = { ...integrationErrors, 503: described('O banco de dados está fora do ar: nada foi feito, ou a chamada pode ser repetida com segurança (Retry-After diz quando).') };

/**
 * The document shows the orders' schema (what a generated client sends); the server checks only the
 * envelope here (400 as a whole) and each order alone in the service, so one bad order is refused
 * without refusing the call. No control-character guard on the envelope either: an order holding one
 * is refused alone (pedidos.validation.ts). Everything but the body goes through the usual compiler.
 */
const envelopeOnly: FastifySchemaCompiler<z.ZodType> = (route) => {
  if (route.httpPart !== 'body') return validatorCompiler(route);
  const validate = zodValidatorCompiler({ ...route, schema: orderEnvelopeSchema });
  // No body at all reads as {}: "send the list" rather than a type error.
  return (data: unknown) => validate(data ?? {});
};

const DESCRIPTION = `Envia de 1 a ${INTEGRATION_MAX_ORDERS} pedidos da loja (pagos ou cancelados) e responde o que aconteceu com cada um, na ordem enviada:

- **aplicado**: as compras verificadas, os números da Legião e os pontos já são do membro;
- **pendente**: ninguém tem conta ativa com esse e-mail ou CPF; o pedido é aplicado inteiro quando a pessoa ativar a conta;
- **recebido**: o mesmo pedido já tinha chegado (uma nova tentativa): nada mudou;
- **cancelado**: o pedido está cancelado; se já tinha sido aplicado, os pontos foram estornados e a compra saiu da coleção do membro (os números da Legião ficam aposentados);
- **conflito**: este número de pedido já chegou com outro conteúdo (\`erros\` diz quais campos diferem); um pedido pago depois de cancelado também é conflito;
- **recusado**: o pedido tem erros (\`erros\`, campo a campo, em português) e não foi guardado.

Um pedido inválido não impede os outros. Enviar de novo a mesma chamada (depois de um timeout, por exemplo) é seguro: cada pedido vale uma vez pelo seu número. Com o cabeçalho \`Idempotency-Key\`, a nova tentativa recebe a resposta guardada da primeira (por 24 horas). Para cancelar ou estornar, envie o mesmo pedido com \`estado: "cancelado"\`.

Quando a chamada tem um único pedido e ele é um conflito, a resposta é 409.

**Lançamentos (acesso antecipado).** Um pedido pago com SKUs de um lançamento publicado, feito na janela de acesso antecipado dele, usa a cota de quem comprou, e a resposta do pedido traz \`lancamentos\`: \`na-cota\` (as unidades foram contadas), \`acima-da-cota\` (passariam da cota: nenhuma foi contada; o pedido conta inteiro ou não conta) ou \`sem-direito\` (quem comprou não tem acesso antecipado nesse momento). O pedido é aplicado nos três casos (já foi cobrado): os dois últimos são avisos para a loja, que pode conferir antes de cobrar com GET /lancamentos/{slug}/direito. O momento do pedido é a data e hora de \`data\` quando ela vem com hora e fuso (ISO 8601), senão o momento em que o portal recebe o pedido. Cada pedido usa a cota uma vez pelo seu número; um cancelamento devolve as unidades contadas.`;

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const pool = poolOf(app.ctx.prisma);

  app.post(
    '/integracao/v1/pedidos',
    {
      onRequest: [app.requireClientScope('pedidos:enviar')],
      // A full call (1,000 orders of many items) is well over the API's default limit.
      bodyLimit: 8 * 1024 * 1024,
      validatorCompiler: envelopeOnly as never,
      schema: {
        ...integrationDoc,
        summary: 'Envia pedidos da loja (até 1.000 por chamada)',
        description: DESCRIPTION,
        headers: idempotencyHeadersSchema,
        body: orderBatchSchema,
        response: {
          200: described('O que aconteceu com cada pedido, na ordem enviada.', orderBatchResponseSchema),
          400: described(`O corpo não é um objeto com a lista "pedidos" de 1 a ${INTEGRATION_MAX_ORDERS} itens (nada foi feito), ou a Idempotency-Key é inválida.`),
          ...errors,
          409: described('A chamada tinha um único pedido e ele é um conflito (pedidos diz quais campos diferem), ou outra chamada com a mesma Idempotency-Key ainda está em andamento.', orderConflictResponseSchema),
          413: described('O corpo passou de 8 MB.'),
          422: described('Esta Idempotency-Key já foi usada com outro corpo.'),
        },
      },
    },
    async (request, reply) => {
      const { pedidos } = request.body as unknown as { pedidos: unknown[] };
      const key = request.headers['idempotency-key'];
      // Behind the gate: one batch at a time, yielding to the members (order-gate.ts).
      const outcome = await app.orderGate.run(() =>
        runCall<OrdersAnswer['body']>(pool, { clientId: request.apiClient.id, key, digest: bodyDigest(request.body) }, (client) =>
          receiveOrders(client, pool, request.apiClient, pedidos, request.log, { foundersUntil: app.ctx.config.foundersUntil }),
        ),
      );
      if (outcome.kind === 'outro-corpo') return reply.status(422).send(errorBody(ORDERS_MSG.chaveOutroCorpo, 'IDEMPOTENCY_KEY_REUSADA'));
      if (outcome.kind === 'em-andamento') return reply.status(409).send(errorBody(ORDERS_MSG.chaveEmAndamento, 'IDEMPOTENCY_KEY_EM_ANDAMENTO'));
      if (outcome.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return reply.status(outcome.status).send(outcome.body);
    },
  );

  app.get(
    '/integracao/v1/pedidos/:pedido',
    {
      onRequest: [app.requireClientScope('pedidos:enviar')],
      schema: {
        ...integrationDoc,
        summary: 'Consulta um pedido enviado',
        description: 'Onde está um pedido recebido por esta API: aplicado (do membro), pendente (aguardando o cadastro de quem comprou) ou cancelado, com as datas e os itens. 404 se o número não chegou por esta API.',
        params: orderParamsSchema,
        response: { 200: described('O pedido.', orderStatusSchema), 400: described('Número de pedido inválido.'), ...errors, 404: described(`"${ORDERS_MSG.naoEncontrado}"`) },
      },
    },
    async (request) => orderStatus(app.ctx.prisma, request.params.pedido),
  );
};

export default orderRoutes;
