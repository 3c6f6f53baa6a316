import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { IMAGE_KEY, type ImageStorage, type StoredObject } from './storage.js';

/** Files in one folder, served by the API under `publicPath` (the default store). */
export class DiskImageStorage implements ImageStorage {
  readonly kind = 'disk' as const;

  constructor(
    private readonly dir: string,
    private readonly publicPath = '/imagens',
  ) {}

  async put(key: string, body: Buffer): Promise<void> {
    if (!IMAGE_KEY.test(key)) throw new Error(`nome de imagem inválido: ${key}`);
    await mkdir(this.dir, { recursive: true });
    // Written aside and renamed: a reader never sees half a file.
    const tmp = join(this.dir, `.${key}.${randomUUID()}.tmp`);
    await writeFile(tmp, body);
    await rename(tmp, join(this.dir, key));
  }

  async open(key: string): Promise<StoredObject | null> {
    if (!IMAGE_KEY.test(key)) return null;
    const path = join(this.dir, key);
    try {
      const s = await stat(path);
      if (!s.isFile()) return null;
      return { stream: createReadStream(path), size: s.size };
    } catch {
      return null;
    }
  }

  url(key: string): string {
    return `${this.publicPath}/${key}`;
  }
}
