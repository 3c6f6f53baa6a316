import { Children, isValidElement, useCallback, useEffect, useRef, useState, useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import { ChevronIcon } from './chevron-icon';
import './carousel.css';

interface CarouselProps {
  label: string;
  children: ReactNode;
  /** Slides per view below 768px and from 768px; set as CSS widths, so the layout never waits for JS. */
  byView: { base: number; since768: number };
  /** Shows one dot per page ('Página n de N'), for carousels whose pages matter to the reader. */
  pages?: boolean;
  className?: string;
}

const WIDE = '(min-width: 768px)';

/** Whether the wide layout applies (the same media query as the CSS); false where matchMedia is missing. */
function useWide(): boolean {
  return useSyncExternalStore(
    (notify) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const mq = window.matchMedia(WIDE);
      mq.addEventListener('change', notify);
      return () => mq.removeEventListener('change', notify);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(WIDE).matches,
    () => false,
  );
}

interface Position {
  page: number;
  canPrev: boolean;
  canNext: boolean;
}

/**
 * The app's carousel: the browser's own scroller (CSS scroll snap), so a finger swipes it on the
 * compositor and nothing is measured when it appears (docs/decisions/0022-home-first-screen.md).
 * The arrows and dots move one view at a time; focusing a slide's control brings it into view (the
 * browser does that for any scroller). Until the member scrolls, where it stands is known from the
 * slide count alone: nothing reads the layout while the page loads. Products use 1/5 per view,
 * achievements 2/5.
 */
export function Carousel({ label, children, byView, pages = false, className }: CarouselProps) {
  const slides = Children.toArray(children);
  const perPage = useWide() ? byView.since768 : byView.base;
  const pageCount = Math.max(1, Math.ceil(slides.length / perPage));
  const viewportRef = useRef<HTMLDivElement>(null);
  const [scrolled, setScrolled] = useState<Position | null>(null);
  // Before any scroll (or after the layout changed under it), the start: page 1.
  const position = scrolled ?? { page: 0, canPrev: false, canNext: pageCount > 1 };
  const frame = useRef(0);
  const moved = useRef(false);

  /** One view's width plus the gap between slides: what one page moves. */
  const pageStep = useCallback((viewport: HTMLDivElement) => {
    const track = viewport.firstElementChild as HTMLElement;
    return viewport.clientWidth + (parseFloat(getComputedStyle(track).columnGap) || 0);
  }, []);

  // Read where the scroller stands once per frame while it moves (layout is clean during scroll).
  const onScroll = useCallback(() => {
    moved.current = true;
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      const viewport = viewportRef.current;
      if (!viewport) return;
      const max = viewport.scrollWidth - viewport.clientWidth;
      const x = viewport.scrollLeft;
      const atEnd = x >= max - 1;
      const page = atEnd ? pageCount - 1 : Math.min(pageCount - 1, Math.round(x / pageStep(viewport)));
      setScrolled({ page, canPrev: x > 1, canNext: !atEnd });
    });
  }, [pageStep, pageCount]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  // A new count or layout: re-read where the scroller stands, if it ever moved. Reading scrollLeft
  // forces a layout, so a carousel nobody touched never reads it (the page's longest task otherwise).
  useEffect(() => {
    if (moved.current) onScroll();
  }, [perPage, slides.length, onScroll]);

  // A scroller must be reachable by keyboard: slides without a control of their own (pictures,
  // steps of text) make the track itself a tab stop.
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const hasControl = viewport.querySelector('a[href], button, input, select, textarea, [tabindex]') !== null;
    if (hasControl) viewport.removeAttribute('tabindex');
    else viewport.setAttribute('tabindex', '0');
  }, [slides.length]);

  const goTo = (page: number) => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const target = Math.max(0, Math.min(pageCount - 1, page));
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    // Past the end the browser stops at the last snap: the last page shows the last slides whole.
    viewport.scrollTo({ left: target * pageStep(viewport), behavior: smooth ? 'smooth' : 'auto' });
    // jsdom and some browsers fire no scroll event for a position they are already at.
    setScrolled({ page: target, canPrev: target > 0, canNext: target < pageCount - 1 });
  };

  const style = { '--slides-base': byView.base, '--slides-768': byView.since768 } as CSSProperties;
  const classes = ['carousel', className ?? ''].filter(Boolean).join(' ');

  return (
    <div className={classes} style={style} role="group" aria-roledescription="carrossel" aria-label={label}>
      <div className="carousel__viewport" ref={viewportRef} onScroll={onScroll}>
        <ul className="carousel__trilho">
          {slides.map((slide, i) => (
            <li key={isValidElement(slide) && slide.key !== null ? slide.key : i} className="carousel__slide">
              {slide}
            </li>
          ))}
        </ul>
      </div>
      {pageCount > 1 ? (
        <div className="carousel__controles">
          <button
            type="button"
            className="carousel__seta"
            aria-label="Anterior"
            disabled={!position.canPrev}
            onClick={() => goTo(position.page - 1)}
          >
            <ChevronIcon direction="left" />
          </button>
          {pages ? (
            <ol className="carousel__paginas" aria-label={`Página ${position.page + 1} de ${pageCount}`}>
              {Array.from({ length: pageCount }, (_, i) => (
                <li key={i}>
                  <button
                    type="button"
                    className="carousel__pagina"
                    aria-label={`Ir para a página ${i + 1}`}
                    aria-current={i === position.page ? 'true' : undefined}
                    onClick={() => goTo(i)}
                  />
                </li>
              ))}
            </ol>
          ) : null}
          <button
            type="button"
            className="carousel__seta"
            aria-label="Próximo"
            disabled={!position.canNext}
            onClick={() => goTo(position.page + 1)}
          >
            <ChevronIcon direction="right" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
