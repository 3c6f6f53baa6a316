import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { buildTestApp } from './support/app.js';
import { S3ImageStorage, signV4 } from '../src/features/admin/imagens/storage-s3.js';

// The S3-compatible image store (docs/decisions/0028-code-pools-and-images.md): the request signing
// checked against AWS's published Signature Version 4 example, and the PUT it sends.

const KEY = 'AKIAIOSFODNN7EXAMPLE';
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';

describe('AWS Signature Version 4', () => {
  it("matches AWS's example (GET /test.txt with a Range header, S3 docs 'Signature Calculations for the Authorization Header')", () => {
    const auth = signV4({
      method: 'GET',
      path: '/test.txt',
      headers: { Host: 'examplebucket.s3.amazonaws.com', Range: 'bytes=0-9', 'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', 'x-amz-date': '20130524T000000Z' },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      region: 'us-east-1',
      service: 's3',
      accessKeyId: KEY,
      secretAccessKey: SECRET,
      amzDate: '20130524T000000Z',
    });
    expect(auth).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('PUTs the object path-style with its type, a year of cache, the body hash and a signature over them', async () => {
    const sent: { url: string; init: RequestInit }[] = [];
    const fake = (async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return new Response('', { status: 200 });
    }) as unknown as typeof fetch;
    const store = new S3ImageStorage({ endpoint: 'http://minio.local:9000', region: 'sa-east-1', bucket: 'legiao-imagens', accessKeyId: KEY, secretAccessKey: SECRET, publicUrl: 'https://cdn.legiao.dev/img/', fetch: fake, now: () => new Date('2026-11-25T12:00:00.000Z') });
    await store.put('0123456789abcdef-640x360.webp', Buffer.from('abc'), 'image/webp');
    expect(sent).toHaveLength(1);
    const { url, init } = sent[0]!;
    expect(url).toBe('http://minio.local:9000/legiao-imagens/0123456789abcdef-640x360.webp');
    const h = init.headers as Record<string, string>;
    expect(h).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-amz-content-sha256': 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
      'x-amz-date': '20261125T120000Z',
    });
    expect(h.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE\/20261125\/sa-east-1\/s3\/aws4_request,SignedHeaders=cache-control;content-type;host;x-amz-content-sha256;x-amz-date,Signature=[0-9a-f]{64}$/);
    expect(store.url('0123456789abcdef-640x360.webp')).toBe('https://cdn.legiao.dev/img/0123456789abcdef-640x360.webp');

    const failing = new S3ImageStorage({ endpoint: 'http://minio.local:9000', region: 'us-east-1', bucket: 'b', accessKeyId: KEY, secretAccessKey: SECRET, publicUrl: 'https://cdn', fetch: (async () => new Response('<Error>SignatureDoesNotMatch</Error>', { status: 403 })) as unknown as typeof fetch });
    await expect(failing.put('0123456789abcdef-640x360.webp', Buffer.from('abc'), 'image/webp')).rejects.toThrow(/403/);
  });
});

describe('IMAGES_STORAGE=s3', () => {
  it('refuses to boot without the bucket settings, naming each one', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', IMAGES_STORAGE: 's3', S3_BUCKET: 'b' })).toThrow(/S3_ENDPOINT[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY[\s\S]*IMAGES_PUBLIC_URL/);
  });

  it('sends /imagens/<name> to the public address (members load from the bucket or CDN)', async () => {
    const t = await buildTestApp({
      env: { IMAGES_STORAGE: 's3', S3_ENDPOINT: 'http://127.0.0.1:9', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: KEY, S3_SECRET_ACCESS_KEY: SECRET, IMAGES_PUBLIC_URL: 'https://cdn.legiao.dev/img' },
    });
    try {
      const r = await t.app.inject({ method: 'GET', url: '/imagens/0123456789abcdef-640x360.webp' });
      expect(r.statusCode).toBe(301);
      expect(r.headers.location).toBe('https://cdn.legiao.dev/img/0123456789abcdef-640x360.webp');
      expect((await t.app.inject({ method: 'GET', url: '/imagens/nao-e-imagem.txt' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
