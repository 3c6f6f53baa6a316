import { useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
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

/** Spec 000 section 2: the menu is drawn white on these routes (they open with a dark hero). */
export const WHITE_MENU_ROUTES = ['/home', '/extrato', '/beneficios', '/friends-and-family'];
export const whiteMenu = (pathname: string) => WHITE_MENU_ROUTES.includes(pathname.toLowerCase().replace(/\/+$/, '') || '/');

/**
 * The member menu (spec 000 section 2): staff see Friends & family instead of the store link.
 * Below 768 px the list folds behind a 'Menu' button; it closes on every navigation.
 */
export function AppHeader() {
  const user = useStoredUser();
  const logout = useLogout();
  const { pathname } = useLocation();
  const [isOpen, setIsOpen] = useState(false);
  const staff = user?.colaborador === true;
  const white = whiteMenu(pathname);

  useEffect(() => setIsOpen(false), [pathname]);

  return (
    <header className={white ? 'app-header app-header--branco' : 'app-header'} data-menu={white ? 'branco' : 'padrao'}>
      <Brand to="/home" />
      <button
        type="button"
        className="app-header__menu"
        aria-expanded={isOpen}
        aria-controls="menu-principal"
        onClick={() => setIsOpen((v) => !v)}
      >
        <span aria-hidden="true" className="app-header__menu-icone" />
        Menu
      </button>
      <nav id="menu-principal" className={isOpen ? 'app-nav app-nav--aberto' : 'app-nav'} aria-label="Menu principal">
        <ul className="app-nav__list">
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink className="app-nav__link" to={link.to}>
                {link.label}
              </NavLink>
            </li>
          ))}
          {staff ? (
            <li>
              <NavLink className="app-nav__link" to="/friends-and-family">
                Friends &amp; family
              </NavLink>
            </li>
          ) : null}
          {user && !staff ? (
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
