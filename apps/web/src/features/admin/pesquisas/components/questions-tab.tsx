import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { questionEditInputSchema, type QuestionAdmin, type SurveySummary } from '@legiao/contracts/admin/pesquisas';
import { PROFILES } from '@legiao/contracts/usuario';
import { errorMessage } from '../../../../shared/api/api-error';
import { Modal } from '../../../../shared/ui/modal';
import { ErrorState, FormActions, LoadingState, notifyError, notifySuccess, SelectInput, TextInput } from '../../ui/index';
import { validateWithContract } from '../../ordenacao/contract-errors';
import { editQuestion, surveysQueryKey, useQuestionsQuery } from '../api/surveys-api';

/** The questions by page, with their options; staff with content.write reword them. */
export function QuestionsTab({ pesquisa: survey, canEdit }: { pesquisa: SurveySummary; canEdit: boolean }) {
  const q = useQuestionsQuery(survey.id);
  const [edit, setEdit] = useState<QuestionAdmin | null>(null);
  if (q.isPending) return <LoadingState label="Carregando as perguntas..." />;
  if (q.isError) return <ErrorState message={errorMessage(q.error)} onRetry={() => void q.refetch()} />;
  const pages = [...new Set(q.data.map((p) => p.pagina))];
  return (
    <div className="pesquisas-perguntas">
      <p className="pesquisas-nota">Os textos mudam na hora para quem responde. A ordem e as opções não mudam aqui: as respostas já dadas apontam para elas (para outra estrutura, crie uma nova edição).</p>
      {pages.map((page) => (
        <section key={page} aria-labelledby={`pagina-${page}`}>
          {survey.tipo === 'satisfacao' && <h2 id={`pagina-${page}`}>Página {page}</h2>}
          <ol className="pesquisas-lista">
            {q.data
              .filter((p) => p.pagina === page)
              .map((p) => (
                <li key={p.id} className="pesquisas-pergunta" value={p.ordem}>
                  <div className="pesquisas-pergunta__topo">
                    <strong>{p.descricao}</strong>
                    {canEdit && (
                      <button type="button" className="admin-btn admin-btn--pequeno" onClick={() => setEdit(p)} aria-label={`Editar textos da pergunta ${p.ordem}`}>
                        Editar textos
                      </button>
                    )}
                  </div>
                  <ul>
                    {p.opcoes.map((o) => (
                      <li key={o.id}>
                        {o.descricao}
                        {o.perfil && <span className="admin-selo">{o.perfil}</span>}
                        {o.exigeComplemento ? <span className="admin-selo admin-selo--ambar">pede explicação</span> : o.complemento ? <span className="admin-selo">texto opcional</span> : null}
                      </li>
                    ))}
                  </ul>
                  {p.maxRespostas > 1 && <small>Até {p.maxRespostas} opções</small>}
                </li>
              ))}
          </ol>
        </section>
      ))}
      {edit && <EditQuestion pergunta={edit} pesquisa={survey} onClose={() => setEdit(null)} />}
    </div>
  );
}

function EditQuestion({ pergunta: question, pesquisa: survey, onClose }: { pergunta: QuestionAdmin; pesquisa: SurveySummary; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<{ descricao: string; opcoes: { id: number; descricao: string; perfil: string }[] }>({
    defaultValues: { descricao: question.descricao, opcoes: question.opcoes.map((o) => ({ id: o.id, descricao: o.descricao, perfil: o.perfil ?? '' })) },
  });
  const { errors, isSubmitting } = form.formState;
  const save = form.handleSubmit(async (v) => {
    const body = validateWithContract(
      questionEditInputSchema,
      { descricao: v.descricao, opcoes: v.opcoes.map((o) => ({ id: o.id, descricao: o.descricao, ...(survey.tipo === 'personalizacao' ? { perfil: o.perfil || null } : {}) })) },
      form.setError,
      ['descricao'],
    );
    if (!body) return;
    try {
      queryClient.setQueryData([...surveysQueryKey, survey.id, 'perguntas'], await editQuestion(question.id, body));
      notifySuccess('Pergunta atualizada.');
      onClose();
    } catch (e) {
      notifyError(e);
    }
  });
  return (
    <Modal titulo={`Pergunta ${question.ordem}`} onClose={onClose}>
      <form
        className="admin-form form-conteudo"
        onSubmit={(e) => {
          form.clearErrors();
          void save(e);
        }}
        noValidate
        aria-label="Textos da pergunta"
      >
        <TextInput label="Pergunta" error={errors.descricao} {...form.register('descricao')} />
        {question.opcoes.map((o, i) => (
          <div key={o.id} className="admin-form__linha">
            <TextInput label={`Opção ${o.ordem}`} {...form.register(`opcoes.${i}.descricao`)} />
            {survey.tipo === 'personalizacao' && <SelectInput label={`Perfil da opção ${o.ordem}`} options={[{ value: '', label: 'Nenhum' }, ...PROFILES.map((p) => ({ value: p, label: p }))]} {...form.register(`opcoes.${i}.perfil`)} />}
          </div>
        ))}
        {errors.root?.message && (
          <p className="admin-campo__erro" role="alert">
            {errors.root.message}
          </p>
        )}
        <FormActions busy={isSubmitting} submitLabel="Salvar textos" onCancel={onClose} />
      </form>
    </Modal>
  );
}
