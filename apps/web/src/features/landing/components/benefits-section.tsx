const BENEFITS = [
  {
    icon: '%',
    titulo: 'Cupons exclusivos',
    texto: 'Convide amigos e desbloqueie até 30% de desconto.',
  },
  {
    icon: '♫',
    titulo: 'Shows e eventos',
    texto: 'Experiências em shows e eventos por todo o Brasil.',
  },
  {
    icon: '★',
    titulo: 'Promoções lendárias',
    texto: 'Ofertas que só quem é da Legião recebe.',
  },
  {
    icon: '⚡',
    titulo: 'Acesso antecipado',
    texto: 'Conheça e garanta os lançamentos antes de todo mundo.',
  },
];

export function BenefitsSection() {
  return (
    <section id="beneficios" className="landing-section beneficios" aria-labelledby="beneficios-titulo">
      <h2 id="beneficios-titulo" className="section-title">
        Benefícios
      </h2>
      <p className="section-lead">Complete missões indicando amigos, acumule saldo e troque por benefícios.</p>
      <ul className="beneficios__grid">
        {BENEFITS.map((b) => (
          <li key={b.titulo} className="beneficio-tile">
            <span className="beneficio-tile__icon" aria-hidden="true">
              {b.icon}
            </span>
            <h3 className="beneficio-tile__title">{b.titulo}</h3>
            <p className="beneficio-tile__text">{b.texto}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
