import { Link } from 'react-router';
import { STAFF_ROLE_LABELS } from '@legiao/contracts/admin/roles';
import { adminNav } from '../nav';
import { useStaff } from '../staff/staff-context';
import { PageHeader } from '../ui/page-header';
import { EmptyState } from '../ui/states';

/** /admin: the areas this staff member can open. */
export function AdminHomePage() {
  const staff = useStaff();
  const items = adminNav.filter((item) => staff.can(item.permission));
  return (
    <>
      <PageHeader title={`Olá, ${staff.nome.split(/\s+/)[0]}`} description={`Seus papéis: ${staff.papeis.map((p) => STAFF_ROLE_LABELS[p]).join(', ')}.`} />
      {items.length === 0 ? (
        <EmptyState title="Nenhuma área disponível" message="Seus papéis ainda não dão acesso a nenhuma área do back office." />
      ) : (
        <ul className="admin-areas">
          {items.map((item) => (
            <li key={item.to}>
              <Link to={`/admin/${item.to}`}>{item.label}</Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
