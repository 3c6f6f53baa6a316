import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { AddressRefused, guardedLookup, isPublicAddress } from './address-guard.js';

// One HTTP POST of a delivery. Redirects are not followed (a 3xx is an answer like any other that is
// not 2xx: retried). The whole exchange, connection to the end of the body, is bounded by the
// timeout. Only the first KB of the answer is kept (the delivery log shows it); the rest is drained.

export interface SendResult {
  /** The HTTP status, or null when there was no answer (refused, timed out, connection error). */
  status: number | null;
  /** The first KB of the answer's body. */
  body: string | null;
  /** Why there was no answer (Portuguese, shown in the delivery log). */
  error: string | null;
}

const KEEP_BYTES = 1024;
const USER_AGENT = 'Legiao-Webhooks/1 (+https://www.standardwebhooks.com)';

export class WebhookSender {
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;

  constructor(private readonly opts: { timeoutMs: number; allowPrivate: boolean }) {
    const lookup = guardedLookup(opts.allowPrivate);
    this.httpAgent = new http.Agent({ keepAlive: true, maxSockets: 64, lookup });
    this.httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 64, lookup });
  }

  async post(url: string, headers: Record<string, string>, body: string): Promise<SendResult> {
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    if (!secure && !this.opts.allowPrivate) return { status: null, body: null, error: 'Só entregamos a URLs https://.' };
    const host = target.hostname.replace(/^\[|\]$/g, '');
    // An address written in the URL is connected to without a lookup: judged here.
    if (isIP(host) && !this.opts.allowPrivate && !isPublicAddress(host)) {
      return { status: null, body: null, error: `O endereço ${host} é da rede interna: entrega recusada.` };
    }
    return new Promise<SendResult>((resolve) => {
      let settled = false;
      const done = (r: SendResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(r);
      };
      const request = (secure ? https : http).request(
        target,
        {
          method: 'POST',
          agent: secure ? this.httpsAgent : this.httpAgent,
          headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': USER_AGENT },
        },
        (res) => {
          const chunks: Buffer[] = [];
          let kept = 0;
          res.on('data', (chunk: Buffer) => {
            if (kept < KEEP_BYTES) {
              chunks.push(chunk.subarray(0, KEEP_BYTES - kept));
              kept += Math.min(chunk.length, KEEP_BYTES - kept);
            }
          });
          res.on('end', () => done({ status: res.statusCode ?? null, body: Buffer.concat(chunks).toString('utf8'), error: null }));
          res.on('error', () => done({ status: res.statusCode ?? null, body: Buffer.concat(chunks).toString('utf8'), error: null }));
        },
      );
      const timer = setTimeout(() => {
        request.destroy();
        done({ status: null, body: null, error: `Sem resposta em ${Math.round(this.opts.timeoutMs / 1000)} s.` });
      }, this.opts.timeoutMs);
      request.on('error', (err: NodeJS.ErrnoException) => done({ status: null, body: null, error: describe(err) }));
      request.end(body);
    });
  }

  close() {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}

function describe(err: NodeJS.ErrnoException): string {
  if (err instanceof AddressRefused) return err.message;
  switch (err.code) {
    case 'ECONNREFUSED':
      return 'Conexão recusada pelo endpoint.';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'O nome do endpoint não resolve (DNS).';
    case 'ECONNRESET':
      return 'O endpoint fechou a conexão antes de responder.';
    case 'CERT_HAS_EXPIRED':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return `Certificado TLS do endpoint recusado (${err.code}).`;
    default:
      return `Falha de conexão (${err.code ?? err.message}).`;
  }
}
