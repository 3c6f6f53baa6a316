import { useEffect, useId, useState } from 'react';
import { useDuvidasFaq, type FaqItem } from '../api/get-faq';

export const DEFAULT_FAQ: Pick<FaqItem, 'pergunta' | 'resposta'>[] = [
  {
    pergunta: 'O que é a Legião?',
    resposta:
      'A Legião é o portal de relacionamento para fãs e colecionadores da marca. Aqui você reúne sua coleção, completa missões indicando amigos, acumula saldo e troca por benefícios exclusivos.',
  },
  {
    pergunta: 'Como faço para me cadastrar?',
    resposta:
      'Clique em Cadastre-se, informe seu e-mail, crie uma senha e preencha seus dados. Depois é só ativar a conta pelo link que enviamos para o seu e-mail.',
  },
  {
    pergunta: 'Quais são os tipos de benefícios?',
    resposta:
      'Cupons exclusivos de até 30% de desconto, shows e eventos por todo o Brasil, promoções lendárias e acesso antecipado a lançamentos.',
  },
  {
    pergunta: 'Como resgato um benefício?',
    resposta:
      'Entre no portal, acesse a área de benefícios, escolha um benefício disponível, aceite os termos e clique em Resgatar. O cupom ou os detalhes do evento ficam guardados no seu portal.',
  },
  {
    pergunta: 'Preciso pagar para participar?',
    resposta: 'Não. O cadastro e a participação na Legião são totalmente gratuitos.',
  },
];

/** Accordion of the built-in questions plus the server's 'duvidas' entries; one open at a time. */
export function FaqSection() {
  const { data, error } = useDuvidasFaq();
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();

  useEffect(() => {
    if (error) console.warn('Não foi possível carregar as dúvidas frequentes.', error);
  }, [error]);

  const items = [...DEFAULT_FAQ, ...(data ?? [])];

  return (
    <section id="duvidas" className="landing-section faq" aria-labelledby="duvidas-titulo">
      <h2 id="duvidas-titulo" className="section-title">
        Dúvidas frequentes
      </h2>
      <div className="faq__list">
        {items.map((item, index) => {
          const expanded = open === index;
          const panelId = `${baseId}-resposta-${index}`;
          const buttonId = `${baseId}-pergunta-${index}`;
          return (
            <div key={`${index}-${item.pergunta}`} className="faq__item">
              <h3 className="faq__question">
                <button
                  id={buttonId}
                  type="button"
                  className="faq__toggle"
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  onClick={() => setOpen(expanded ? null : index)}
                >
                  <span>{item.pergunta}</span>
                  <span className="faq__icon" aria-hidden="true">
                    {expanded ? '−' : '+'}
                  </span>
                </button>
              </h3>
              <div id={panelId} role="region" aria-labelledby={buttonId} className="faq__answer" hidden={!expanded}>
                <p>{item.resposta}</p>
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
