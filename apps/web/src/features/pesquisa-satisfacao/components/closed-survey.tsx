import { Link } from 'react-router';

/** An invalid, expired or already answered hash, or a failed load (spec 001 sections 2.17 and 8). */
export function ClosedSurvey() {
  return (
    <div className="result satisfacao-encerrada" role="status">
      <h1 className="page__title">Pesquisa encerrada</h1>
      <p className="result__text">Este link de pesquisa não está mais disponível. Obrigado pelo interesse!</p>
      <Link className="button button--ghost" to="/">
        Ir para o início
      </Link>
    </div>
  );
}
