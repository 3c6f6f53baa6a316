import { Component, type ReactNode } from 'react';

/**
 * The last line under the whole app: a render error shows a Portuguese page with a way out instead
 * of a blank screen (the declarative router has no error element of its own; ADR 0022).
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('Erro ao exibir a página.', error);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main id="conteudo" className="page" role="alert">
        <h1 className="page__title">Algo deu errado</h1>
        <p className="page__text">Não foi possível exibir esta página. Tente carregar de novo.</p>
        <a className="button" href={window.location.pathname}>
          Carregar de novo
        </a>
      </main>
    );
  }
}
