import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { STAFF_ROLE_LABELS } from '@legiao/contracts/admin/roles';
import { adminNav } from '../nav';
import { useStaff } from '../staff/staff-context';

/** The back office's frame (the root layout's skip link leads to its #conteudo): the side menu (only the areas the staff member may use) and the page. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const staff = useStaff();
  const items = adminNav.filter((item) => staff.can(item.permission));
  return (
    <div className="admin">
      <aside className="admin__lateral">
        <Link to="/admin" className="admin__marca">
          Legião <span>back office</span>
        </Link>
        <nav aria-label="Áreas do back office">
          <ul className="admin__menu">
            <li>
              <NavLink to="/admin" end>
                Início
              </NavLink>
            </li>
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={`/admin/${item.to}`}>{item.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin__quem">
          <strong>{staff.nome}</strong>
          <span>{staff.email}</span>
          <span className="admin__papeis">{staff.papeis.map((p) => STAFF_ROLE_LABELS[p]).join(' · ')}</span>
          <Link to="/home">Ir para o portal</Link>
        </div>
      </aside>
      <main className="admin__conteudo" id="conteudo" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
