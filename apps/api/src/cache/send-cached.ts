import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SharedAnswer } from './content-cache.js';

/**
 * Answers a shared answer as it was serialised at load time, with its ETag: 304 and no body when
 * the browser already has it. `no-cache` = may keep it, must ask again (members see changes at once).
 */
export function sendShared(request: FastifyRequest, reply: FastifyReply, answer: SharedAnswer<unknown>, visibility: 'public' | 'private') {
  reply.header('etag', answer.etag).header('cache-control', `${visibility}, no-cache`);
  if (matches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.json);
}

/** If-None-Match lists one or more tags (weak or strong: for GET a weak comparison is enough). */
export function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header === etag || header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}
