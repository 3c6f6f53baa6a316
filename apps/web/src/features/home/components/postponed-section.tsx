import { Suspense, useState, type CSSProperties, type ReactNode } from 'react';
import { useInView } from '../../../shared/lib/use-in-view';

/**
 * How far below the screen a section starts mounting: about half a phone screen ahead, so its
 * code and data are usually in before the member scrolls to it.
 */
const MARGIN = '500px 0px';

interface PostponedSectionProps {
  children: ReactNode;
  /** The section's usual height on a phone, held by the placeholder so the page keeps its length. */
  altura: string;
  /** Mount now, without waiting to be seen (the #faq anchor, the chatbot's benefit). */
  now?: boolean;
  /** Start watching (false while the first screen above is still loading). */
  observe: boolean;
  /** The id the placeholder carries, so an anchor (#faq) lands here before the section exists. */
  anchor?: string;
}

/**
 * A home section below the first screen, mounted (code, data and render) only when it comes near
 * the viewport. Until then an empty box of about its height stands in its place.
 */
export function PostponedSection({ children, altura: height, now = false, observe, anchor }: PostponedSectionProps) {
  const [ref, seen] = useInView<HTMLDivElement>({ rootMargin: MARGIN, ativo: observe });
  // Once mounted it stays: leaving #faq for another anchor must not take the FAQ away.
  const [forced, setForced] = useState(now);
  if (now && !forced) setForced(true);
  const style: CSSProperties = { minHeight: height };
  if (!seen && !forced) return <div ref={ref} id={anchor} className="secao-adiada" style={style} />;
  return <Suspense fallback={<div id={anchor} className="secao-adiada" style={style} />}>{children}</Suspense>;
}
