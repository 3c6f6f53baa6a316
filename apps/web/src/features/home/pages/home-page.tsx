import { useEffect } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/api-error';
import { firstName, useLoggedUser } from '../../../shared/session/get-logged-user';
import { useLogout } from '../../../shared/session/logout';
import { Loader } from '../../../shared/ui/loader';
import { MinhaColecaoSection } from '../../produtos/components/minha-colecao-section';
import '../home.css';

/** Minimal member home: greeting and shortcuts (the full home arrives with its own issue). */
export function HomePage() {
  const { data: user, error, isPending } = useLoggedUser();
  const logout = useLogout();
  const { mutate: logoutNow } = logout;

  useEffect(() => {
    if (!error) return;
    console.warn('Não foi possível carregar o usuário logado.', error);
    // A 401 is already handled by the HTTP client (session cleared, /login after 1 s).
    if (!(error instanceof ApiError && error.status === 401)) logoutNow();
  }, [error, logoutNow]);

  if (isPending || error || !user) return <Loader />;

  return (
    <main id="conteudo" className="page home">
      <section className="home-banner" aria-labelledby="saudacao">
        <h1 id="saudacao" className="home-banner__title">
          Olá, {firstName(user.nome)}!
        </h1>
        <p className="home-banner__text">Bem-vindo à Legião. Aqui ficam sua coleção, suas indicações e seus benefícios.</p>
      </section>
      <MinhaColecaoSection />
      <ul className="home-shortcuts">
        <li>
          <Link className="home-shortcut" to="/produtos">
            <span className="home-shortcut__title">Ver minha coleção</span>
            <span className="home-shortcut__text">Seus produtos registrados</span>
          </Link>
        </li>
        <li>
          <Link className="home-shortcut" to="/indicacoes">
            <span className="home-shortcut__title">Ver indicações</span>
            <span className="home-shortcut__text">Convide amigos e desbloqueie benefícios</span>
          </Link>
        </li>
        <li>
          <Link className="home-shortcut" to="/extrato">
            <span className="home-shortcut__title">Ver extrato</span>
            <span className="home-shortcut__text">Seu saldo e movimentações</span>
          </Link>
        </li>
        <li>
          <Link className="home-shortcut" to="/editar-perfil">
            <span className="home-shortcut__title">Editar meu perfil</span>
            <span className="home-shortcut__text">Mantenha seus dados em dia</span>
          </Link>
        </li>
        {!user.social ? (
          <li>
            <Link className="home-shortcut" to="/alterar-senha">
              <span className="home-shortcut__title">Alterar minha senha</span>
              <span className="home-shortcut__text">Troque a senha de acesso</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </main>
  );
}
