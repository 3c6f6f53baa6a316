import { Link } from 'react-router';
import type { IntegrationSummary } from '@legiao/contracts/admin/integracoes';
import { DataTable, EmptyState, PageHeader, SelectFilter, useListParams, type AdminColumn } from '../../ui/index';
import { useIntegrations } from '../api/get-integrations';
import { formatDateTime, lastUseText } from '../lib/format';
import { ScopeBadges } from '../components/scope-badges';
import { IntegrationsTabs } from '../../webhooks/components/integrations-tabs';

const STATES = [
  { value: 'ativas', label: 'Ativas' },
  { value: 'revogadas', label: 'Revogadas' },
];

/** /admin/integracoes: the store's systems that call the integration API, and how they are doing. */
export function IntegrationsListPage() {
  const params = useListParams(['situacao'] as const, { ordem: '-criadoEm' });
  const q = useIntegrations(params.query);
  const columns: AdminColumn<IntegrationSummary>[] = [
    { id: 'nome', header: 'Nome', enableSorting: true, cell: ({ row }) => <Link to={row.original.id}>{row.original.nome}</Link> },
    { id: 'escopos', header: 'Permissões', cell: ({ row }) => <ScopeBadges escopos={row.original.escopos} /> },
    { id: 'limite', header: 'Limite/min', cell: ({ row }) => row.original.limitePorMinuto.toLocaleString('pt-BR') },
    { id: 'chaves', header: 'Chaves em uso', cell: ({ row }) => row.original.chavesAtivas },
    { id: 'ultimoUsoEm', header: 'Último uso', enableSorting: true, cell: ({ row }) => lastUseText(row.original.ultimoUsoEm, row.original.ultimoUsoIp) },
    { id: 'criadoEm', header: 'Criada em', enableSorting: true, cell: ({ row }) => formatDateTime(row.original.criadoEm) },
    {
      id: 'situacao',
      header: 'Situação',
      cell: ({ row }) => (row.original.revogadoEm ? <span className="admin-selo admin-selo--vermelho">Revogada</span> : <span className="admin-selo admin-selo--verde">Ativa</span>),
    },
  ];
  return (
    <>
      <PageHeader
        title="Integrações"
        description="Os sistemas da loja (site, caixas) que enviam pedidos e consultam membros pela API de integração, cada um com a sua chave."
        actions={
          <Link className="admin-btn admin-btn--primario" to="nova">
            Nova integração
          </Link>
        }
      />
      <IntegrationsTabs />
      <div className="admin-filtros">
        <SelectFilter label="Situação" allLabel="Todas" value={params.filters.situacao} onChange={(v) => params.setFilter('situacao', v)} options={STATES} />
      </div>
      <DataTable
        caption="Integrações da loja"
        columns={columns}
        page={q.data}
        isLoading={q.isFetching}
        error={q.error}
        onRetry={() => void q.refetch()}
        params={params}
        getRowId={(c) => c.id}
        empty={<EmptyState title="Nenhuma integração" message="Crie uma para a loja enviar os pedidos sozinha." />}
      />
    </>
  );
}
