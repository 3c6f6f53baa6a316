import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <main className="page page--narrow page--center" id="conteudo">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="page__title">Página não encontrada</h1>
      <Link className="button" to="/">
        Voltar para o início
      </Link>
    </main>
  );
}
