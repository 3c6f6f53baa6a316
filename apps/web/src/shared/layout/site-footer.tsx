import { Link } from 'react-router';
import { env } from '../config/env';

const CATEGORIES = ['Bar', 'Café', 'Hidratação', 'Camping', 'Youth', 'Mate'] as const;
const SOCIAL = [
  { nome: 'Instagram', url: 'https://www.instagram.com/' },
  { nome: 'Facebook', url: 'https://www.facebook.com/' },
  { nome: 'YouTube', url: 'https://www.youtube.com/' },
  { nome: 'TikTok', url: 'https://www.tiktok.com/' },
] as const;

/** A category page of the store: the store's own search, so no slugs are invented here. */
const categoryUrl = (category: string) => `${env.storeUrl.replace(/\/+$/, '')}/busca?q=${encodeURIComponent(category)}`;

function External({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noreferrer">
      {children}
      <span className="visually-hidden"> (abre em nova aba)</span>
    </a>
  );
}

/**
 * The footer. Visitors get the account links; members (spec 000 section 2) get category, help and
 * about links, social links and the legal text.
 */
export function SiteFooter({ variant = 'visitante' }: { variant?: 'visitante' | 'membro' }) {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        {variant === 'membro' ? (
          <div className="site-footer__colunas">
            <nav aria-labelledby="rodape-categorias" className="site-footer__nav">
              <h2 id="rodape-categorias" className="site-footer__titulo">
                Categorias
              </h2>
              <ul>
                {CATEGORIES.map((c) => (
                  <li key={c}>
                    <External href={categoryUrl(c)}>{c}</External>
                  </li>
                ))}
              </ul>
            </nav>
            <nav aria-labelledby="rodape-ajuda" className="site-footer__nav">
              <h2 id="rodape-ajuda" className="site-footer__titulo">
                Ajuda
              </h2>
              <ul>
                <li>
                  <a href="#faq">Perguntas frequentes</a>
                </li>
                <li>
                  <Link to="/extrato">Meu extrato</Link>
                </li>
                <li>
                  <Link to="/editar-perfil">Meus dados e privacidade</Link>
                </li>
                <li>
                  <a href="mailto:atendimento@legiao.dev">Fale conosco</a>
                </li>
              </ul>
            </nav>
            <nav aria-labelledby="rodape-sobre" className="site-footer__nav">
              <h2 id="rodape-sobre" className="site-footer__titulo">
                Sobre
              </h2>
              <ul>
                <li>
                  <Link to="/minhas-conquistas">Minhas conquistas</Link>
                </li>
                <li>
                  <Link to="/beneficios">Benefícios</Link>
                </li>
                <li>
                  <External href={env.storeUrl}>Loja oficial</External>
                </li>
              </ul>
            </nav>
            <nav aria-labelledby="rodape-social" className="site-footer__nav">
              <h2 id="rodape-social" className="site-footer__titulo">
                Redes sociais
              </h2>
              <ul>
                {SOCIAL.map((s) => (
                  <li key={s.nome}>
                    <External href={s.url}>{s.nome}</External>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        ) : (
          <nav aria-label="Rodapé" className="site-footer__nav site-footer__nav--linha">
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
        )}
        <p className="site-footer__legal">
          © {year} Legião. Programa de relacionamento gratuito. Benefícios sujeitos a disponibilidade e às regras de cada
          campanha. Cupons de uso único por CPF; consulte as condições de cada benefício.
        </p>
      </div>
    </footer>
  );
}
