import { useEffect, useState } from 'react';
import { useFaqHome } from '../../faq/api/get-faq';
import { FaqAccordion } from '../../faq/components/faq-accordion';

/** Section 9: the 'faq' entries in two columns (spec 000 section 2), one answer open at a time. */
export function FaqHomeSection() {
  const { data, error } = useFaqHome();
  const [aberta, setAberta] = useState<number | null>(null);
  useEffect(() => {
    if (error) console.warn('Não foi possível carregar o FAQ.', error);
  }, [error]);
  const itens = data ?? [];
  if (!itens.length) return null;
  const meio = Math.ceil(itens.length / 2);
  return (
    <section id="faq" className="faq-home" aria-labelledby="faq-titulo">
      <h2 id="faq-titulo" className="secao-topo__titulo">
        Perguntas frequentes
      </h2>
      <div className="faq-home__colunas">
        <FaqAccordion items={itens.slice(0, meio)} open={aberta} onToggle={setAberta} />
        <FaqAccordion items={itens.slice(meio)} open={aberta} onToggle={setAberta} offset={meio} />
      </div>
    </section>
  );
}
