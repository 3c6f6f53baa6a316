import type { Config } from '../../config.js';
import { DiskImageStorage } from './imagens/storage-disk.js';
import { S3ImageStorage } from './imagens/storage-s3.js';
import type { ImageStorage } from './imagens/storage.js';

/** The image store the configuration names (IMAGES_STORAGE; docs/decisions/0028-code-pools-and-images.md). */
export function createImageStorage(config: Config): ImageStorage {
  const i = config.uploads.images;
  return i.kind === 's3' ? new S3ImageStorage(i) : new DiskImageStorage(i.dir, i.publicUrl);
}
