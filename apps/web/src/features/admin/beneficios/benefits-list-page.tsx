import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AUDIENCE_LABELS, BENEFIT_STATUSES, STATUS_LABELS, type BenefitAdminItem } from '@legiao/contracts/admin/beneficios';
import { Can, ConfirmDialog, DataTable, PageHeader, SelectFilter, TextFilter, notifyError, notifySuccess, useListParams, useStaff, type AdminColumn } from '../ui/index';
import { duplicateBenefit, setActiveBenefit, useBenefitMutation, useBenefitsQuery } from './benefits-api';
import { MemberState, SealStatus } from './components/status';

const FILTERS = ['busca', 'situacao'] as const;
const data = (iso: string | null) => (iso ? new Date(iso).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' }) : null);
const points = (n: number) => (n === 0 ? 'Gratuito' : `${n} ${n === 1 ? 'ponto' : 'pontos'}`);

/** /admin/beneficios: every benefit with its situation and what a member in its audience sees. */
export function BenefitsListPage() {
  const staff = useStaff();
  const navigate = useNavigate();
  const params = useListParams(FILTERS, { ordem: 'ordem' });
  const q = useBenefitsQuery(params.query);
  const duplicate = useBenefitMutation(duplicateBenefit);
  const activate = useBenefitMutation(setActiveBenefit);
  const [archiving, setArchiving] = useState<BenefitAdminItem | null>(null);
  const writes = staff.can('content.write');

  const columns: AdminColumn<BenefitAdminItem>[] = [
    {
      id: 'nome',
      header: 'Benefício',
      enableSorting: true,
      cell: ({ row: { original: b } }) => (
        <span className="beneficios-admin-nome">
          <img src={b.urlImagem} alt="" width={48} height={48} loading="lazy" />
          <span>
            <Link to={String(b.id)}>{b.nome}</Link>
            <small>{b.chave}</small>
          </span>
        </span>
      ),
    },
    { id: 'valor', header: 'Custo', enableSorting: true, cell: ({ row }) => <span className="beneficios-admin-custo">{points(row.original.valor)}</span> },
    {
      id: 'inicio',
      header: 'Janela',
      enableSorting: true,
      cell: ({ row: { original: b } }) => (
        <small className="beneficios-admin-janela">
          {b.inicio || b.fim ? (
            <>
              {data(b.inicio) ?? 'sempre'} → {data(b.fim) ?? 'sem fim'}
            </>
          ) : (
            'Sem datas'
          )}
        </small>
      ),
    },
    {
      id: 'publico',
      header: 'Público',
      cell: ({ row: { original: b } }) => (
        <span className="admin-selos">
          {b.publico.length === 3 ? <span className="admin-selo">Todos</span> : b.publico.map((p) => <span key={p} className="admin-selo">{AUDIENCE_LABELS[p]}</span>)}
          {b.cidades.length > 0 && <small title={b.cidades.join(', ')}>{b.cidades.length === 1 ? b.cidades[0] : `${b.cidades.length} cidades`}</small>}
        </span>
      ),
    },
    {
      id: 'situacao',
      header: 'Situação',
      cell: ({ row: { original: b } }) => (
        <span className="beneficios-admin-situacao">
          <SealStatus situacao={b.situacao} />
          <span>
            O membro vê: <MemberState estado={b.estado} codigo={b.codigoBloqueio} />
          </span>
          <small className="admin-campo__dica">
            {b.resgates.toLocaleString('pt-BR')} {b.resgates === 1 ? 'resgate' : 'resgates'}
          </small>
        </span>
      ),
    },
    {
      id: 'acoes',
      header: () => <span className="visually-hidden">Ações</span>,
      cell: ({ row: { original: b } }) => (
        <span className="beneficios-admin-acoes">
          <Link className="admin-btn admin-btn--pequeno" to={String(b.id)} aria-label={`${writes ? 'Editar' : 'Ver'} ${b.nome}`}>
            {writes ? 'Editar' : 'Ver'}
          </Link>
          <Can permission="content.write">
            <button
              type="button"
              className="admin-btn admin-btn--pequeno"
              aria-label={`Duplicar ${b.nome}`}
              disabled={duplicate.isPending}
              onClick={() =>
                duplicate.mutate(b.id, {
                  onSuccess: (copy) => {
                    notifySuccess(`Cópia criada (arquivada): ${copy.form.nome}.`);
                    void navigate(String(copy.id));
                  },
                  onError: notifyError,
                })
              }
            >
              Duplicar
            </button>
            {b.ativo ? (
              <button type="button" className="admin-btn admin-btn--pequeno" aria-label={`Arquivar ${b.nome}`} onClick={() => setArchiving(b)}>
                Arquivar
              </button>
            ) : (
              <button
                type="button"
                className="admin-btn admin-btn--pequeno"
                aria-label={`Publicar ${b.nome}`}
                onClick={() => activate.mutate({ id: b.id, ativo: true }, { onSuccess: () => notifySuccess(`${b.nome} está no ar de novo.`), onError: notifyError })}
              >
                Publicar
              </button>
            )}
          </Can>
        </span>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Benefícios"
        description="O que os membros resgatam. “O membro vê” é o estado do card para quem está no público, com cadastro completo, pontos suficientes e sem resgate ainda."
        actions={
          <Can permission="content.write">
            <Link className="admin-btn admin-btn--primario" to="novo">
              Novo benefício
            </Link>
          </Can>
        }
      />
      <div className="admin-filtros">
        <TextFilter label="Buscar por título ou chave" value={params.filters.busca} onChange={(v) => params.setFilter('busca', v)} />
        <SelectFilter label="Situação" value={params.filters.situacao} onChange={(v) => params.setFilter('situacao', v)} allLabel="Todas" options={BENEFIT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))} />
      </div>
      <DataTable caption="Benefícios" columns={columns} page={q.data} isLoading={q.isFetching} error={q.error} onRetry={() => void q.refetch()} params={params} getRowId={(b) => String(b.id)} />
      {archiving && (
        <ConfirmDialog
          title="Arquivar benefício"
          confirmLabel="Arquivar"
          danger
          onClose={() => setArchiving(null)}
          onConfirm={async () => {
            try {
              await activate.mutateAsync({ id: archiving.id, ativo: false });
              notifySuccess(`${archiving.nome} foi arquivado.`);
            } catch (err) {
              notifyError(err);
              throw err;
            }
          }}
        >
          <p>“{archiving.nome}” some do portal na hora para todos os membros. Resgates e cupons já entregues continuam valendo. Dá para publicar de novo depois.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
