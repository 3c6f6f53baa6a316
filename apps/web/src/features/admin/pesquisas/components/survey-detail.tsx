import { Link, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../../../shared/api/api-error';
import { EmptyState, ErrorState, LoadingState, PageHeader, useStaff } from '../../ui/index';
import { shortDateTime } from '../../ordenacao/datas';
import { useSurveysQuery } from '../api/surveys-api';
import { QuestionsTab } from './questions-tab';
import { AnswersTab } from './answers-tab';
import { LinksTab } from './links-tab';

type Tab = 'perguntas' | 'respostas' | 'links';

/** /admin/pesquisas/:id: questions, answers (paged, CSV) and, for a satisfaction campaign, the members' links. */
export function SurveyDetail() {
  const id = Number(useParams().id);
  const q = useSurveysQuery();
  const canEdit = useStaff().can('content.write');
  const [params, setParams] = useSearchParams();
  const p = q.data?.find((x) => x.id === id);
  if (q.isPending) return <LoadingState />;
  if (q.isError) return <ErrorState message={errorMessage(q.error)} onRetry={() => void q.refetch()} />;
  if (!p) return <EmptyState title="Pesquisa não encontrada" action={<Link to="/admin/pesquisas">Voltar às pesquisas</Link>} />;

  const tabs: { id: Tab; rotulo: string }[] = [
    { id: 'perguntas', rotulo: 'Perguntas' },
    { id: 'respostas', rotulo: 'Respostas' },
    ...(p.tipo === 'satisfacao' && canEdit ? [{ id: 'links' as const, rotulo: 'Links dos membros' }] : []),
  ];
  const requested = params.get('aba') as Tab | null;
  const tab: Tab = tabs.some((a) => a.id === requested) ? requested! : 'perguntas';
  const goTo = (a: Tab) => setParams(new URLSearchParams({ aba: a }));

  return (
    <>
      <PageHeader
        title={p.nome}
        description={`${p.tipo === 'satisfacao' ? 'Pesquisa de satisfação' : 'Pesquisa de personalização'}${p.atual ? ' · a que os membros respondem agora' : ''}${p.tipo === 'satisfacao' ? (p.faseAberta ? (p.dataFim ? ` · aberta até ${shortDateTime(p.dataFim)}` : ' · fase aberta') : ' · fase encerrada') : ''} · ${p.participacoes} participações, ${p.concluidas} concluídas`}
        actions={
          <Link className="admin-btn" to="/admin/pesquisas">
            Todas as pesquisas
          </Link>
        }
      />
      <div className="pesquisas-abas" role="tablist" aria-label="Seções da pesquisa">
        {tabs.map((a) => (
          <button key={a.id} type="button" role="tab" id={`aba-${a.id}`} aria-selected={tab === a.id} aria-controls="pesquisa-painel" className={`pesquisas-aba${tab === a.id ? ' pesquisas-aba--ativa' : ''}`} onClick={() => goTo(a.id)}>
            {a.rotulo}
          </button>
        ))}
      </div>
      <div id="pesquisa-painel" role="tabpanel" aria-labelledby={`aba-${tab}`}>
        {tab === 'perguntas' && <QuestionsTab pesquisa={p} canEdit={canEdit} />}
        {tab === 'respostas' && <AnswersTab pesquisa={p} />}
        {tab === 'links' && <LinksTab pesquisa={p} />}
      </div>
    </>
  );
}
