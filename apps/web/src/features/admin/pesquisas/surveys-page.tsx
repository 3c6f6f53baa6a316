import { useState } from 'react';
import { Link, useRoutes } from 'react-router';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { newCampaignInputSchema, type SurveySummary } from '@legiao/contracts/admin/pesquisas';
import { errorMessage } from '../../../shared/api/api-error';
import { Modal } from '../../../shared/ui/modal';
import { ConfirmDialog, ErrorState, FormActions, LoadingState, notifyError, notifySuccess, PageHeader, TextInput, useStaff } from '../ui/index';
import { shortDateTime, localToIsoOrEmpty } from '../ordenacao/datas';
import { validateWithContract } from '../ordenacao/contract-errors';
import { createCampaign, changePhase, surveysQueryKey, useSurveysQuery } from './api/surveys-api';
import { SurveyDetail } from './components/survey-detail';
import '../ordenacao/formularios.css';
import './pesquisas.css';

/** /admin/pesquisas/*: the surveys, and one survey's questions, answers and links under :id. */
export function SurveysArea() {
  return useRoutes([
    { index: true, element: <SurveysPage /> },
    { path: ':id', element: <SurveyDetail /> },
  ]);
}

const n = new Intl.NumberFormat('pt-BR');

function SurveysPage() {
  const q = useSurveysQuery();
  const queryClient = useQueryClient();
  const canEdit = useStaff().can('content.write');
  const [newOne, setNew] = useState(false);
  const [phase, setPhase] = useState<SurveySummary | null>(null);

  const togglePhase = async (p: SurveySummary) => {
    try {
      await changePhase(p.id, { aberta: !p.faseAberta });
      await queryClient.invalidateQueries({ queryKey: surveysQueryKey });
      notifySuccess(p.faseAberta ? 'Fase encerrada: os membros veem “Pesquisa encerrada”.' : 'Fase aberta.');
    } catch (e) {
      notifyError(e);
      throw e;
    }
  };

  return (
    <>
      <PageHeader
        title="Pesquisas"
        description="A pesquisa de personalização (define o perfil) e as campanhas da pesquisa de satisfação (cada campanha é uma edição com as suas respostas)."
        actions={
          canEdit && (
            <button type="button" className="admin-btn admin-btn--primario pesquisas-nova" onClick={() => setNew(true)}>
              Nova campanha de satisfação
            </button>
          )
        }
      />
      {q.isPending ? (
        <LoadingState label="Carregando as pesquisas..." />
      ) : q.isError ? (
        <ErrorState message={errorMessage(q.error)} onRetry={() => void q.refetch()} />
      ) : (
        <div className="admin-tabela">
          <div className="admin-tabela__rolagem">
            <table>
              <caption className="visually-hidden">Pesquisas</caption>
              <thead>
                <tr>
                  <th scope="col">Pesquisa</th>
                  <th scope="col">Tipo</th>
                  <th scope="col">Fase</th>
                  <th scope="col" className="pesquisas-num">
                    Perguntas
                  </th>
                  <th scope="col" className="pesquisas-num">
                    Participações
                  </th>
                  <th scope="col" className="pesquisas-num">
                    Concluídas
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Ações</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {q.data.map((p) => (
                  <tr key={p.id}>
                    <td>
                      <Link to={String(p.id)}>{p.nome}</Link> {p.atual && <span className="admin-selo admin-selo--verde">Atual</span>}
                      {!p.ativa && <span className="admin-selo">Inativa</span>}
                    </td>
                    <td>{p.tipo === 'satisfacao' ? 'Satisfação' : 'Personalização'}</td>
                    <td>
                      {p.tipo === 'personalizacao' ? (
                        '—'
                      ) : !p.atual ? (
                        <span className="admin-selo" title="Os membros respondem a campanha atual">
                          Substituída
                        </span>
                      ) : p.faseAberta ? (
                        <span className="admin-selo admin-selo--verde">{p.dataFim ? `Aberta até ${shortDateTime(p.dataFim)}` : 'Aberta'}</span>
                      ) : (
                        <span className="admin-selo admin-selo--vermelho">Encerrada</span>
                      )}
                    </td>
                    <td className="pesquisas-num">{n.format(p.perguntas)}</td>
                    <td className="pesquisas-num">{n.format(p.participacoes)}</td>
                    <td className="pesquisas-num">{n.format(p.concluidas)}</td>
                    <td>
                      <div className="pesquisas-acoes">
                        <Link className="admin-btn admin-btn--pequeno" to={String(p.id)} aria-label={`Abrir ${p.nome}`}>
                          Abrir
                        </Link>
                        {canEdit && p.tipo === 'satisfacao' && p.atual && (
                          <button type="button" className={`admin-btn admin-btn--pequeno${p.faseAberta ? ' admin-btn--perigo' : ''}`} onClick={() => setPhase(p)} aria-label={`${p.faseAberta ? 'Encerrar fase' : 'Abrir fase'} de ${p.nome}`}>
                            {p.faseAberta ? 'Encerrar fase' : 'Abrir fase'}
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      {newOne && <NewCampaign onClose={() => setNew(false)} />}
      {phase && (
        <ConfirmDialog title={phase.faseAberta ? 'Encerrar a fase?' : 'Abrir a fase?'} confirmLabel={phase.faseAberta ? 'Encerrar fase' : 'Abrir fase'} danger={phase.faseAberta} onConfirm={() => togglePhase(phase)} onClose={() => setPhase(null)}>
          <p>
            {phase.faseAberta
              ? `Quem ainda não concluiu “${phase.nome}” passa a ver “Pesquisa encerrada”; o aviso da home some. Quem concluiu continua vendo o cupom.`
              : `“${phase.nome}” volta a aceitar respostas, sem data de fim.`}
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

function NewCampaign({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<{ nome: string; dataFim: string }>({ defaultValues: { nome: '', dataFim: '' } });
  const { errors, isSubmitting } = form.formState;
  const save = form.handleSubmit(async (v) => {
    const body = validateWithContract(newCampaignInputSchema, { nome: v.nome, dataFim: v.dataFim ? localToIsoOrEmpty(v.dataFim) : null }, form.setError, ['nome', 'dataFim']);
    if (!body) return;
    try {
      await createCampaign(body);
      await queryClient.invalidateQueries({ queryKey: surveysQueryKey });
      notifySuccess('Campanha criada: é a pesquisa que os membros respondem agora.');
      onClose();
    } catch (e) {
      notifyError(e);
    }
  });
  return (
    <Modal titulo="Nova campanha de satisfação" onClose={onClose}>
      <form
        className="admin-form form-conteudo"
        onSubmit={(e) => {
          form.clearErrors();
          void save(e);
        }}
        noValidate
        aria-label="Campanha"
      >
        <p className="pesquisas-nota">Copia as perguntas da campanha atual e passa a ser a que os membros respondem. As respostas da anterior continuam guardadas com ela.</p>
        <TextInput label="Nome da campanha" placeholder="Ex.: Satisfação dezembro" error={errors.nome} {...form.register('nome')} />
        <TextInput label="Fim da fase (opcional)" type="datetime-local" hint="Vazio: aberta até alguém encerrar" error={errors.dataFim} {...form.register('dataFim')} />
        {errors.root?.message && (
          <p className="admin-campo__erro" role="alert">
            {errors.root.message}
          </p>
        )}
        <FormActions busy={isSubmitting} submitLabel="Criar campanha" onCancel={onClose} />
      </form>
    </Modal>
  );
}
