import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_USES, IMAGES_MSG, type ImageUse } from '@legiao/contracts/admin/images';
import { badRequest } from '../../../errors/app-error.js';

// Turning an upload into the files members load (docs/decisions/0028-code-pools-and-images.md).
// The type is decided by the bytes (sharp's metadata), never by the name or the declared type.

/** Bump when the encoder settings change: new names, so cached copies are never stale. */
const PIPELINE_VERSION = 'v1';
const MAX_PIXELS = 40_000_000;
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

export interface ProcessedFile {
  key: string;
  width: number;
  height: number;
  format: 'avif' | 'webp' | 'jpeg' | 'png';
  contentType: string;
  body: Buffer;
}

export interface ProcessedImage {
  /** SHA-256 of the upload. */
  hash: string;
  /** What the bytes are (jpeg, png, webp, gif, avif). */
  format: string;
  width: number;
  height: number;
  /** The fallback at the main size. */
  mainKey: string;
  files: ProcessedFile[];
}

/** What the bytes are, or a 400 in Portuguese (SVG and anything that is not a raster picture). */
export async function inspectImage(body: Buffer) {
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(body, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(IMAGES_MSG.formato, 'FORMATO_INVALIDO');
  }
  if (meta.format === 'svg') throw badRequest(IMAGES_MSG.svg, 'FORMATO_INVALIDO');
  // HEIF is accepted only as AVIF (AV1); HEIC (HEVC) is not decodable here.
  if (!meta.format || !ACCEPTED.has(meta.format) || (meta.format === 'heif' && meta.compression !== 'av1')) throw badRequest(IMAGES_MSG.formato, 'FORMATO_INVALIDO');
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (!width || !height) throw badRequest(IMAGES_MSG.formato, 'FORMATO_INVALIDO');
  if (width * height > MAX_PIXELS) throw badRequest(IMAGES_MSG.grandeDemais, 'PIXELS_DEMAIS');
  return { format: meta.format === 'heif' ? 'avif' : meta.format, width, height, hasAlpha: meta.hasAlpha === true };
}

/**
 * Resizes once to every size of the use (cover, centred) in AVIF, WebP and JPEG (PNG when the
 * picture has transparency). Names: 16 hex digits of sha256(version, use, bytes) + the size.
 */
export async function processImage(body: Buffer, use: ImageUse): Promise<ProcessedImage> {
  const info = await inspectImage(body);
  const sizes = IMAGE_USES[use].tamanhos;
  const [mainW, mainH] = sizes[0]!;
  const minW = Math.ceil(mainW / 2);
  const minH = Math.ceil(mainH / 2);
  if (info.width < minW || info.height < minH) throw badRequest(IMAGES_MSG.pequena(minW, minH), 'IMAGEM_PEQUENA');
  const hash = createHash('sha256').update(body).digest('hex');
  const stem = createHash('sha256').update(`${PIPELINE_VERSION}:${use}:`).update(body).digest('hex').slice(0, 16);
  const fallback = info.hasAlpha ? 'png' : 'jpeg';
  const files: ProcessedFile[] = [];
  for (const [w, h] of sizes) {
    // One decode and resize per size; the three encodings share it.
    const resized = await sharp(body, { limitInputPixels: MAX_PIXELS }).rotate().resize(w, h, { fit: 'cover', position: 'centre' }).raw().toBuffer({ resolveWithObject: true });
    const raw = () => sharp(resized.data, { raw: { width: resized.info.width, height: resized.info.height, channels: resized.info.channels } });
    const name = `${stem}-${w}x${h}`;
    files.push({ key: `${name}.avif`, width: w, height: h, format: 'avif', contentType: 'image/avif', body: await raw().avif({ quality: 55, effort: 2 }).toBuffer() });
    files.push({ key: `${name}.webp`, width: w, height: h, format: 'webp', contentType: 'image/webp', body: await raw().webp({ quality: 80 }).toBuffer() });
    files.push(
      fallback === 'png'
        ? { key: `${name}.png`, width: w, height: h, format: 'png', contentType: 'image/png', body: await raw().png({ compressionLevel: 9 }).toBuffer() }
        : { key: `${name}.jpg`, width: w, height: h, format: 'jpeg', contentType: 'image/jpeg', body: await raw().flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer() },
    );
  }
  return { hash, format: info.format, width: info.width, height: info.height, mainKey: `${stem}-${mainW}x${mainH}.${fallback === 'png' ? 'png' : 'jpg'}`, files };
}
