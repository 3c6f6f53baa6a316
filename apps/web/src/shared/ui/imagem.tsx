import type { ImgHTMLAttributes } from 'react';
import { fontesDaImagem } from '@legiao/contracts/imagem-constantes';

/**
 * An image field's picture: for pictures stored by the back office, <picture> with the AVIF and WebP
 * beside the JPEG/PNG fallback (docs/decisions/0028-code-pools-and-images.md); anything else (the
 * seed's SVGs, an outside URL) is the plain <img> it always was. `display: contents` keeps the
 * <picture> out of the layout, so CSS written for the <img> still applies.
 */
export function Imagem({ src, ...img }: ImgHTMLAttributes<HTMLImageElement> & { src: string }) {
  const f = fontesDaImagem(src);
  if (!f) return <img src={src} {...img} />;
  return (
    <picture style={{ display: 'contents' }}>
      <source type="image/avif" srcSet={f.avif} />
      <source type="image/webp" srcSet={f.webp} />
      <img src={src} {...img} />
    </picture>
  );
}
