import { randomUUID } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG } from '@legiao/contracts';
import { IMAGES_MSG, imageSchema, imagesResponseSchema } from '@legiao/contracts/admin/images';
import { buildTestApp, type TestApp } from './support/app.js';
import { expectError } from './support/factories.js';
import { multipartFile } from './support/multipart.js';
import { createStaffByRole } from './support/staff.js';

// Images in the back office (docs/decisions/0028-code-pools-and-images.md): type checked by the
// bytes, resized to the use's sizes in AVIF/WebP/JPEG (PNG with transparency), content-hashed names
// served for a year, permissions per role.

const dir = `/tmp/bob-imagens-test-${randomUUID().slice(0, 8)}`;
let t: TestApp;
let s: Awaited<ReturnType<typeof createStaffByRole>>;
beforeAll(async () => {
  t = await buildTestApp({ env: { IMAGES_DIR: dir, IMAGES_MAX_BYTES: String(2 * 1024 * 1024) } });
  s = await createStaffByRole(t);
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** A picture with random pixels in one corner, so each call is a different file. */
async function picture(width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'gif' | 'avif', alpha = false) {
  const base = sharp({ create: { width, height, channels: alpha ? 4 : 3, background: alpha ? { r: 200, g: 30, b: 30, alpha: 0.5 } : { r: 30, g: 90, b: 160 } } });
  const noise = await sharp(Buffer.from(Array.from({ length: 16 * 16 * 3 }, () => Math.floor(Math.random() * 256))), { raw: { width: 16, height: 16, channels: 3 } }).png().toBuffer();
  return base.composite([{ input: noise, top: 0, left: 0 }])[format]().toBuffer();
}

type H = Record<string, string>;
const upload = (who: H | undefined, body: Buffer | string, use = 'beneficio', name = 'foto.jpg', type = 'image/jpeg') => {
  const m = multipartFile(body, name, type);
  return t.app.inject({ method: 'POST', url: `/api/admin/imagens?uso=${use}`, headers: { ...(who ?? {}), ...m.headers }, payload: m.payload });
};

describe('uploading an image', () => {
  it('makes every size of the use in AVIF, WebP and JPEG under content-hashed names, served for a year', async () => {
    const r = await upload(s.marketing.headers, await picture(1280, 720, 'jpeg'), 'beneficio', 'cupom.jpeg');
    expect(r.statusCode, r.body).toBe(201);
    const img = imageSchema.parse(r.json());
    expect(img).toMatchObject({ uso: 'beneficio', arquivo: 'cupom.jpeg', formatoOriginal: 'jpeg', largura: 1280, altura: 720 });
    expect(img.url).toMatch(/^\/imagens\/[0-9a-f]{16}-640x360\.jpg$/);
    expect(img.variantes.map((v) => `${v.largura}x${v.altura}.${v.formato}`)).toEqual(['640x360.avif', '640x360.webp', '640x360.jpeg', '320x180.avif', '320x180.webp', '320x180.jpeg']);
    expect((await readdir(dir)).filter((f) => !f.startsWith('.')).length).toBe(6);

    for (const v of img.variantes) {
      const f = await t.app.inject({ method: 'GET', url: v.url });
      expect(f.statusCode, v.url).toBe(200);
      expect(f.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(f.headers['content-type']).toBe(`image/${v.formato}`);
      // What was stored is what it says: the right format and size, by its bytes.
      const meta = await sharp(f.rawPayload).metadata();
      expect([meta.format === 'heif' ? 'avif' : meta.format, meta.width, meta.height]).toEqual([v.formato, v.largura, v.altura]);
      expect(f.rawPayload.length).toBe(v.bytes);
    }
    expect((await t.app.inject({ method: 'GET', url: img.url.replace(/[0-9a-f]{16}/, '0000000000000000') })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/imagens/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);

    // Audited with the person and what was stored.
    const a = await t.prisma.auditEntry.findFirst({ where: { action: 'imagem.enviar', entityId: img.id } });
    expect(a).toMatchObject({ actorId: s.marketing.id, entity: 'imagem', before: null, after: { url: img.url } });

  });

  it('the same bytes uploaded twice answer the stored image (200), not a copy', async () => {
    const bytes = await picture(800, 800, 'webp');
    const first = await upload(s.admin.headers, bytes, 'produto', 'caneca.webp');
    expect(first.statusCode, first.body).toBe(201);
    const second = await upload(s.admin.headers, bytes, 'produto', 'outro-nome.png');
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    expect(first.json().variantes.map((v: { largura: number }) => v.largura)).toEqual([320, 320, 320, 160, 160, 160]);
  });

  it('keeps transparency: PNG fallback for a picture with alpha; GIF and AVIF are read too', async () => {
    const r = await upload(s.admin.headers, await picture(1600, 600, 'png', true), 'banner-desktop', 'banner.png', 'image/png');
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().url).toMatch(/-1600x600\.png$/);
    expect((await upload(s.admin.headers, await picture(750, 900, 'gif'), 'banner-mobile', 'a.gif')).statusCode).toBe(201);
    const avif = await upload(s.admin.headers, await picture(640, 360, 'avif'), 'beneficio', 'a.avif');
    expect(avif.statusCode, avif.body).toBe(201);
    expect(avif.json().formatoOriginal).toBe('avif');
  });
});

describe('bad input: the bytes decide, not the name', () => {
  it('refuses SVG, text named .jpg, an empty file, a file over the limit, a picture too small, an unknown use, a JSON body', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360"><rect width="640" height="360" fill="red"/></svg>';
    expectError(await upload(s.admin.headers, svg, 'beneficio', 'foto.jpg', 'image/jpeg'), 400, IMAGES_MSG.svg);
    expectError(await upload(s.admin.headers, svg, 'beneficio', 'foto.svg', 'image/svg+xml'), 400, IMAGES_MSG.svg);
    expectError(await upload(s.admin.headers, 'isto não é uma imagem', 'beneficio', 'foto.png', 'image/png'), 400, IMAGES_MSG.formato);
    expectError(await upload(s.admin.headers, Buffer.from('%PDF-1.4\n%âãÏÓ\n'), 'beneficio', 'foto.jpg'), 400, IMAGES_MSG.formato);
    expectError(await upload(s.admin.headers, Buffer.alloc(0)), 400, IMAGES_MSG.arquivoVazio);
    // Over 2 MB (this file's limit): a PNG of random pixels barely compresses.
    const noisy = await sharp(Buffer.from(Array.from({ length: 1000 * 1000 * 3 }, () => Math.floor(Math.random() * 256))), { raw: { width: 1000, height: 1000, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(noisy.length).toBeGreaterThan(2 * 1024 * 1024);
    expectError(await upload(s.admin.headers, noisy, 'beneficio', 'grande.png'), 413, IMAGES_MSG.arquivoGrande(2 * 1024 * 1024));
    expectError(await upload(s.admin.headers, await picture(200, 100, 'jpeg'), 'beneficio'), 400, IMAGES_MSG.pequena(320, 180));
    expectError(await upload(s.admin.headers, await picture(640, 360, 'jpeg'), 'capa'), 400, IMAGES_MSG.usoInvalido);
    expectError(await t.app.inject({ method: 'POST', url: '/api/admin/imagens?uso=beneficio', headers: s.admin.headers, payload: { url: 'x' } }), 400, IMAGES_MSG.arquivoObrigatorio);
    expect((await readdir(dir).catch(() => [])).some((f) => f.endsWith('.tmp'))).toBe(false);
  });
});

describe('who may do what', () => {
  it.each([
    ['admin', 201],
    ['marketing', 201],
    ['atendimento', 403],
    ['operacao', 403],
    ['membro', 403],
  ] as const)('%s uploading: %i', async (role, status) => {
    const r = await upload(s[role].headers, await picture(640, 360, 'jpeg'));
    expect(r.statusCode, r.body).toBe(status);
    if (status === 403) expectError(r, 403, ADMIN_MSG.semPermissao);
  });

  it('every role lists the images (the picker); a member gets 403 and no session 401', async () => {
    for (const role of ['admin', 'marketing', 'atendimento', 'operacao'] as const) {
      const r = await t.app.inject({ method: 'GET', url: '/api/admin/imagens?uso=beneficio', headers: s[role].headers });
      expect(r.statusCode).toBe(200);
      const page = imagesResponseSchema.parse(r.json());
      expect(page.itens.every((i) => i.uso === 'beneficio')).toBe(true);
      expect(page.total).toBeGreaterThan(0);
    }
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/imagens', headers: s.membro.headers }), 403, ADMIN_MSG.semPermissao);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/imagens' })).statusCode).toBe(401);
    expect((await upload(undefined, await picture(640, 360, 'jpeg'))).statusCode).toBe(401);
  });
});
