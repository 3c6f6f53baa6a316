import { useState } from 'react';
import { Link, useRoutes } from 'react-router';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { novaCampanhaInputSchema, type PesquisaResumo } from '@legiao/contracts/admin/pesquisas';
import { errorMessage } from '../../../shared/api/api-error';
import { Modal } from '../../../shared/ui/modal';
import { ConfirmDialog, ErrorState, FormActions, LoadingState, notifyError, notifySuccess, PageHeader, TextInput, useStaff } from '../ui';
import { dataHoraCurta, localParaIsoOuVazio } from '../ordenacao/datas';
import { validarComContrato } from '../ordenacao/erros-do-contrato';
import { criarCampanha, mudarFase, pesquisasQueryKey, usePesquisasQuery } from './api/pesquisas-api';
import { PesquisaDetalhe } from './components/pesquisa-detalhe';
import '../ordenacao/formularios.css';
import './pesquisas.css';

/** /admin/pesquisas/*: the surveys, and one survey's questions, answers and links under :id. */
export function PesquisasArea() {
  return useRoutes([
    { index: true, element: <PesquisasPage /> },
    { path: ':id', element: <PesquisaDetalhe /> },
  ]);
}

const n = new Intl.NumberFormat('pt-BR');

function PesquisasPage() {
  const q = usePesquisasQuery();
  const queryClient = useQueryClient();
  const podeEditar = useStaff().can('content.write');
  const [nova, setNova] = useState(false);
  const [fase, setFase] = useState<PesquisaResumo | null>(null);

  const alternarFase = async (p: PesquisaResumo) => {
    try {
      await mudarFase(p.id, { aberta: !p.faseAberta });
      await queryClient.invalidateQueries({ queryKey: pesquisasQueryKey });
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
          podeEditar && (
            <button type="button" className="admin-btn admin-btn--primario pesquisas-nova" onClick={() => setNova(true)}>
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
                        <span className="admin-selo admin-selo--verde">{p.dataFim ? `Aberta até ${dataHoraCurta(p.dataFim)}` : 'Aberta'}</span>
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
                        {podeEditar && p.tipo === 'satisfacao' && p.atual && (
                          <button type="button" className={`admin-btn admin-btn--pequeno${p.faseAberta ? ' admin-btn--perigo' : ''}`} onClick={() => setFase(p)} aria-label={`${p.faseAberta ? 'Encerrar fase' : 'Abrir fase'} de ${p.nome}`}>
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
      {nova && <NovaCampanha onClose={() => setNova(false)} />}
      {fase && (
        <ConfirmDialog title={fase.faseAberta ? 'Encerrar a fase?' : 'Abrir a fase?'} confirmLabel={fase.faseAberta ? 'Encerrar fase' : 'Abrir fase'} danger={fase.faseAberta} onConfirm={() => alternarFase(fase)} onClose={() => setFase(null)}>
          <p>
            {fase.faseAberta
              ? `Quem ainda não concluiu “${fase.nome}” passa a ver “Pesquisa encerrada”; o aviso da home some. Quem concluiu continua vendo o cupom.`
              : `“${fase.nome}” volta a aceitar respostas, sem data de fim.`}
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

function NovaCampanha({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<{ nome: string; dataFim: string }>({ defaultValues: { nome: '', dataFim: '' } });
  const { errors, isSubmitting } = form.formState;
  const salvar = form.handleSubmit(async (v) => {
    const body = validarComContrato(novaCampanhaInputSchema, { nome: v.nome, dataFim: v.dataFim ? localParaIsoOuVazio(v.dataFim) : null }, form.setError, ['nome', 'dataFim']);
    if (!body) return;
    try {
      await criarCampanha(body);
      await queryClient.invalidateQueries({ queryKey: pesquisasQueryKey });
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
          void salvar(e);
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
