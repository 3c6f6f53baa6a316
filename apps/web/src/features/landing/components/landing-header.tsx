import { Link } from 'react-router';
import { Brand } from '../../../shared/ui/brand';

export function LandingHeader() {
  return (
    <header className="landing-header">
      <Brand />
      <nav className="landing-nav" aria-label="Menu principal">
        <ul className="landing-nav__anchors">
          <li>
            <a href="#beneficios">Benefícios</a>
          </li>
          <li>
            <a href="#colecao">Coleção</a>
          </li>
          <li>
            <a href="#duvidas">Dúvidas</a>
          </li>
        </ul>
        <div className="landing-nav__actions">
          <Link className="landing-nav__login" to="/login">
            Login
          </Link>
          <Link className="button button--small" to="/cadastro">
            Cadastre-se
          </Link>
        </div>
      </nav>
    </header>
  );
}
