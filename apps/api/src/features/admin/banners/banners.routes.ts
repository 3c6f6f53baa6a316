import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@legiao/contracts';
import {
  bannerOrderInputSchema,
  bannerIdParamsSchema as idParamsSchema,
  bannerPreviewQuerySchema,
  bannerPreviewSchema,
  mainBannerAdminSchema,
  mainBannerInputSchema,
  bannersAdminSchema,
  bannerSiteAdminSchema,
  bannerSiteInputSchema,
} from '@legiao/contracts/admin/banners';
import { z } from 'zod';
import type { Prisma } from '../../../generated/prisma/client.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  createMain,
  createSite,
  editMain,
  editSite,
  listBannersAdmin,
  sort,
  previewBanners,
  removeMain,
  removeSite,
  toMainAdmin,
  toSiteAdmin,
} from './banners.service.js';

// /api/admin/banners (issue 16 item 4; ADR 0029). Reads: content.read; writes: content.write, each
// audited in the write's transaction. /principais: the hero images; /site: the site banners.

const tags = ['admin'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
type Tx = Prisma.TransactionClient;
type MainIn = z.output<typeof mainBannerInputSchema>;
type SiteIn = z.output<typeof bannerSiteInputSchema>;

export const bannersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { prisma } = app.ctx;
  const read = app.requirePermission('content.read');
  const write = app.requirePermission('content.write');

  app.get('/admin/banners', { onRequest: read, schema: { tags, ...secured, summary: 'Banners principais e do site, na ordem da home', response: { 200: bannersAdminSchema, ...errors } } }, async () =>
    listBannersAdmin(prisma),
  );

  app.get(
    '/admin/banners/previa',
    {
      onRequest: read,
      schema: {
        tags,
        ...secured,
        summary: 'O que um membro (tipo, cidade) veria num momento',
        description: 'As mesmas funções de GET /banner e GET /bannersite/ativos, com o tipo, a cidade e a data escolhidos.',
        querystring: bannerPreviewQuerySchema,
        response: { 200: bannerPreviewSchema, ...errors },
      },
    },
    async (request) => previewBanners(prisma, { tipo: request.query.tipo, cidade: request.query.cidade }, request.query.data ? new Date(request.query.data) : new Date()),
  );

  // The two tables share the same five calls; each gets its own paths and body schema (OpenAPI shows both).
  const kinds = [
    { tipo: 'principal', path: 'principais', input: mainBannerInputSchema, exit: mainBannerAdminSchema, nome: 'banner principal' },
    { tipo: 'site', path: 'site', input: bannerSiteInputSchema, exit: bannerSiteAdminSchema, nome: 'banner do site' },
  ] as const;
  for (const t of kinds) {
    const entity = t.tipo === 'principal' ? 'banner' : 'banner_site';
    const create = (tx: Tx, body: unknown) => (t.tipo === 'principal' ? createMain(tx, body as MainIn).then(toMainAdmin) : createSite(tx, body as SiteIn).then(toSiteAdmin));
    const edit = async (tx: Tx, id: number, body: unknown) =>
      t.tipo === 'principal' ? map(await editMain(tx, id, body as MainIn), toMainAdmin) : map(await editSite(tx, id, body as SiteIn), toSiteAdmin);
    const remove = async (tx: Tx, id: number) => (t.tipo === 'principal' ? toMainAdmin(await removeMain(tx, id)) : toSiteAdmin(await removeSite(tx, id)));

    app.post(
      `/admin/banners/${t.path}`,
      { onRequest: write, schema: { tags, ...secured, summary: `Cria um ${t.nome}, no fim da ordem`, body: t.input, response: { 201: t.exit, ...errors } } },
      async (request, reply) => {
        const created = await prisma.$transaction(async (tx) => {
          const b = await create(tx, request.body);
          await recordAudit(tx, { actorId: request.staff.id, action: 'banner.criar', entity, entityId: b.id, before: null, after: b, requestId: request.id });
          return b;
        });
        return reply.status(201).send(created);
      },
    );

    app.put(
      `/admin/banners/${t.path}/:id`,
      { onRequest: write, schema: { tags, ...secured, summary: `Altera um ${t.nome} (todos os campos)`, params: idParamsSchema, body: t.input, response: { 200: t.exit, 404: errorResponseSchema, ...errors } } },
      async (request) =>
        prisma.$transaction(async (tx) => {
          const r = await edit(tx, request.params.id, request.body);
          await recordAudit(tx, { actorId: request.staff.id, action: 'banner.editar', entity, entityId: request.params.id, before: r.antes, after: r.depois, requestId: request.id });
          return r.depois;
        }),
    );

    app.delete(
      `/admin/banners/${t.path}/:id`,
      { onRequest: write, schema: { tags, ...secured, summary: `Remove um ${t.nome}`, params: idParamsSchema, response: { 204: z.null(), 404: errorResponseSchema, ...errors } } },
      async (request, reply) => {
        await prisma.$transaction(async (tx) => {
          const before = await remove(tx, request.params.id);
          await recordAudit(tx, { actorId: request.staff.id, action: 'banner.remover', entity, entityId: request.params.id, before: before, after: null, requestId: request.id });
        });
        return reply.status(204).send(null);
      },
    );

    app.put(
      `/admin/banners/${t.path}-ordem`,
      { onRequest: write, schema: { tags, ...secured, summary: `Nova ordem de alguns ${t.nome}s (trocam entre si os lugares que ocupavam)`, body: bannerOrderInputSchema, response: { 200: bannersAdminSchema, 404: errorResponseSchema, ...errors } } },
      async (request) => {
        await prisma.$transaction(async (tx) => {
          const r = await sort(tx, entity, request.body.ids);
          await recordAudit(tx, { actorId: request.staff.id, action: 'banner.ordenar', entity, entityId: null, before: { ordem: r.antes }, after: { ordem: r.depois }, requestId: request.id });
        });
        return listBannersAdmin(prisma);
      },
    );
  }
};

const map = <R, T>(r: { antes: R; depois: R }, f: (x: R) => T) => ({ antes: f(r.antes), depois: f(r.depois) });
