import { NavLink } from 'react-router';
import '../webhooks.css';

const tab = ({ isActive }: { isActive: boolean }) => `webhooks-aba${isActive ? ' webhooks-aba--ativa' : ''}`;

/**
 * Integrações' two parts: the store's API clients (calls coming in) and the webhooks (events going
 * out). Absolute paths: inside a splat route "." is the whole current URL.
 */
export function IntegrationsTabs() {
  return (
    <nav className="webhooks-abas" aria-label="Partes de Integrações">
      <NavLink to="/admin/integracoes" end className={tab}>
        API da loja
      </NavLink>
      <NavLink to="/admin/integracoes/webhooks" className={tab}>
        Webhooks
      </NavLink>
    </nav>
  );
}
