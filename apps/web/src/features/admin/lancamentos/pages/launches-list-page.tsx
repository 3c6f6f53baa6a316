import { Link } from 'react-router';
import { LAUNCH_STATUSES, type LaunchStatus } from '@legiao/contracts/lancamentos';
import { errorMessage } from '../../../../shared/api/api-error';
import { EmptyState, ErrorState, LoadingState, PageHeader, SelectFilter, useListParams, useStaff } from '../../ui/index';
import { useLaunches } from '../api/launches-api';
import { STATUS_LABEL, STATUS_TONE } from '../lib/labels';

/** /admin/lancamentos: every launch (or those of one status), the latest window first. */
export function LaunchesListPage() {
  const params = useListParams(['status'] as const);
  const status = LAUNCH_STATUSES.find((s) => s === params.filters.status) as LaunchStatus | undefined;
  const q = useLaunches(status);
  const canEdit = useStaff().can('content.write');
  return (
    <>
      <PageHeader
        title="Lançamentos"
        description="Acesso antecipado a um lançamento para quem a regra escolhe, com uma cota por membro. Datas no horário de São Paulo."
        actions={
          canEdit && (
            <Link className="admin-btn admin-btn--primario" to="novo">
              Novo lançamento
            </Link>
          )
        }
      />
      <div className="admin-filtros">
        <SelectFilter label="Situação" value={status} onChange={(v) => params.setFilter('status', v)} options={LAUNCH_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] }))} allLabel="Todas" />
      </div>
      {q.isPending ? (
        <LoadingState label="Carregando os lançamentos..." />
      ) : q.isError ? (
        <ErrorState message={errorMessage(q.error)} onRetry={() => void q.refetch()} />
      ) : q.data.itens.length === 0 ? (
        <EmptyState title="Nenhum lançamento" message={status ? 'Nenhum lançamento nesta situação.' : canEdit ? 'Crie o primeiro em “Novo lançamento”.' : undefined} />
      ) : (
        <div className="admin-tabela">
          <div className="admin-tabela__rolagem">
            <table>
              <caption className="visually-hidden">Lançamentos</caption>
              <thead>
                <tr>
                  <th scope="col">Nome</th>
                  <th scope="col">Endereço</th>
                  <th scope="col">Situação</th>
                  <th scope="col">Acesso antecipado (São Paulo)</th>
                  <th scope="col">Data pública</th>
                  <th scope="col">Cota</th>
                  <th scope="col">Condições</th>
                </tr>
              </thead>
              <tbody>
                {q.data.itens.map((l) => (
                  <tr key={l.id}>
                    <td>
                      <Link to={l.id}>{l.nome}</Link>
                    </td>
                    <td>
                      <code>{l.slug}</code>
                    </td>
                    <td>
                      <span className={`admin-selo ${STATUS_TONE[l.status]}`}>{STATUS_LABEL[l.status]}</span>
                    </td>
                    <td>
                      {l.horarios.acessoInicio} a {l.horarios.acessoFim}
                    </td>
                    <td>{l.horarios.dataPublica}</td>
                    <td>{l.cotaPorMembro}</td>
                    <td>{l.regra.condicoes.length}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </>
  );
}
