// Pictures stored by the back office (docs/decisions/0028-code-pools-and-images.md), without zod: the
// member pages import this. A stored picture's value is its fallback ('/imagens/<hash>-<w>x<h>.jpg'
// or '.png'); the AVIF and WebP beside it have the same name with their extension.

/** The AVIF and WebP of an image field's value when it names a stored picture; null otherwise (an older SVG path, an outside URL). */
export function imageSources(url: string | null | undefined): { avif: string; webp: string } | null {
  if (!url) return null;
  const m = /^(.*\/[0-9a-f]{16}-\d+x\d+)\.(jpg|png)$/.exec(url);
  if (!m) return null;
  return { avif: `${m[1]}.avif`, webp: `${m[1]}.webp` };
}
