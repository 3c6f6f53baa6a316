import { useState, type ImgHTMLAttributes } from 'react';
import { IMAGEM_PADRAO } from '../lib/produto-format';

interface ProdutoImagemProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  src: string | null | undefined;
  alt: string;
}

/** A product image that falls back to the default drawing when missing or broken. */
export function ProdutoImagem({ src, alt, ...img }: ProdutoImagemProps) {
  const [falhou, setFalhou] = useState<string | null>(null);
  const usable = src && src !== falhou ? src : IMAGEM_PADRAO;
  return (
    <img
      {...img}
      src={usable}
      alt={alt}
      onError={() => {
        if (usable !== IMAGEM_PADRAO) setFalhou(usable);
      }}
    />
  );
}
