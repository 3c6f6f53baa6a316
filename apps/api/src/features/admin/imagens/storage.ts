import type { Readable } from 'node:stream';

// Where the back office's pictures live (docs/decisions/0028-code-pools-and-images.md). Keys are
// content-hashed file names ('<hash>-640x360.webp'): an object is written once and never changes,
// so it can be cached for a year and written again without harm.

export interface StoredObject {
  stream: Readable;
  size: number;
}

export interface ImageStorage {
  readonly kind: 'disk' | 's3';
  /** Writes an object (the same key always holds the same bytes). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object for the API to serve itself, or null (absent, or a store members read directly). */
  open(key: string): Promise<StoredObject | null>;
  /** The URL members load the object from. */
  url(key: string): string;
}

/** A stored file name: 16 hex digits of the hash, the size, the format. */
export const IMAGE_KEY = /^[0-9a-f]{16}-\d{2,4}x\d{2,4}\.(avif|webp|jpg|png)$/;

export const CONTENT_TYPES: Record<string, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
};
