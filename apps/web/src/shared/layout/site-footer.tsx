import { Link } from 'react-router';

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <nav aria-label="Rodapé" className="site-footer__nav">
          <ul>
            <li>
              <Link to="/#beneficios">Benefícios</Link>
            </li>
            <li>
              <Link to="/#colecao">Coleção</Link>
            </li>
            <li>
              <Link to="/#duvidas">Dúvidas</Link>
            </li>
            <li>
              <Link to="/cadastro">Cadastre-se</Link>
            </li>
          </ul>
        </nav>
        <p className="site-footer__legal">
          © {year} Legião. Programa de relacionamento gratuito. Benefícios sujeitos a disponibilidade e às regras de cada
          campanha.
        </p>
      </div>
    </footer>
  );
}
