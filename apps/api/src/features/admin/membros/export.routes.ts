import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@legiao/contracts';
import { MEMBER_EXPORT_COLUMNS, memberExportQuerySchema } from '@legiao/contracts/admin/membros';
import { startMemberExport } from './export.service.js';

// The members' CSV (ADR 0045, "The back office's CSV export"): members.export (administrators
// only), audited, streamed.

const tags = ['admin'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

const csvDescription = `CSV separado por ";" (UTF-8 com BOM, linhas CRLF), uma linha por membro, nesta ordem: ${MEMBER_EXPORT_COLUMNS.join(';')}. Booleanos "sim"/"não", datas ISO 8601 em UTC; um texto que começa com = + - @ vem precedido de ' (para a planilha não o executar como fórmula).`;

export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const exportMembers = app.requirePermission('members.export');

  app.get(
    '/admin/membros/exportacao.csv',
    {
      onRequest: exportMembers,
      schema: {
        tags,
        ...secured,
        summary: 'Exporta em CSV os membros que a busca encontra (sem busca: todos os não anonimizados), enviado aos poucos; a exportação fica na auditoria',
        description:
          'Os mesmos filtros da busca (busca e tipo, com as mesmas mensagens de erro), sem paginação. Dados pessoais (LGPD): só os campos que o CRM recebe (id, e-mail, nome, tipo, ativo, consentimentos, saldo, produtos da coleção) e as datas de cadastro e ativação; nada de CPF, celular ou endereço. Só administradores.',
        querystring: memberExportQuerySchema,
        response: { 200: { description: csvDescription, content: { 'text/csv': { schema: z.string() } } }, ...errors },
      },
    },
    async (request, reply) => {
      const exported = await startMemberExport(app, request.query, { staffId: request.staff.id, requestId: request.id }, (err) =>
        request.log.warn({ err }, 'membros: exportação interrompida'),
      );
      const day = new Date().toISOString().slice(0, 10);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="membros-${day}.csv"`)
        .header('cache-control', 'no-store');
      // A stream is piped as it is (Fastify never serialises one); the schema documents it for OpenAPI.
      return reply.send(exported.csv as never);
    },
  );
};
