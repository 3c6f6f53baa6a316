import { Link } from 'react-router';
import { CupArt } from './hero';

const TONES = ['#e4002b', '#f2a900', '#4a7c59', '#2f5d8a'];

export function CollectionSection() {
  return (
    <section id="colecao" className="landing-section colecao" aria-labelledby="colecao-titulo">
      <div className="colecao__text">
        <h2 id="colecao-titulo" className="section-title">
          Minha coleção
        </h2>
        <p>
          Os produtos comprados no site oficial aparecem automaticamente na sua coleção. Comprou em outra loja ou ganhou
          de presente? É só adicionar.
        </p>
        <Link className="button button--ghost" to="/cadastro">
          Começar minha coleção
        </Link>
      </div>
      <ul className="colecao__grid" aria-label="Exemplos de produtos da coleção">
        {TONES.map((tone, i) => (
          <li key={tone} className="colecao__card">
            <div className="colecao__art" aria-hidden="true">
              <CupArt tone={tone} />
            </div>
            <span className="colecao__code">#{String(i + 1).padStart(4, '0')}/1913</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
