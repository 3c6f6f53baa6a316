import { useState, type ImgHTMLAttributes } from 'react';
import { DEFAULT_IMAGE } from '../lib/product-format';

interface ProductImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  src: string | null | undefined;
  alt: string;
}

/** A product image that falls back to the default drawing when missing or broken. */
export function ProductImage({ src, alt, ...img }: ProductImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src && src !== failed ? src : DEFAULT_IMAGE;
  return (
    <img
      {...img}
      src={usable}
      alt={alt}
      onError={() => {
        if (usable !== DEFAULT_IMAGE) setFailed(usable);
      }}
    />
  );
}
