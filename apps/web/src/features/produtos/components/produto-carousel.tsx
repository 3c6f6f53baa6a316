import useEmblaCarousel from 'embla-carousel-react';
import { Children, isValidElement, useEffect, useState, type ReactNode } from 'react';
import { ChevronIcon } from './icons';

/** Embla measures with these; without them (old browsers, jsdom) the track just scrolls natively. */
const podeAnimar = () =>
  typeof window !== 'undefined' &&
  'IntersectionObserver' in window &&
  'ResizeObserver' in window &&
  typeof window.matchMedia === 'function';

/**
 * A product carousel: 1 card per view below 768px, 5 from 768px (spec 000 section 9), set by the
 * slides' CSS widths; the arrows move one view at a time. Focusing a card's link brings it into view.
 */
export function ProdutoCarousel({ label, children }: { label: string; children: ReactNode }) {
  const [animado] = useState(podeAnimar);
  const [viewportRef, api] = useEmblaCarousel({ align: 'start', slidesToScroll: 'auto', containScroll: 'trimSnaps' });
  const [podeVoltar, setPodeVoltar] = useState(false);
  const [podeAvancar, setPodeAvancar] = useState(false);
  const slides = Children.toArray(children);

  useEffect(() => {
    if (!api) return;
    const atualizar = () => {
      setPodeVoltar(api.canScrollPrev());
      setPodeAvancar(api.canScrollNext());
    };
    atualizar();
    api.on('select', atualizar).on('reInit', atualizar).on('resize', atualizar);
    return () => {
      api.off('select', atualizar).off('reInit', atualizar).off('resize', atualizar);
    };
  }, [api]);

  return (
    <div className={animado ? 'carousel' : 'carousel carousel--nativo'} role="group" aria-roledescription="carrossel" aria-label={label}>
      <div className="carousel__viewport" ref={animado ? viewportRef : undefined}>
        <ul className="carousel__trilho">
          {slides.map((slide, i) => (
            <li key={isValidElement(slide) && slide.key !== null ? slide.key : i} className="carousel__slide">
              {slide}
            </li>
          ))}
        </ul>
      </div>
      {podeVoltar || podeAvancar ? (
        <div className="carousel__controles">
          <button
            type="button"
            className="carousel__seta"
            aria-label="Anterior"
            disabled={!podeVoltar}
            onClick={() => api?.scrollPrev()}
          >
            <ChevronIcon direction="left" />
          </button>
          <button
            type="button"
            className="carousel__seta"
            aria-label="Próximo"
            disabled={!podeAvancar}
            onClick={() => api?.scrollNext()}
          >
            <ChevronIcon direction="right" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
