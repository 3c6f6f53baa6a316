import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LAUNCH_MSG, launchSlugParamsSchema } from '@legiao/contracts/lancamentos';
import { entitlementQuerySchema, entitlementSchema } from '@legiao/contracts/integracao/lancamentos';
import { poolOf } from '../../db/prisma.js';
import { cachedLaunch } from '../lancamentos/launch-cache.js';
import { entitlement } from '../lancamentos/lancamentos.service.js';
import { described, INTEGRATION_PREFIX, integrationDoc, integrationErrors } from './integracao.routes.js';

// The store's entitlement check for a launch (issue 31 item 3; docs/decisions/0047-launches.md).

export const integrationLaunchRoutes: FastifyPluginAsyncZod = async (app) => {
  const pool = poolOf(app.ctx.prisma);
  const { config } = app.ctx;

  app.get(
    `${INTEGRATION_PREFIX}/lancamentos/:slug/direito`,
    {
      onRequest: [app.requireClientScope('lancamentos:consultar')],
      schema: {
        ...integrationDoc,
        summary: 'Se um e-mail, CPF ou código tem acesso antecipado a um lançamento agora, e quantas unidades restam (escopo lancamentos:consultar)',
        description:
          'Informe email ou cpf (só um deles), ou codigo (o código pessoal de acesso antecipado, LGA-XXXXXXXXXX), ou um código com o email ou o cpf de quem compra: então o código precisa ser dessa pessoa, senão elegivel é false. Pode vender no acesso antecipado quando elegivel && emJanela && cotaRestante > 0. A resposta não traz nenhum dado da pessoa (LGPD), nem de quem é um código. Datas em ISO 8601 no horário de São Paulo.',
        params: launchSlugParamsSchema,
        querystring: entitlementQuerySchema,
        response: {
          200: described('O direito dessa pessoa no lançamento agora.', entitlementSchema),
          400: described(`E-mail, CPF ou código inválido, ou nenhum deles ("${LAUNCH_MSG.consultaCampos}").`),
          404: described(`Não há lançamento publicado com esse slug ("${LAUNCH_MSG.naoEncontrado}").`),
          ...integrationErrors,
        },
      },
    },
    // The launch row from the per-process cache (launch-cache.ts: at most 5 s old for another process's edits).
    async (request) => entitlement(pool, request.params.slug, request.query, { now: new Date(), foundersUntil: config.foundersUntil }, await cachedLaunch(pool, request.params.slug)),
  );
};

export default integrationLaunchRoutes;
