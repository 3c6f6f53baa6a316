import { WEBHOOK_DELIVERY_STATES, WEBHOOK_DELIVERY_STATE_LABELS, type WebhookDelivery } from '@legiao/contracts/admin/webhooks';
import { WEBHOOK_EVENT_TYPES } from '@legiao/contracts/webhooks/catalogue';
import { DataTable, DateFilter, EmptyState, SelectFilter, notifyError, notifySuccess, useListParams, type AdminColumn } from '../../ui/index';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useRetryWebhookDelivery } from '../api/write-webhooks';
import { DELIVERY_TONE, canRetry, deliveryStateLabel, formatDateTime, responsePreview } from '../lib/format';

const TYPES = WEBHOOK_EVENT_TYPES.map((t) => ({ value: t, label: t }));
const STATES = WEBHOOK_DELIVERY_STATES.map((s) => ({ value: s, label: WEBHOOK_DELIVERY_STATE_LABELS[s] }));

/**
 * An endpoint's deliveries, newest first, filtered by type, status and date (kept in the URL, so a
 * link reopens the same view). Asked again every few seconds while one is pendente; a failed one
 * (or one waiting for its next attempt) can be sent again at once.
 */
export function DeliveriesLog({ endpointId }: { endpointId: string }) {
  const params = useListParams(['tipo', 'status', 'de', 'ate'] as const, { ordem: '-criadoEm' });
  const q = useWebhookDeliveries(endpointId, params.query);
  const retry = useRetryWebhookDelivery(endpointId);
  const filtered = Object.keys(params.filters).length > 0;

  async function onRetry(d: WebhookDelivery) {
    try {
      await retry.mutateAsync(d.id);
      notifySuccess(`Entrega de ${d.tipo} reenviada.`);
    } catch (err) {
      notifyError(err);
    }
  }

  const columns: AdminColumn<WebhookDelivery>[] = [
    {
      id: 'evento',
      header: 'Evento',
      cell: ({ row }) => (
        <span className="webhooks-evento">
          <code>{row.original.tipo}</code>
          <small>{row.original.eventoId}</small>
        </span>
      ),
    },
    { id: 'status', header: 'Status', cell: ({ row }) => <span className={`admin-selo ${DELIVERY_TONE[row.original.status]}`}>{deliveryStateLabel(row.original.status)}</span> },
    { id: 'tentativas', header: 'Tentativas', cell: ({ row }) => row.original.tentativas },
    { id: 'proximaTentativa', header: 'Próxima tentativa', cell: ({ row }) => formatDateTime(row.original.proximaTentativa) },
    { id: 'codigo', header: 'Código HTTP', cell: ({ row }) => row.original.ultimoCodigo ?? '—' },
    { id: 'resposta', header: 'Resposta', cell: ({ row }) => <ResponseCell body={row.original.ultimaResposta} /> },
    { id: 'erro', header: 'Erro', cell: ({ row }) => (row.original.ultimoErro ? <span className="webhooks-erro">{row.original.ultimoErro}</span> : '—') },
    { id: 'criadoEm', header: 'Criada em', enableSorting: true, cell: ({ row }) => formatDateTime(row.original.criadoEm) },
    { id: 'entregueEm', header: 'Entregue em', cell: ({ row }) => formatDateTime(row.original.entregueEm) },
    {
      id: 'acoes',
      header: () => <span className="visually-hidden">Ações</span>,
      cell: ({ row }) => {
        const d = row.original;
        if (!canRetry(d)) return null;
        const busy = retry.isPending && retry.variables === d.id;
        return (
          <button type="button" className="admin-btn admin-btn--pequeno" onClick={() => void onRetry(d)} disabled={busy} aria-busy={busy} aria-label={`Reenviar a entrega ${d.eventoId}`}>
            {busy ? 'Aguarde...' : 'Reenviar'}
          </button>
        );
      },
    },
  ];

  return (
    <>
      <div className="admin-filtros">
        <SelectFilter label="Tipo de evento" value={params.filters.tipo} onChange={(v) => params.setFilter('tipo', v)} options={TYPES} />
        <SelectFilter label="Status" value={params.filters.status} onChange={(v) => params.setFilter('status', v)} options={STATES} />
        <DateFilter label="De" value={params.filters.de} onChange={(v) => params.setFilter('de', v)} />
        <DateFilter label="Até" value={params.filters.ate} onChange={(v) => params.setFilter('ate', v)} />
        {filtered && (
          <button type="button" className="admin-btn" onClick={params.clearFilters}>
            Limpar filtros
          </button>
        )}
      </div>
      <DataTable
        caption="Entregas do endpoint"
        columns={columns}
        page={q.data}
        isLoading={q.isFetching}
        error={q.error}
        onRetry={() => void q.refetch()}
        params={params}
        getRowId={(d) => d.id}
        empty={
          filtered ? (
            <EmptyState message="Nenhuma entrega com esses filtros." />
          ) : (
            <EmptyState title="Nenhuma entrega ainda" message="Os eventos enviados a este endpoint aparecem aqui. Use Enviar teste para ver um chegar." />
          )
        }
      />
    </>
  );
}

/** The first KB of the last answer: its start on the line, the whole of it folded. */
function ResponseCell({ body }: { body: string | null }) {
  if (body === null) return <>—</>;
  const preview = responsePreview(body);
  if (preview === body) return <code>{body}</code>;
  return (
    <details className="webhooks-resposta">
      <summary>
        <code>{preview}</code>
      </summary>
      <pre>{body}</pre>
    </details>
  );
}
