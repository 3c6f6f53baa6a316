import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MSG, OPS_MSG, OPS_RETRY_CODES, REQUEST_MSG, type ErrorResponse } from '@legiao/contracts';
import { AppError } from './app-error.js';
import { recordRequestStatements, sentNothing } from '../db/request-statements.js';
import { classifyDatabaseFailure, OutageLog, type DatabaseFailure } from '../db/unavailable.js';

export const errorBody = (message: string, code?: string): ErrorResponse => ({ errors: [{ message, ...(code ? { code } : {}) }] });

/** The one place errors become HTTP answers: always `{ errors: [{ message, code? }] }`. */
export function registerErrorHandler(app: FastifyInstance) {
  // Which requests sent the database anything, for the answer when it goes away (below).
  recordRequestStatements(app);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // A dependency away ("nothing was done, try again"): say when, so clients retry by themselves (ADR 0037).
      if (error.status === 503 && (OPS_RETRY_CODES as readonly string[]).includes(error.reason ?? '') && !reply.hasHeader('retry-after')) reply.header('retry-after', String(app.ctx.config.overload.retryAfterS));
      return reply.status(error.status).send(errorBody(error.message, error.reason ?? error.code));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Unique messages in field order: the first is what the web app shows.
      const messages = [...new Set(error.validation.map((v) => v.message))];
      return reply.status(400).send({ errors: messages.map((message) => ({ message, code: 'VALIDATION' })) });
    }
    const databaseFailure = classifyDatabaseFailure(error);
    if (databaseFailure) return answerDatabaseFailure(request, reply, error, databaseFailure, app.ctx.config.database.retryAfterS);
    if (isUniqueViolation(error)) {
      // Two requests raced for one unique value (two duplications of one benefit at once, ...):
      // the state changed under the request, which is a conflict. Services map the ones they expect.
      request.log.warn({ err: error }, 'unique constraint violated');
      return reply.status(409).send(errorBody(REQUEST_MSG.alteracaoSimultanea, 'CONFLICT'));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(errorBody(MSG.fallback, 'INTERNAL'));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(errorBody(MSG.muitasTentativas, 'RATE_LIMITED'));
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, body too large): never leak
      // their English text, but keep the status.
      request.log.info({ err: error }, 'client error');
      return reply.status(status).send(errorBody(MSG.fallback, error.code ?? 'BAD_REQUEST'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody(MSG.fallback, 'INTERNAL'));
  });
}

const databaseOutageLog = new OutageLog('banco de dados indisponível: pedidos respondidos com 503');
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The database away is no internal error (docs/decisions/0038-database-outage.md): 503 with
 * Retry-After and a Portuguese "try again". BANCO_INDISPONIVEL says nothing was done (a safe method,
 * or no statement of this request could have reached the server), so the web app repeats any
 * method by itself; BANCO_INTERROMPIDO says it may have been done (a connection broke under it), so
 * only a GET or a call with an Idempotency-Key is repeated. Logged once per burst, without a stack.
 */
function answerDatabaseFailure(request: FastifyRequest, reply: FastifyReply, error: unknown, failure: DatabaseFailure, retryAfterS: number) {
  const nothingDone = SAFE_METHODS.has(request.method) || (failure === 'unreachable' && sentNothing(request));
  const [code, message] = nothingDone ? ['BANCO_INDISPONIVEL', OPS_MSG.bancoIndisponivel] : ['BANCO_INTERROMPIDO', OPS_MSG.bancoInterrompido];
  databaseOutageLog.report(request.log, error, { code, failure });
  return reply.status(503).header('retry-after', String(retryAfterS)).send(errorBody(message, code));
}

/** Prisma's unique-constraint error (P2002), or PostgreSQL's own (23505) from plain SQL on the pool. */
const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return (code === 'P2002' && (error as Error).name === 'PrismaClientKnownRequestError') || (code === '23505' && typeof (error as { constraint?: unknown }).constraint === 'string');
};

/**
 * A URL's query that doesn't decode (`?q=%ZZ`, a lone `%`, bytes that aren't UTF-8 such as `%FF` or an
 * encoded surrogate `%ED%A0%80`): Fastify's parser keeps such text as it came, so `%ZZ` reached the
 * routes as a literal value. The path already answers 400 (FST_ERR_BAD_URL); the query does now too.
 */
export function malformedQuery(url: string): boolean {
  const start = url.indexOf('?');
  if (start < 0 || !url.includes('%', start)) return false;
  for (const part of url.slice(start + 1).split('&')) {
    try {
      decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      return true;
    }
  }
  return false;
}

/**
 * Errors the router meets before any route or hook exists for the request (Fastify's
 * `frameworkErrors`): a URL that can't be decoded (`/api/cep/%ZZ`, a lone surrogate) or a path
 * parameter over `maxParamLength`. Fastify's default answer is English.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(414).send(errorBody(REQUEST_MSG.enderecoLongo, error.code));
  if (error.code === 'FST_ERR_BAD_URL') return reply.status(400).send(errorBody(REQUEST_MSG.enderecoInvalido, error.code));
  return reply.status(error.statusCode && error.statusCode >= 400 ? error.statusCode : 500).send(errorBody(MSG.fallback, error.code));
}

/**
 * CONNECT (a proxy tunnel) never reaches Fastify: Node emits it on the server, and without a
 * listener it drops the connection without an answer. This portal is no proxy: 405 in the error format.
 */
export function connectMethodHandler(_request: unknown, socket: Socket) {
  const payload = JSON.stringify(errorBody(REQUEST_MSG.metodoNaoPermitido, 'METHOD_NOT_ALLOWED'));
  if (socket.writable) {
    socket.write(`HTTP/1.1 405 Method Not Allowed\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(payload)}\r\nConnection: close\r\n\r\n${payload}`);
  }
  socket.destroy();
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers over maxHeaderSize: 431,
 * malformed request lines, timeouts). Only the raw socket exists here, so the answer is written by
 * hand, in the same JSON format, and the connection is closed as Node does.
 */
export function clientErrorHandler(err: { code?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', REQUEST_MSG.cabecalhosGrandes]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', REQUEST_MSG.tempoEsgotado]
        : err.code === 'HPE_URI_TOO_LONG'
          ? [414, 'URI Too Long', REQUEST_MSG.enderecoLongo]
          : [400, 'Bad Request', MSG.fallback];
  const payload = JSON.stringify(errorBody(message, 'CLIENT_ERROR'));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(payload)}\r\nConnection: close\r\n\r\n${payload}`,
    );
  }
  socket.destroy();
}
