import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@legiao/contracts';
import { IMAGES_MSG, imageSchema, imageUploadQuerySchema, imagesQuerySchema, imagesResponseSchema } from '@legiao/contracts/admin/images';
import { AppError, badRequest } from '../../../errors/app-error.js';
import { createImageStorage } from '../uploads-config.js';
import { listImages, uploadImage } from './imagens.service.js';
import type { ImageStorage } from './storage.js';

// Images in the back office (docs/decisions/0028-code-pools-and-images.md): upload (content.write,
// audited 'imagem.enviar') and the picker's list (content.read). The files themselves are public
// (imagens-public.routes.ts, outside /api).

const tags = ['admin'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** One store per app (the admin routes write to it, the public route reads from it). */
const stores = new WeakMap<object, ImageStorage>();
export function imageStorageOf(app: { ctx: { config: Parameters<typeof createImageStorage>[0] } }): ImageStorage {
  let s = stores.get(app.ctx);
  if (!s) stores.set(app.ctx, (s = createImageStorage(app.ctx.config)));
  return s;
}

export const imagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { prisma, config } = app.ctx;
  const max = config.uploads.imageMaxBytes;
  const storage = imageStorageOf(app);
  await app.register(multipart, { limits: { files: 1, fields: 0, parts: 2, fileSize: max } });

  app.get(
    '/admin/imagens',
    { onRequest: [app.requirePermission('content.read')], schema: { tags, summary: 'Imagens enviadas (mais novas primeiro), por uso', ...secured, querystring: imagesQuerySchema, response: { 200: imagesResponseSchema, ...errors } } },
    async (request) => listImages(prisma, request.query),
  );

  app.post(
    '/admin/imagens',
    {
      onRequest: [app.requirePermission('content.write')],
      schema: {
        tags,
        summary: 'Envia uma imagem (multipart, campo arquivo; JPEG, PNG, WebP ou AVIF, conferido pelo conteúdo): gera os tamanhos do uso em AVIF, WebP e JPEG/PNG',
        ...secured,
        consumes: ['multipart/form-data'],
        querystring: imageUploadQuerySchema,
        response: { 200: imageSchema, 201: imageSchema, ...errors, 413: errorResponseSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest(IMAGES_MSG.arquivoObrigatorio, 'ARQUIVO_OBRIGATORIO');
      const part = await request.file();
      if (!part) throw badRequest(IMAGES_MSG.arquivoObrigatorio, 'ARQUIVO_OBRIGATORIO');
      let body: Buffer;
      try {
        body = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('TOO_LARGE', IMAGES_MSG.arquivoGrande(max), 'ARQUIVO_GRANDE');
        throw err;
      }
      if (body.length === 0) throw badRequest(IMAGES_MSG.arquivoVazio, 'ARQUIVO_VAZIO');
      const { imagem: image, nova: newOne } = await uploadImage(prisma, storage, { body, fileName: part.filename, use: request.query.uso }, { id: request.staff.id, requestId: request.id });
      return reply.status(newOne ? 201 : 200).send(image);
    },
  );
};
