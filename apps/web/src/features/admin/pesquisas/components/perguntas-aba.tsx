import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { perguntaEditInputSchema, type PerguntaAdmin, type PesquisaResumo } from '@legiao/contracts/admin/pesquisas';
import { PERFIS } from '@legiao/contracts/usuario';
import { errorMessage } from '../../../../shared/api/api-error';
import { Modal } from '../../../../shared/ui/modal';
import { ErrorState, FormActions, LoadingState, notifyError, notifySuccess, SelectInput, TextInput } from '../../ui';
import { validarComContrato } from '../../ordenacao/erros-do-contrato';
import { editarPergunta, pesquisasQueryKey, usePerguntasQuery } from '../api/pesquisas-api';

/** The questions by page, with their options; staff with content.write reword them. */
export function PerguntasAba({ pesquisa, podeEditar }: { pesquisa: PesquisaResumo; podeEditar: boolean }) {
  const q = usePerguntasQuery(pesquisa.id);
  const [editar, setEditar] = useState<PerguntaAdmin | null>(null);
  if (q.isPending) return <LoadingState label="Carregando as perguntas..." />;
  if (q.isError) return <ErrorState message={errorMessage(q.error)} onRetry={() => void q.refetch()} />;
  const paginas = [...new Set(q.data.map((p) => p.pagina))];
  return (
    <div className="pesquisas-perguntas">
      <p className="pesquisas-nota">Os textos mudam na hora para quem responde. A ordem e as opções não mudam aqui: as respostas já dadas apontam para elas (para outra estrutura, crie uma nova edição).</p>
      {paginas.map((pagina) => (
        <section key={pagina} aria-labelledby={`pagina-${pagina}`}>
          {pesquisa.tipo === 'satisfacao' && <h2 id={`pagina-${pagina}`}>Página {pagina}</h2>}
          <ol className="pesquisas-lista">
            {q.data
              .filter((p) => p.pagina === pagina)
              .map((p) => (
                <li key={p.id} className="pesquisas-pergunta" value={p.ordem}>
                  <div className="pesquisas-pergunta__topo">
                    <strong>{p.descricao}</strong>
                    {podeEditar && (
                      <button type="button" className="admin-btn admin-btn--pequeno" onClick={() => setEditar(p)} aria-label={`Editar textos da pergunta ${p.ordem}`}>
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
      {editar && <EditarPergunta pergunta={editar} pesquisa={pesquisa} onClose={() => setEditar(null)} />}
    </div>
  );
}

function EditarPergunta({ pergunta, pesquisa, onClose }: { pergunta: PerguntaAdmin; pesquisa: PesquisaResumo; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<{ descricao: string; opcoes: { id: number; descricao: string; perfil: string }[] }>({
    defaultValues: { descricao: pergunta.descricao, opcoes: pergunta.opcoes.map((o) => ({ id: o.id, descricao: o.descricao, perfil: o.perfil ?? '' })) },
  });
  const { errors, isSubmitting } = form.formState;
  const salvar = form.handleSubmit(async (v) => {
    const body = validarComContrato(
      perguntaEditInputSchema,
      { descricao: v.descricao, opcoes: v.opcoes.map((o) => ({ id: o.id, descricao: o.descricao, ...(pesquisa.tipo === 'personalizacao' ? { perfil: o.perfil || null } : {}) })) },
      form.setError,
      ['descricao'],
    );
    if (!body) return;
    try {
      queryClient.setQueryData([...pesquisasQueryKey, pesquisa.id, 'perguntas'], await editarPergunta(pergunta.id, body));
      notifySuccess('Pergunta atualizada.');
      onClose();
    } catch (e) {
      notifyError(e);
    }
  });
  return (
    <Modal titulo={`Pergunta ${pergunta.ordem}`} onClose={onClose}>
      <form
        className="admin-form form-conteudo"
        onSubmit={(e) => {
          form.clearErrors();
          void salvar(e);
        }}
        noValidate
        aria-label="Textos da pergunta"
      >
        <TextInput label="Pergunta" error={errors.descricao} {...form.register('descricao')} />
        {pergunta.opcoes.map((o, i) => (
          <div key={o.id} className="admin-form__linha">
            <TextInput label={`Opção ${o.ordem}`} {...form.register(`opcoes.${i}.descricao`)} />
            {pesquisa.tipo === 'personalizacao' && <SelectInput label={`Perfil da opção ${o.ordem}`} options={[{ value: '', label: 'Nenhum' }, ...PERFIS.map((p) => ({ value: p, label: p }))]} {...form.register(`opcoes.${i}.perfil`)} />}
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
