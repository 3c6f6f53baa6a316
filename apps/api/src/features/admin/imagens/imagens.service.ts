import { createHash } from 'node:crypto';
import { IMAGES_MSG, type Image, type ImageUse, type ImageVariant, type ImagesResponse } from '@legiao/contracts/admin/images';
import type { Db } from '../../../db/prisma.js';
import { recordAudit } from '../audit/audit.service.js';
import { processImage } from './image-processing.js';
import type { ImageStorage } from './storage.js';

// Uploaded pictures (docs/decisions/0028-code-pools-and-images.md): processed once, stored under
// content-hashed names, recorded in `imagem`. The same file sent again for the same use answers the
// image already stored (nothing is processed or written twice).

export const PAGE_SIZE = 24;

export interface Actor {
  id: string;
  requestId: string;
}

type Row = {
  id: string;
  use: string;
  fileName: string;
  format: string;
  width: number;
  height: number;
  bytes: number;
  url: string;
  variants: unknown;
  createdAt: Date;
};

const toImage = (r: Row): Image => ({
  id: r.id,
  uso: r.use as ImageUse,
  arquivo: r.fileName,
  formatoOriginal: r.format,
  largura: r.width,
  altura: r.height,
  bytes: r.bytes,
  url: r.url,
  variantes: r.variants as ImageVariant[],
  criadoEm: r.createdAt.toISOString(),
});

export async function uploadImage(prisma: Db, storage: ImageStorage, input: { body: Buffer; fileName: string; use: ImageUse }, actor: Actor): Promise<{ imagem: Image; nova: boolean }> {
  // The same bytes for the same use were stored already: answer that image, encode nothing.
  const hash = createHash('sha256').update(input.body).digest('hex');
  const existing = await prisma.image.findUnique({ where: { hash_use: { hash, use: input.use } } });
  if (existing) return { imagem: toImage(existing), nova: false };
  const p = await processImage(input.body, input.use);
  // Files first: a row never names a file that isn't there (a file without a row is harmless).
  await Promise.all(p.files.map((f) => storage.put(f.key, f.body, f.contentType)));
  const variants: ImageVariant[] = p.files.map((f) => ({ largura: f.width, altura: f.height, formato: f.format, url: storage.url(f.key), bytes: f.body.length }));
  const row = await prisma.$transaction(async (tx) => {
    const created = await tx.image.upsert({
      where: { hash_use: { hash: p.hash, use: input.use } },
      update: {},
      create: {
        hash: p.hash,
        use: input.use,
        fileName: input.fileName.slice(0, 200) || 'imagem',
        format: p.format,
        width: p.width,
        height: p.height,
        bytes: input.body.length,
        url: storage.url(p.mainKey),
        variants,
        createdById: actor.id,
      },
    });
    await recordAudit(tx, { actorId: actor.id, action: 'imagem.enviar', entity: 'imagem', entityId: created.id, before: null, after: toImage(created), requestId: actor.requestId });
    return created;
  });
  return { imagem: toImage(row), nova: true };
}

export async function listImages(prisma: Db, query: { uso?: ImageUse; pagina: number }): Promise<ImagesResponse> {
  const where = query.uso ? { use: query.uso } : {};
  const [rows, total] = await Promise.all([
    prisma.image.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], skip: (query.pagina - 1) * PAGE_SIZE, take: PAGE_SIZE }),
    prisma.image.count({ where }),
  ]);
  return { itens: rows.map(toImage), total, pagina: query.pagina, porPagina: PAGE_SIZE };
}

export async function getImage(prisma: Db, id: string): Promise<Image | null> {
  const row = await prisma.image.findUnique({ where: { id } });
  return row ? toImage(row) : null;
}

export { IMAGES_MSG as IMAGENS_MSG };
