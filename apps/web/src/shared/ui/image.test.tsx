import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { imageSources } from '@legiao/contracts/imagem-constants';
import { memberImageSources, Image } from './image';

describe('Imagem', () => {
  it('gives a stored picture its AVIF and WebP sources before the JPEG fallback', () => {
    const { container } = render(<Image src="/imagens/0123456789abcdef-640x360.jpg" alt="" loading="lazy" />);
    const sources = [...container.querySelectorAll('picture > source')].map((s) => [s.getAttribute('type'), s.getAttribute('srcset')]);
    expect(sources).toEqual([
      ['image/avif', '/imagens/0123456789abcdef-640x360.avif'],
      ['image/webp', '/imagens/0123456789abcdef-640x360.webp'],
    ]);
    expect(container.querySelector('picture > img')?.getAttribute('src')).toBe('/imagens/0123456789abcdef-640x360.jpg');
  });

  it('leaves any other address a plain <img> (the seed SVGs, outside URLs)', () => {
    const { container } = render(<Image src="/beneficios/cupom-10.svg" alt="" className="x" />);
    expect(container.querySelector('picture')).toBeNull();
    expect(container.querySelector('img.x')?.getAttribute('src')).toBe('/beneficios/cupom-10.svg');
  });
});

describe('fontesDaImagemMembro', () => {
  it('answers exactly as the contracts rule the back office uses', () => {
    for (const url of ['/imagens/0123456789abcdef-640x360.jpg', '/imagens/0123456789abcdef-1600x600.png', 'https://cdn.legiao.dev/img/0123456789abcdef-750x900.jpg', '/imagens/0123456789abcdef-640x360.webp', '/imagens/0123456789ABCDEF-640x360.jpg', '/beneficios/cupom-10.svg', '/imagens/123-640x360.jpg', ''])
      expect(memberImageSources(url), url).toEqual(imageSources(url));
  });
});
