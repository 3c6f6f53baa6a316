import { useRoutes } from 'react-router';
import { WebhooksListPage } from './pages/webhooks-list-page';
import { WebhookPage } from './pages/webhook-page';
import '../integracoes/integracoes.css';
import './webhooks.css';

/** /admin/integracoes/webhooks/* (integrations.manage): the endpoints, the catalogue, an endpoint's page and log. */
export function WebhooksArea() {
  return useRoutes([
    { index: true, element: <WebhooksListPage /> },
    { path: ':id', element: <WebhookPage /> },
  ]);
}
