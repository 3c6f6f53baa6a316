import { Suspense, useState, type CSSProperties, type ReactNode } from 'react';
import { useInView } from '../../../shared/lib/use-in-view';

/**
 * How far below the screen a section starts mounting: about half a phone screen ahead, so its
 * code and data are usually in before the member scrolls to it.
 */
const MARGEM = '500px 0px';

interface SecaoAdiadaProps {
  children: ReactNode;
  /** The section's usual height on a phone, held by the placeholder so the page keeps its length. */
  altura: string;
  /** Mount now, without waiting to be seen (the #faq anchor, the chatbot's benefit). */
  agora?: boolean;
  /** Start watching (false while the first screen above is still loading). */
  observar: boolean;
  /** The id the placeholder carries, so an anchor (#faq) lands here before the section exists. */
  ancora?: string;
}

/**
 * A home section below the first screen, mounted (code, data and render) only when it comes near
 * the viewport. Until then an empty box of about its height stands in its place.
 */
export function SecaoAdiada({ children, altura, agora = false, observar, ancora }: SecaoAdiadaProps) {
  const [ref, visto] = useInView<HTMLDivElement>({ rootMargin: MARGEM, ativo: observar });
  // Once mounted it stays: leaving #faq for another anchor must not take the FAQ away.
  const [forcada, setForcada] = useState(agora);
  if (agora && !forcada) setForcada(true);
  const estilo: CSSProperties = { minHeight: altura };
  if (!visto && !forcada) return <div ref={ref} id={ancora} className="secao-adiada" style={estilo} />;
  return <Suspense fallback={<div id={ancora} className="secao-adiada" style={estilo} />}>{children}</Suspense>;
}
