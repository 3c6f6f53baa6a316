import { useRoutes } from 'react-router';
import { IntegrationsListPage } from './pages/integrations-list-page';
import { NewIntegrationPage } from './pages/new-integration-page';
import { IntegrationPage } from './pages/integration-page';
import './integracoes.css';

/** /admin/integracoes/* (integrations.manage): the list, a new client, a client's page. */
export function IntegrationsArea() {
  return useRoutes([
    { index: true, element: <IntegrationsListPage /> },
    { path: 'nova', element: <NewIntegrationPage /> },
    { path: ':id', element: <IntegrationPage /> },
  ]);
}
