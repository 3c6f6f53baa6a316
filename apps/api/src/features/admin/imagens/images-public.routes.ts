import type { FastifyPluginAsync } from 'fastify';
import { MSG } from '@legiao/contracts';
import { imageStorageOf } from './imagens.routes.js';
import { CONTENT_TYPES, IMAGE_KEY } from './storage.js';

/** GET /imagens/<name>: the stored files, public, cached for a year (names change with content). */
const imagesPublicRoutes: FastifyPluginAsync = async (app) => {
  const storage = imageStorageOf(app);
  app.get<{ Params: { arquivo: string } }>('/imagens/:arquivo', { schema: { hide: true } }, async (request, reply) => {
    const key = request.params.arquivo;
    const obj = IMAGE_KEY.test(key) ? await storage.open(key) : null;
    if (!obj) {
      // A store members read directly (S3): send them there.
      if (IMAGE_KEY.test(key) && storage.kind !== 'disk') return reply.redirect(storage.url(key), 301);
      return reply.status(404).send({ errors: [{ message: MSG.naoEncontrado, code: 'NOT_FOUND' }] });
    }
    return reply
      .header('content-type', CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)]!)
      .header('content-length', obj.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(obj.stream);
  });
};

export default imagesPublicRoutes;
