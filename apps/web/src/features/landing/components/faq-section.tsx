import { useEffect, useState } from 'react';
import { useFaqQuestions, type FaqItem } from '../../faq/api/get-faq';
import { FaqAccordion } from '../../faq/components/faq-accordion';

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

const normalise = (text: string) => text.trim().toLowerCase();

/** Accordion of the built-in questions plus the server's 'duvidas' entries; one open at a time. */
export function FaqSection() {
  const { data, error } = useFaqQuestions();
  const [open, setOpen] = useState<number | null>(null);

  useEffect(() => {
    if (error) console.warn('Não foi possível carregar as dúvidas frequentes.', error);
  }, [error]);

  // The built-in questions cover a server that has none; a question the server also has is its version.
  const forServer = data ?? [];
  const onServer = new Set(forServer.map((i) => normalise(i.pergunta)));
  const items = [...DEFAULT_FAQ.filter((d) => !onServer.has(normalise(d.pergunta))), ...forServer];

  return (
    <section id="duvidas" className="landing-section faq" aria-labelledby="duvidas-titulo">
      <h2 id="duvidas-titulo" className="section-title">
        Dúvidas frequentes
      </h2>
      <FaqAccordion items={items} open={open} onToggle={setOpen} />
    </section>
  );
}
