import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MSG, type ErrorResponse } from '@legiao/contracts';
import { AppError } from './app-error.js';

const body = (message: string, code?: string): ErrorResponse => ({ errors: [{ message, ...(code ? { code } : {}) }] });

/** The one place errors become HTTP answers: always `{ errors: [{ message, code? }] }`. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(body(error.message, error.reason ?? error.code));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Unique messages in field order: the first is what the web app shows.
      const messages = [...new Set(error.validation.map((v) => v.message))];
      return reply.status(400).send({ errors: messages.map((message) => ({ message, code: 'VALIDATION' })) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(body(MSG.fallback, 'INTERNAL'));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(body(MSG.muitasTentativas, 'RATE_LIMITED'));
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, body too large): never leak
      // their English text, but keep the status.
      request.log.info({ err: error }, 'client error');
      return reply.status(status).send(body(MSG.fallback, error.code ?? 'BAD_REQUEST'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body(MSG.fallback, 'INTERNAL'));
  });
}
