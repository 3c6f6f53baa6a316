import { createHash, createHmac } from 'node:crypto';
import type { ImageStorage, StoredObject } from './storage.js';

// An S3-compatible store (AWS S3, MinIO, R2, Spaces...) over its REST API: only PUT Object, signed
// with AWS Signature Version 4 (the signing is tested against AWS's published example). Path-style
// addressing (`<endpoint>/<bucket>/<key>`), which every S3-compatible service accepts. Members load
// the pictures from `publicUrl` (the bucket's public address or a CDN in front of it); the API
// never serves them. Objects are written with a year's immutable Cache-Control.

export interface S3Options {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  publicUrl: string;
  /** For tests. */
  fetch?: typeof fetch;
  now?: () => Date;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding, as SigV4 wants it ('/' kept in paths). */
const encode = (s: string, keepSlash: boolean) =>
  encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(keepSlash ? /%2F/g : /$^/, '/');

export interface SignInput {
  method: string;
  /** The path, already as it goes on the wire (each segment encoded). */
  path: string;
  query?: string;
  /** Header names in any case; host and x-amz-date included. */
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  service: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** 'YYYYMMDDTHHMMSSZ' */
  amzDate: string;
}

/** The Authorization header of a request (AWS Signature Version 4, header-based). */
export function signV4(i: SignInput): string {
  const headers = Object.entries(i.headers)
    .map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signed = headers.map(([k]) => k).join(';');
  const canonical = [i.method, i.path, i.query ?? '', headers.map(([k, v]) => `${k}:${v}\n`).join(''), signed, i.payloadHash].join('\n');
  const day = i.amzDate.slice(0, 8);
  const scope = `${day}/${i.region}/${i.service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', i.amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${i.secretAccessKey}`, day), i.region), i.service), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${i.accessKeyId}/${scope},SignedHeaders=${signed},Signature=${signature}`;
}

export class S3ImageStorage implements ImageStorage {
  readonly kind = 's3' as const;
  private readonly fetch: typeof fetch;
  private readonly now: () => Date;

  constructor(private readonly o: S3Options) {
    this.fetch = o.fetch ?? fetch;
    this.now = o.now ?? (() => new Date());
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const url = new URL(this.o.endpoint);
    const path = `${url.pathname.replace(/\/$/, '')}/${encode(this.o.bucket, false)}/${encode(key, true)}`;
    const amzDate = this.now().toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    const payloadHash = sha256(body);
    const headers: Record<string, string> = {
      host: url.host,
      'content-type': contentType,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amzDate,
    };
    const authorization = signV4({ method: 'PUT', path, headers, payloadHash, region: this.o.region, service: 's3', accessKeyId: this.o.accessKeyId, secretAccessKey: this.o.secretAccessKey, amzDate });
    const { host: _host, ...sent } = headers;
    const res = await this.fetch(`${url.origin}${path}`, { method: 'PUT', headers: { ...sent, authorization }, body: new Uint8Array(body) });
    if (!res.ok) throw new Error(`S3 PUT ${key}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  }

  async open(): Promise<StoredObject | null> {
    return null;
  }

  url(key: string): string {
    return `${this.o.publicUrl.replace(/\/$/, '')}/${key}`;
  }
}
