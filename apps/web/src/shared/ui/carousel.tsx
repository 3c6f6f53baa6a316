import { Children, isValidElement, useCallback, useEffect, useRef, useState, useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import { ChevronIcon } from './chevron-icon';
import './carousel.css';

interface CarouselProps {
  label: string;
  children: ReactNode;
  /** Slides per view below 768px and from 768px; set as CSS widths, so the layout never waits for JS. */
  porVisao: { base: number; desde768: number };
  /** Shows one dot per page ('Página n de N'), for carousels whose pages matter to the reader. */
  paginas?: boolean;
  className?: string;
}

const DESDE_768 = '(min-width: 768px)';

/** Whether the wide layout applies (the same media query as the CSS); false where matchMedia is missing. */
function useDesde768(): boolean {
  return useSyncExternalStore(
    (avisar) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const mq = window.matchMedia(DESDE_768);
      mq.addEventListener('change', avisar);
      return () => mq.removeEventListener('change', avisar);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(DESDE_768).matches,
    () => false,
  );
}

interface Posicao {
  pagina: number;
  podeVoltar: boolean;
  podeAvancar: boolean;
}

/**
 * The app's carousel: the browser's own scroller (CSS scroll snap), so a finger swipes it on the
 * compositor and nothing is measured when it appears (docs/decisions/0022-native-carousel.md).
 * The arrows and dots move one view at a time; focusing a slide's control brings it into view (the
 * browser does that for any scroller). Until the member scrolls, where it stands is known from the
 * slide count alone: nothing reads the layout while the page loads. Products use 1/5 per view,
 * achievements 2/5.
 */
export function Carousel({ label, children, porVisao, paginas = false, className }: CarouselProps) {
  const slides = Children.toArray(children);
  const porPagina = useDesde768() ? porVisao.desde768 : porVisao.base;
  const totalPaginas = Math.max(1, Math.ceil(slides.length / porPagina));
  const viewportRef = useRef<HTMLDivElement>(null);
  const [rolado, setRolado] = useState<Posicao | null>(null);
  // Before any scroll (or after the layout changed under it), the start: page 1.
  const posicao = rolado ?? { pagina: 0, podeVoltar: false, podeAvancar: totalPaginas > 1 };
  const quadro = useRef(0);
  const moveu = useRef(false);

  /** One view's width plus the gap between slides: what one page moves. */
  const passo = useCallback((viewport: HTMLDivElement) => {
    const trilho = viewport.firstElementChild as HTMLElement;
    return viewport.clientWidth + (parseFloat(getComputedStyle(trilho).columnGap) || 0);
  }, []);

  // Read where the scroller stands once per frame while it moves (layout is clean during scroll).
  const aoRolar = useCallback(() => {
    moveu.current = true;
    cancelAnimationFrame(quadro.current);
    quadro.current = requestAnimationFrame(() => {
      const viewport = viewportRef.current;
      if (!viewport) return;
      const max = viewport.scrollWidth - viewport.clientWidth;
      const x = viewport.scrollLeft;
      const noFim = x >= max - 1;
      const pagina = noFim ? totalPaginas - 1 : Math.min(totalPaginas - 1, Math.round(x / passo(viewport)));
      setRolado({ pagina, podeVoltar: x > 1, podeAvancar: !noFim });
    });
  }, [passo, totalPaginas]);
  useEffect(() => () => cancelAnimationFrame(quadro.current), []);

  // A new count or layout: re-read where the scroller stands, if it ever moved. Reading scrollLeft
  // forces a layout, so a carousel nobody touched never reads it (the page's longest task otherwise).
  useEffect(() => {
    if (moveu.current) aoRolar();
  }, [porPagina, slides.length, aoRolar]);

  // A scroller must be reachable by keyboard: slides without a control of their own (pictures,
  // steps of text) make the track itself a tab stop.
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const temControle = viewport.querySelector('a[href], button, input, select, textarea, [tabindex]') !== null;
    if (temControle) viewport.removeAttribute('tabindex');
    else viewport.setAttribute('tabindex', '0');
  }, [slides.length]);

  const irPara = (pagina: number) => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const alvo = Math.max(0, Math.min(totalPaginas - 1, pagina));
    const suave = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    // Past the end the browser stops at the last snap: the last page shows the last slides whole.
    viewport.scrollTo({ left: alvo * passo(viewport), behavior: suave ? 'smooth' : 'auto' });
    // jsdom and some browsers fire no scroll event for a position they are already at.
    setRolado({ pagina: alvo, podeVoltar: alvo > 0, podeAvancar: alvo < totalPaginas - 1 });
  };

  const estilo = { '--slides-base': porVisao.base, '--slides-768': porVisao.desde768 } as CSSProperties;
  const classes = ['carousel', className ?? ''].filter(Boolean).join(' ');

  return (
    <div className={classes} style={estilo} role="group" aria-roledescription="carrossel" aria-label={label}>
      <div className="carousel__viewport" ref={viewportRef} onScroll={aoRolar}>
        <ul className="carousel__trilho">
          {slides.map((slide, i) => (
            <li key={isValidElement(slide) && slide.key !== null ? slide.key : i} className="carousel__slide">
              {slide}
            </li>
          ))}
        </ul>
      </div>
      {totalPaginas > 1 ? (
        <div className="carousel__controles">
          <button
            type="button"
            className="carousel__seta"
            aria-label="Anterior"
            disabled={!posicao.podeVoltar}
            onClick={() => irPara(posicao.pagina - 1)}
          >
            <ChevronIcon direction="left" />
          </button>
          {paginas ? (
            <ol className="carousel__paginas" aria-label={`Página ${posicao.pagina + 1} de ${totalPaginas}`}>
              {Array.from({ length: totalPaginas }, (_, i) => (
                <li key={i}>
                  <button
                    type="button"
                    className="carousel__pagina"
                    aria-label={`Ir para a página ${i + 1}`}
                    aria-current={i === posicao.pagina ? 'true' : undefined}
                    onClick={() => irPara(i)}
                  />
                </li>
              ))}
            </ol>
          ) : null}
          <button
            type="button"
            className="carousel__seta"
            aria-label="Próximo"
            disabled={!posicao.podeAvancar}
            onClick={() => irPara(posicao.pagina + 1)}
          >
            <ChevronIcon direction="right" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
