import { Link } from 'react-router';

/** A route that a later issue fills: a heading and the way back home. */
export function PlaceholderPage({ title, text }: { title: string; text?: string }) {
  return (
    <main className="page page--narrow" id="conteudo">
      <h1 className="page__title">{title}</h1>
      <p className="page__text">{text ?? 'Em breve, novidades por aqui.'}</p>
      <Link className="button button--ghost" to="/home">
        Voltar para a home
      </Link>
    </main>
  );
}
