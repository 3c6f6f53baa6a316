import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

// Which requests leave a log line. Fastify's default writes two lines per request (received,
// completed): under a launch-day load that logging and its socket writes were a fifth of the
// API's CPU. We log a request when it fails (4xx, 5xx) or is slower than LOG_SLOW_MS, with what an
// operator needs to find it (request id, route, status, time); successes that were fast leave no
// line. Errors themselves are logged by the error handler. docs/decisions/0017-api-speed.md
//
// The same call counts every request for the metrics (`onCompleted`, issue 15): Fastify already
// makes it once per request, so counting adds no hook to the request path.
export class RequestLog extends LogController {
  constructor(
    private readonly slowMs: number,
    private readonly onCompleted?: (request: FastifyRequest, reply: FastifyReply) => void,
  ) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    this.onCompleted?.(request, reply);
    const ms = reply.elapsedTime;
    if (!error && reply.statusCode < 400 && ms < this.slowMs) return;
    const line = { method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: Math.round(ms) };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, ms >= this.slowMs ? 'slow request' : 'request completed');
  }
}
