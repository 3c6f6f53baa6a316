import { Link } from 'react-router';

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <nav aria-label="Rodapé" className="site-footer__nav">
          <ul>
            <li>
              <Link to="/login">Entrar</Link>
            </li>
            <li>
              <Link to="/cadastro">Quero me cadastrar</Link>
            </li>
            <li>
              <Link to="/esqueceu-a-senha">Esqueci minha senha</Link>
            </li>
            <li>
              <Link to="/ativacao">Reenviar e-mail de ativação</Link>
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
