import { NavLink } from 'react-router';
import { env } from '../config/env';
import { useStoredUser } from '../session/get-logged-user';
import { useLogout } from '../session/logout';
import { Brand } from '../ui/brand';

const LINKS = [
  { to: '/produtos', label: 'Minha coleção' },
  { to: '/indicacoes', label: 'Indique e ganhe' },
  { to: '/extrato', label: 'Extrato' },
  { to: '/editar-perfil', label: 'Meu perfil' },
] as const;

/** The member menu (spec 000 section 2): staff see Friends & family instead of the store link. */
export function AppHeader() {
  const user = useStoredUser();
  const logout = useLogout();
  const colaborador = user?.colaborador === true;
  return (
    <header className="app-header">
      <Brand to="/home" />
      <nav className="app-nav" aria-label="Menu principal">
        <ul className="app-nav__list">
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink className="app-nav__link" to={link.to}>
                {link.label}
              </NavLink>
            </li>
          ))}
          {colaborador ? (
            <li>
              <NavLink className="app-nav__link" to="/friends-and-family">
                Friends &amp; family
              </NavLink>
            </li>
          ) : null}
          {user && !colaborador ? (
            <li>
              <a className="app-nav__link" href={env.storeUrl} target="_blank" rel="noreferrer">
                Loja oficial<span className="visually-hidden"> (abre em nova aba)</span>
              </a>
            </li>
          ) : null}
          <li>
            <button
              type="button"
              className="app-nav__link app-nav__logout"
              onClick={() => logout.mutate()}
              disabled={logout.isPending}
            >
              Sair
            </button>
          </li>
        </ul>
      </nav>
    </header>
  );
}
