import { Link, useRoutes } from 'react-router';
import { ESTADO_MEMBRO_LABEL, TIPOS_BUSCA, type EstadoMembro, type MembroResumo, type TipoBusca } from '@legiao/contracts/admin/membros';
import { DataTable, EmptyState, PageHeader, SelectFilter, TextFilter, useListParams, type AdminColumn } from '../ui';
import { useBuscaMembros } from './membros-api';
import { MembroPage } from './membro-page';
import { AjustesPage } from './ajustes-page';
import './membros.css';

/** /admin/membros/*: the search, a member's page, the adjustments waiting for approval. */
export function MembrosArea() {
  return useRoutes([
    { index: true, element: <BuscaMembrosPage /> },
    { path: 'ajustes', element: <AjustesPage /> },
    { path: ':id', element: <MembroPage /> },
  ]);
}

const TIPO_LABEL: Record<TipoBusca, string> = { auto: 'Qualquer campo', nome: 'Nome', email: 'E-mail', cpf: 'CPF', numero: 'Número de legião', codigo: 'Código de indicação' };
const ESTADO_COR: Record<EstadoMembro, string> = { ativo: 'admin-selo--verde', pendente: 'admin-selo--ambar', bloqueado: 'admin-selo--vermelho', anonimizado: '' };

export function EstadoSelo({ estado }: { estado: EstadoMembro }) {
  return <span className={`admin-selo ${ESTADO_COR[estado]}`}>{ESTADO_MEMBRO_LABEL[estado]}</span>;
}

export const formatCpf = (cpf: string | null) => (cpf && cpf.length === 11 ? `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}` : (cpf ?? '—'));

function BuscaMembrosPage() {
  const params = useListParams(['busca', 'tipo'] as const);
  const q = useBuscaMembros(params.query);
  const columns: AdminColumn<MembroResumo>[] = [
    { id: 'nome', header: 'Nome', cell: ({ row }) => <Link to={row.original.id}>{row.original.nome}</Link> },
    { id: 'email', accessorKey: 'email', header: 'E-mail', enableSorting: false },
    { id: 'cpf', header: 'CPF', cell: ({ row }) => formatCpf(row.original.cpf) },
    { id: 'estado', header: 'Situação', cell: ({ row }) => <EstadoSelo estado={row.original.estado} /> },
    { id: 'dataCadastro', header: 'Cadastro', cell: ({ row }) => new Date(row.original.dataCadastro).toLocaleDateString('pt-BR') },
  ];
  return (
    <>
      <PageHeader
        title="Membros"
        description="Busque por nome, e-mail, CPF (inteiro ou parte, com ou sem pontos), número de legião ou código de indicação."
        actions={
          <Link className="admin-btn" to="ajustes">
            Ajustes de saldo
          </Link>
        }
      />
      <div className="admin-filtros">
        <TextFilter label="Buscar membro" placeholder="Ex.: Maria, maria@, 123.456, 1913" value={params.filters.busca} onChange={(v) => params.setFilter('busca', v)} />
        <SelectFilter label="Buscar em" allLabel={TIPO_LABEL.auto} value={params.filters.tipo} onChange={(v) => params.setFilter('tipo', v)} options={TIPOS_BUSCA.filter((t) => t !== 'auto').map((t) => ({ value: t, label: TIPO_LABEL[t] }))} />
      </div>
      {!params.filters.busca ? (
        <EmptyState title="Digite algo para buscar" message="Ao menos 3 letras de um nome ou e-mail, parte do CPF, um número de legião ou o código de indicação." />
      ) : (
        <>
          {q.data?.totalLimitado && <p className="membros-aviso">Mais de {q.data.total} membros encontrados: refine a busca.</p>}
          <DataTable caption="Membros encontrados" columns={columns} page={q.data} isLoading={q.isFetching} error={q.error} onRetry={() => void q.refetch()} params={params} getRowId={(m) => m.id} empty={<EmptyState title="Nenhum membro encontrado" />} />
        </>
      )}
    </>
  );
}
