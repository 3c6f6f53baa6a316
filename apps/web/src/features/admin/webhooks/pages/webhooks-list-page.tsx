import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { WebhookEndpoint } from '@legiao/contracts/admin/webhooks';
import { errorMessage } from '../../../../shared/api/api-error';
import { EmptyState, ErrorState, LoadingState, PageHeader, notifySuccess } from '../../ui/index';
import { useWebhooks } from '../api/get-webhooks';
import { useCreateWebhook } from '../api/write-webhooks';
import { EventCatalogue } from '../components/event-catalogue';
import { IntegrationsTabs } from '../components/integrations-tabs';
import { Section } from '../components/section';
import { SecretDialog } from '../components/secret-dialog';
import { WebhookForm } from '../components/webhook-form';
import { endpointState, typesText } from '../lib/format';

/**
 * /admin/integracoes/webhooks: the endpoints that receive the portal's events, a new one (its
 * secret shown once, then its page), and the catalogue of events an integrator codes against.
 */
export function WebhooksListPage() {
  const navigate = useNavigate();
  const q = useWebhooks();
  const create = useCreateWebhook();
  // The secret stays in this page's memory only, until the dialog closes.
  const [created, setCreated] = useState<{ id: string; secret: string } | null>(null);
  const [formKey, setFormKey] = useState(0);
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Endereços que recebem os eventos do portal assim que acontecem: um POST assinado (Standard Webhooks) por evento, com novas tentativas por até 3 dias."
      />
      <IntegrationsTabs />
      <Section title="Endpoints">
        {q.isLoading ? <LoadingState /> : q.error || !q.data ? <ErrorState message={errorMessage(q.error)} onRetry={() => void q.refetch()} /> : <EndpointsTable endpoints={q.data.itens} />}
      </Section>
      <Section title="Novo endpoint">
        <p>O segredo que assina as entregas aparece uma única vez, logo depois de criar. Tenha onde guardá-lo.</p>
        <WebhookForm
          key={formKey}
          submitLabel="Criar endpoint"
          busy={create.isPending}
          onSubmit={async (body) => {
            const answer = await create.mutateAsync(body);
            notifySuccess('Endpoint criado.');
            setFormKey((k) => k + 1);
            setCreated({ id: answer.endpoint.id, secret: answer.segredo });
          }}
        />
      </Section>
      <Section title="Catálogo de eventos">
        <EventCatalogue />
      </Section>
      {created && (
        <SecretDialog
          secret={created.secret}
          onClose={() => {
            // Forget the secret: the mutation's answer holds it too.
            create.reset();
            setCreated(null);
            void navigate(created.id);
          }}
        />
      )}
    </>
  );
}

function EndpointsTable({ endpoints }: { endpoints: WebhookEndpoint[] }) {
  if (endpoints.length === 0) return <EmptyState title="Nenhum endpoint" message="Cadastre um abaixo para receber os eventos do portal." />;
  return (
    <div className="admin-tabela">
      <div className="admin-tabela__rolagem">
        <table>
          <caption className="visually-hidden">Endpoints de webhook</caption>
          <thead>
            <tr>
              <th scope="col">URL</th>
              <th scope="col">Descrição</th>
              <th scope="col">Eventos</th>
              <th scope="col">Situação</th>
              <th scope="col">Pendentes</th>
              <th scope="col">Entregues</th>
              <th scope="col">Falharam</th>
            </tr>
          </thead>
          <tbody>
            {endpoints.map((e) => {
              const state = endpointState(e);
              return (
                <tr key={e.id}>
                  <td className="webhooks-url">
                    <Link to={e.id}>{e.url}</Link>
                  </td>
                  <td>{e.descricao || '—'}</td>
                  <td className="webhooks-tipos">{typesText(e.tipos)}</td>
                  <td>
                    <span className={`admin-selo ${state.tone}`}>{state.label}</span>
                    {state.detail && <small className="webhooks-motivo">{state.detail}</small>}
                  </td>
                  <td>{e.entregas.pendentes.toLocaleString('pt-BR')}</td>
                  <td>{e.entregas.entregues.toLocaleString('pt-BR')}</td>
                  <td>{e.entregas.falharam.toLocaleString('pt-BR')}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
