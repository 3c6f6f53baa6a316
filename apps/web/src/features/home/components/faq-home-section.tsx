import { useEffect, useRef, useState } from 'react';
import { useKeepInView } from '../../../shared/lib/use-keep-in-view';
import { useLocation } from 'react-router';
import { useFaqHome } from '../../faq/api/get-faq';
import { FaqAccordion } from '../../faq/components/faq-accordion';

/** Section 9: the 'faq' entries in two columns (spec 000 section 2), one answer open at a time. */
export function FaqHomeSection() {
  const { data, error, isPending } = useFaqHome();
  const [isOpen, setIsOpen] = useState<number | null>(null);
  const { hash } = useLocation();
  const sectionRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (error) console.warn('Não foi possível carregar o FAQ.', error);
  }, [error]);
  const items = data ?? [];
  // The home mounts this section on its way down, or at once for #faq; the questions arrive after
  // the anchor's jump, so the page lands on them when they do, and stays there while the sections
  // above mount (docs/decisions/0018-home-on-a-phone.md, 0022-home-first-screen.md).
  useKeepInView(sectionRef, items.length > 0 && hash === '#faq');
  // While the questions load, an empty box keeps the #faq anchor (and the page's length): an
  // anchor that is missing sends the router's scroll to the top instead.
  if (!items.length) return isPending ? <div id="faq" className="faq-home faq-home--carregando" aria-busy="true" /> : null;
  const half = Math.ceil(items.length / 2);
  return (
    <section ref={sectionRef} id="faq" className="faq-home" aria-labelledby="faq-titulo">
      <h2 id="faq-titulo" className="secao-topo__titulo">
        Perguntas frequentes
      </h2>
      <div className="faq-home__colunas">
        <FaqAccordion items={items.slice(0, half)} open={isOpen} onToggle={setIsOpen} />
        <FaqAccordion items={items.slice(half)} open={isOpen} onToggle={setIsOpen} offset={half} />
      </div>
    </section>
  );
}
