import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@legiao/contracts';
import {
  bannerOrdemInputSchema,
  bannerIdParamsSchema as idParamsSchema,
  bannerPreviaQuerySchema,
  bannerPreviaSchema,
  bannerPrincipalAdminSchema,
  bannerPrincipalInputSchema,
  bannersAdminSchema,
  bannerSiteAdminSchema,
  bannerSiteInputSchema,
} from '@legiao/contracts/admin/banners';
import { z } from 'zod';
import type { Prisma } from '../../../generated/prisma/client.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  criarPrincipal,
  criarSite,
  editarPrincipal,
  editarSite,
  listarBannersAdmin,
  ordenar,
  previaBanners,
  removerPrincipal,
  removerSite,
  toPrincipalAdmin,
  toSiteAdmin,
} from './banners.service.js';

// /api/admin/banners (issue 16 item 4; ADR 0029). Reads: content.read; writes: content.write, each
// audited in the write's transaction. /principais: the hero images; /site: the site banners.

const tags = ['admin'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
type Tx = Prisma.TransactionClient;
type PrincipalIn = z.output<typeof bannerPrincipalInputSchema>;
type SiteIn = z.output<typeof bannerSiteInputSchema>;

export const bannersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { prisma } = app.ctx;
  const ler = app.requirePermission('content.read');
  const escrever = app.requirePermission('content.write');

  app.get('/admin/banners', { onRequest: ler, schema: { tags, ...secured, summary: 'Banners principais e do site, na ordem da home', response: { 200: bannersAdminSchema, ...errors } } }, async () =>
    listarBannersAdmin(prisma),
  );

  app.get(
    '/admin/banners/previa',
    {
      onRequest: ler,
      schema: {
        tags,
        ...secured,
        summary: 'O que um membro (tipo, cidade) veria num momento',
        description: 'As mesmas funções de GET /banner e GET /bannersite/ativos, com o tipo, a cidade e a data escolhidos.',
        querystring: bannerPreviaQuerySchema,
        response: { 200: bannerPreviaSchema, ...errors },
      },
    },
    async (request) => previaBanners(prisma, { tipo: request.query.tipo, cidade: request.query.cidade }, request.query.data ? new Date(request.query.data) : new Date()),
  );

  // The two tables share the same five calls; each gets its own paths and body schema (OpenAPI shows both).
  const tipos = [
    { tipo: 'principal', caminho: 'principais', input: bannerPrincipalInputSchema, saida: bannerPrincipalAdminSchema, nome: 'banner principal' },
    { tipo: 'site', caminho: 'site', input: bannerSiteInputSchema, saida: bannerSiteAdminSchema, nome: 'banner do site' },
  ] as const;
  for (const t of tipos) {
    const entity = t.tipo === 'principal' ? 'banner' : 'banner_site';
    const criar = (tx: Tx, body: unknown) => (t.tipo === 'principal' ? criarPrincipal(tx, body as PrincipalIn).then(toPrincipalAdmin) : criarSite(tx, body as SiteIn).then(toSiteAdmin));
    const editar = async (tx: Tx, id: number, body: unknown) =>
      t.tipo === 'principal' ? mapa(await editarPrincipal(tx, id, body as PrincipalIn), toPrincipalAdmin) : mapa(await editarSite(tx, id, body as SiteIn), toSiteAdmin);
    const remover = async (tx: Tx, id: number) => (t.tipo === 'principal' ? toPrincipalAdmin(await removerPrincipal(tx, id)) : toSiteAdmin(await removerSite(tx, id)));

    app.post(
      `/admin/banners/${t.caminho}`,
      { onRequest: escrever, schema: { tags, ...secured, summary: `Cria um ${t.nome}, no fim da ordem`, body: t.input, response: { 201: t.saida, ...errors } } },
      async (request, reply) => {
        const criado = await prisma.$transaction(async (tx) => {
          const b = await criar(tx, request.body);
          await recordAudit(tx, { actorId: request.staff.id, action: 'banner.criar', entity, entityId: b.id, before: null, after: b, requestId: request.id });
          return b;
        });
        return reply.status(201).send(criado);
      },
    );

    app.put(
      `/admin/banners/${t.caminho}/:id`,
      { onRequest: escrever, schema: { tags, ...secured, summary: `Altera um ${t.nome} (todos os campos)`, params: idParamsSchema, body: t.input, response: { 200: t.saida, 404: errorResponseSchema, ...errors } } },
      async (request) =>
        prisma.$transaction(async (tx) => {
          const r = await editar(tx, request.params.id, request.body);
          await recordAudit(tx, { actorId: request.staff.id, action: 'banner.editar', entity, entityId: request.params.id, before: r.antes, after: r.depois, requestId: request.id });
          return r.depois;
        }),
    );

    app.delete(
      `/admin/banners/${t.caminho}/:id`,
      { onRequest: escrever, schema: { tags, ...secured, summary: `Remove um ${t.nome}`, params: idParamsSchema, response: { 204: z.null(), 404: errorResponseSchema, ...errors } } },
      async (request, reply) => {
        await prisma.$transaction(async (tx) => {
          const antes = await remover(tx, request.params.id);
          await recordAudit(tx, { actorId: request.staff.id, action: 'banner.remover', entity, entityId: request.params.id, before: antes, after: null, requestId: request.id });
        });
        return reply.status(204).send(null);
      },
    );

    app.put(
      `/admin/banners/${t.caminho}-ordem`,
      { onRequest: escrever, schema: { tags, ...secured, summary: `Nova ordem de alguns ${t.nome}s (trocam entre si os lugares que ocupavam)`, body: bannerOrdemInputSchema, response: { 200: bannersAdminSchema, 404: errorResponseSchema, ...errors } } },
      async (request) => {
        await prisma.$transaction(async (tx) => {
          const r = await ordenar(tx, entity, request.body.ids);
          await recordAudit(tx, { actorId: request.staff.id, action: 'banner.ordenar', entity, entityId: null, before: { ordem: r.antes }, after: { ordem: r.depois }, requestId: request.id });
        });
        return listarBannersAdmin(prisma);
      },
    );
  }
};

const mapa = <R, T>(r: { antes: R; depois: R }, f: (x: R) => T) => ({ antes: f(r.antes), depois: f(r.depois) });
