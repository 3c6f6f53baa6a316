import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { recommendationsQuery } from '../api/home-queries';

/**
 * Section 8: the recommendation banner (spec 000 section 3: produto, produto2, img1, img2,
 * urlSite, urlSite2), chosen by the server for this member. Nothing to show: no section.
 */
export function RecommendationsSection({ hash }: { hash: string }) {
  const { data, error } = useQuery(recommendationsQuery(hash));
  useEffect(() => {
    if (error) console.warn('Não foi possível carregar as recomendações.', error);
  }, [error]);
  const pairs = data ?? [];
  if (!pairs.length) return null;
  return (
    <section className="recomendacoes" aria-labelledby="recomendacoes-titulo">
      <h2 id="recomendacoes-titulo" className="secao-topo__titulo">
        Recomendados para você
      </h2>
      <ul className="recomendacoes__lista">
        {pairs.flatMap((par) =>
          [
            { nome: par.produto, img: par.img1, url: par.urlSite },
            { nome: par.produto2, img: par.img2, url: par.urlSite2 },
          ].map((p) => (
            <li key={`${p.nome}-${p.url}`} className="recomendacao">
              <a className="recomendacao__link" href={p.url} target="_blank" rel="noreferrer">
                <img src={p.img} alt="" loading="lazy" decoding="async" width={160} height={160} />
                <span className="recomendacao__nome">{p.nome}</span>
                <span className="recomendacao__cta">
                  Ver na loja<span className="visually-hidden"> (abre em nova aba)</span>
                </span>
              </a>
            </li>
          )),
        )}
      </ul>
    </section>
  );
}
