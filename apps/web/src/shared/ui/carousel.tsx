import useEmblaCarousel from 'embla-carousel-react';
import { Children, isValidElement, useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { ChevronIcon } from './chevron-icon';
import './carousel.css';

/** Embla measures with these; without them (old browsers, jsdom) the track just scrolls natively. */
const podeAnimar = () =>
  typeof window !== 'undefined' &&
  'IntersectionObserver' in window &&
  'ResizeObserver' in window &&
  typeof window.matchMedia === 'function';

interface CarouselProps {
  label: string;
  children: ReactNode;
  /** Slides per view below 768px and from 768px; set as CSS widths, so the layout never waits for JS. */
  porVisao: { base: number; desde768: number };
  /** Shows one dot per page ('Página n de N'), for carousels whose pages matter to the reader. */
  paginas?: boolean;
  className?: string;
}

/**
 * The app's carousel (embla): the arrows move one view at a time; focusing a slide's control brings
 * it into view. Products use it with 1/5 per view, achievements with their own counts.
 */
export function Carousel({ label, children, porVisao, paginas = false, className }: CarouselProps) {
  const [animado] = useState(podeAnimar);
  const [viewportRef, api] = useEmblaCarousel({ align: 'start', slidesToScroll: 'auto', containScroll: 'trimSnaps' });
  const [podeVoltar, setPodeVoltar] = useState(false);
  const [podeAvancar, setPodeAvancar] = useState(false);
  const [pagina, setPagina] = useState(0);
  const [totalPaginas, setTotalPaginas] = useState(1);
  const slides = Children.toArray(children);

  useEffect(() => {
    if (!api) return;
    const atualizar = () => {
      setPodeVoltar(api.canScrollPrev());
      setPodeAvancar(api.canScrollNext());
      setPagina(api.selectedScrollSnap());
      setTotalPaginas(api.scrollSnapList().length);
    };
    atualizar();
    api.on('select', atualizar).on('reInit', atualizar).on('resize', atualizar);
    return () => {
      api.off('select', atualizar).off('reInit', atualizar).off('resize', atualizar);
    };
  }, [api]);

  const estilo = { '--slides-base': porVisao.base, '--slides-768': porVisao.desde768 } as CSSProperties;
  const classes = ['carousel', animado ? '' : 'carousel--nativo', className ?? ''].filter(Boolean).join(' ');

  return (
    <div className={classes} style={estilo} role="group" aria-roledescription="carrossel" aria-label={label}>
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
          {paginas && totalPaginas > 1 ? (
            <ol className="carousel__paginas" aria-label={`Página ${pagina + 1} de ${totalPaginas}`}>
              {Array.from({ length: totalPaginas }, (_, i) => (
                <li key={i}>
                  <button
                    type="button"
                    className="carousel__pagina"
                    aria-label={`Ir para a página ${i + 1}`}
                    aria-current={i === pagina ? 'true' : undefined}
                    onClick={() => api?.scrollTo(i)}
                  />
                </li>
              ))}
            </ol>
          ) : null}
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
