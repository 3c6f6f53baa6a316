import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  consentReportResultSchema,
  consentReportSchema,
  MEMBER_DATA_MSG,
  memberDataSchema,
  memberSyncPageSchema,
  memberSyncQuerySchema,
} from '@legiao/contracts/integracao/membros';
import { reportConsent } from './consentimentos.service.js';
import { described, INTEGRATION_PREFIX, integrationDoc, integrationErrors } from './integracao.routes.js';
import { getMemberData, syncMembers } from './membros-dados.service.js';

// The brand's CRM (issue 30; docs/decisions/0045-crm-personal-data.md): a member's personal data by
// id and the sync list (scope membros:dados, granted apart from membros:ler), and the consents the
// CRM reports back (scope consentimentos:escrever). Each answer with personal data is recorded in
// the member's read log (leitura_dados_integracao), which their data export lists.

/**
 * A malformed id is "not found" (it names no member; ADR 0045): the service answers 404 for an id
 * that is no uuid. Only an id longer than any uuid could be is a malformed request (400).
 */
const idParams = z.object({ id: z.string().max(64, MEMBER_DATA_MSG.membroNaoEncontrado).describe('O id do membro (uuid; o membroId dos eventos).') });


const gone = described(`O membro excluiu a conta: nenhum dado é respondido; apague o que você guarda dele ("${MEMBER_DATA_MSG.membroExcluido}").`);
const unknown = described(`Não há membro com esse id (ou o id não é um uuid, ou o cadastro nunca foi ativado) ("${MEMBER_DATA_MSG.membroNaoEncontrado}").`);

export const memberDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const { prisma } = app.ctx;

  app.get(
    `${INTEGRATION_PREFIX}/membros/sincronizacao`,
    {
      onRequest: [app.requireClientScope('membros:dados')],
      schema: {
        ...integrationDoc,
        summary: 'Sincroniza a base do CRM: os membros, em páginas, e depois só o que mudou (escopo membros:dados)',
        description:
          'Sem cursor, começa do início: chame de novo com o proximoCursor de cada resposta enquanto temMais for true. No fim, guarde o proximoCursor e chame mais tarde com ele: vêm só os membros que mudaram desde então (nada se perde nem se repete fora de uma mudança nova, mesmo com cadastros acontecendo durante a carga). Só contas já ativadas; uma conta excluída vem como { id, excluido: true, excluidoEm } com os dados pessoais null: apague-a no CRM. alteradosDesde filtra por data da última mudança. Dados pessoais (LGPD): cada membro respondido fica registrado nos dados que ele pode baixar.',
        querystring: memberSyncQuerySchema,
        response: {
          200: described('Uma página de membros, o cursor para continuar e se há mais agora.', memberSyncPageSchema),
          400: described(`Cursor alterado ou inválido ("${MEMBER_DATA_MSG.cursorInvalido}"), limite fora de 1 a 1000 ou data inválida.`),
          ...integrationErrors,
        },
      },
    },
    // A page of 1,000 is background work like an order batch: while members are served it waits its
    // turn, INTEGRATION_SYNC_YIELD_FACTOR (8) times as long as the page before took (ADR 0041
    // "Members first"; 2, the orders' factor, left the home 0.81 of its throughput: bench/crm-sync.mjs).
    async (request) => app.orderGate.run(() => syncMembers(prisma, request.apiClient, request.query), app.ctx.config.integrationSyncYieldFactor),
  );

  app.get(
    `${INTEGRATION_PREFIX}/membros/:id`,
    {
      onRequest: [app.requireClientScope('membros:dados')],
      schema: {
        ...integrationDoc,
        summary: 'Os dados de um membro pelo id, o membroId dos eventos (escopo membros:dados)',
        description:
          'Responde id, email, nome, tipo, ativo, celular (só se o membro consentiu SMS ou WhatsApp), consentimentos (cada canal: concedido e quando mudou), saldo, colecao (produtos verificados e números de legionário) e atualizadoEm. Dados pessoais (LGPD): cada consulta fica registrada nos dados que o membro pode baixar.',
        params: idParams,
        response: {
          200: described('Os dados do membro.', memberDataSchema),
          404: unknown,
          410: gone,
          ...integrationErrors,
        },
      },
    },
    async (request) => getMemberData(prisma, request.apiClient, request.params.id),
  );

  app.post(
    `${INTEGRATION_PREFIX}/membros/:id/consentimentos`,
    {
      onRequest: [app.requireClientScope('consentimentos:escrever')],
      schema: {
        ...integrationDoc,
        summary: 'Informa um descadastro ou consentimento feito no CRM (escopo consentimentos:escrever)',
        description:
          'canal (email, sms ou whatsapp), concedido (false: o membro se descadastrou) e em (quando aconteceu no CRM, ISO 8601 com fuso; até 5 minutos no futuro). Só é aplicado se em for mais recente que a última mudança desse canal no histórico do membro: um aviso mais antigo, ou repetido, não muda nada e responde aplicado: false com o motivo. Aplicado, o membro vê a mudança no histórico do perfil como "Integração: <nome desta integração>", e o evento membro.atualizado é enviado.',
        params: idParams,
        body: consentReportSchema,
        response: {
          200: described('Se o consentimento mudou agora (aplicado) e como o canal ficou.', consentReportResultSchema),
          400: described(`Corpo inválido: canal, concedido ou em ausentes ou errados, ou em no futuro ("${MEMBER_DATA_MSG.emNoFuturo}").`),
          404: unknown,
          410: gone,
          ...integrationErrors,
        },
      },
    },
    async (request) => reportConsent(prisma, request.apiClient, request.params.id, request.body),
  );
};

export default memberDataRoutes;
