import { Link, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../../../shared/api/api-error';
import { EmptyState, ErrorState, LoadingState, PageHeader, useStaff } from '../../ui';
import { dataHoraCurta } from '../../ordenacao/datas';
import { usePesquisasQuery } from '../api/pesquisas-api';
import { PerguntasAba } from './perguntas-aba';
import { RespostasAba } from './respostas-aba';
import { LinksAba } from './links-aba';

type Aba = 'perguntas' | 'respostas' | 'links';

/** /admin/pesquisas/:id: questions, answers (paged, CSV) and, for a satisfaction campaign, the members' links. */
export function PesquisaDetalhe() {
  const id = Number(useParams().id);
  const q = usePesquisasQuery();
  const podeEditar = useStaff().can('content.write');
  const [params, setParams] = useSearchParams();
  const p = q.data?.find((x) => x.id === id);
  if (q.isPending) return <LoadingState />;
  if (q.isError) return <ErrorState message={errorMessage(q.error)} onRetry={() => void q.refetch()} />;
  if (!p) return <EmptyState title="Pesquisa não encontrada" action={<Link to="/admin/pesquisas">Voltar às pesquisas</Link>} />;

  const abas: { id: Aba; rotulo: string }[] = [
    { id: 'perguntas', rotulo: 'Perguntas' },
    { id: 'respostas', rotulo: 'Respostas' },
    ...(p.tipo === 'satisfacao' && podeEditar ? [{ id: 'links' as const, rotulo: 'Links dos membros' }] : []),
  ];
  const pedida = params.get('aba') as Aba | null;
  const aba: Aba = abas.some((a) => a.id === pedida) ? pedida! : 'perguntas';
  const irPara = (a: Aba) => setParams(new URLSearchParams({ aba: a }));

  return (
    <>
      <PageHeader
        title={p.nome}
        description={`${p.tipo === 'satisfacao' ? 'Pesquisa de satisfação' : 'Pesquisa de personalização'}${p.atual ? ' · a que os membros respondem agora' : ''}${p.tipo === 'satisfacao' ? (p.faseAberta ? (p.dataFim ? ` · aberta até ${dataHoraCurta(p.dataFim)}` : ' · fase aberta') : ' · fase encerrada') : ''} · ${p.participacoes} participações, ${p.concluidas} concluídas`}
        actions={
          <Link className="admin-btn" to="/admin/pesquisas">
            Todas as pesquisas
          </Link>
        }
      />
      <div className="pesquisas-abas" role="tablist" aria-label="Seções da pesquisa">
        {abas.map((a) => (
          <button key={a.id} type="button" role="tab" id={`aba-${a.id}`} aria-selected={aba === a.id} aria-controls="pesquisa-painel" className={`pesquisas-aba${aba === a.id ? ' pesquisas-aba--ativa' : ''}`} onClick={() => irPara(a.id)}>
            {a.rotulo}
          </button>
        ))}
      </div>
      <div id="pesquisa-painel" role="tabpanel" aria-labelledby={`aba-${aba}`}>
        {aba === 'perguntas' && <PerguntasAba pesquisa={p} podeEditar={podeEditar} />}
        {aba === 'respostas' && <RespostasAba pesquisa={p} />}
        {aba === 'links' && <LinksAba pesquisa={p} />}
      </div>
    </>
  );
}
