import type { ImgHTMLAttributes } from 'react';

/**
 * The AVIF and WebP beside a stored picture's fallback: the rule of `fontesDaImagem`
 * (@legiao/contracts/imagem-constantes), written here too so the member pages don't share a chunk
 * with the back office for three lines (a separate 0.2 KB file on /home's critical path); the test
 * checks both give the same answers.
 */
export function memberImageSources(url: string): { avif: string; webp: string } | null {
  const m = /^(.*\/[0-9a-f]{16}-\d+x\d+)\.(jpg|png)$/.exec(url);
  return m ? { avif: `${m[1]}.avif`, webp: `${m[1]}.webp` } : null;
}

/**
 * An image field's picture: for pictures stored by the back office, <picture> with the AVIF and WebP
 * beside the JPEG/PNG fallback (docs/decisions/0028-code-pools-and-images.md); anything else (the
 * seed's SVGs, an outside URL) is the plain <img> it always was. `display: contents` keeps the
 * <picture> out of the layout, so CSS written for the <img> still applies.
 */
export function Image({ src, ...img }: ImgHTMLAttributes<HTMLImageElement> & { src: string }) {
  const f = memberImageSources(src);
  if (!f) return <img src={src} {...img} />;
  return (
    <picture style={{ display: 'contents' }}>
      <source type="image/avif" srcSet={f.avif} />
      <source type="image/webp" srcSet={f.webp} />
      <img src={src} {...img} />
    </picture>
  );
}
