import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingState, PageHeader } from '../ui/index';
import { dayHour } from '../painel/formatar';
import { usePublishedLaunchesQuery } from './launch-day-api';
import './launch-day.css';

/** /admin/lancamentos-dia: the published launches, each leading to its day's page. */
export function LaunchDayList() {
  const q = usePublishedLaunchesQuery();
  return (
    <div className="lancamento-dia">
      <PageHeader title="Dia do lançamento" description="Os lançamentos publicados: abra um para ver, ao vivo, quem viu, acessou e pediu, e a sala de espera." />
      {q.isPending ? (
        <LoadingState />
      ) : q.isError ? (
        <ErrorState onRetry={() => void q.refetch()} />
      ) : q.data.itens.length === 0 ? (
        <EmptyState title="Nenhum lançamento publicado" />
      ) : (
        <ul className="lancamento-dia__lista">
          {q.data.itens.map((l) => (
            <li key={l.id}>
              <span>
                <strong>{l.nome}</strong>
                <span>{`acesso antecipado a partir de ${dayHour(l.acessoInicio)}`}</span>
              </span>
              <Link className="admin-btn admin-btn--pequeno" to={`/admin/lancamentos/${l.id}/dia`} aria-label={`Painel do dia: ${l.nome}`}>
                Painel do dia
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
