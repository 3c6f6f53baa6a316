import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FAQ_CATEGORIA_LABELS } from '@legiao/contracts/admin/faq';
import { FAQ_CATEGORIAS, type FaqItem } from '@legiao/contracts/faq';
import { errorMessage } from '../../../shared/api/api-error';
import { FaqAccordion } from '../../faq/components/faq-accordion';
import { ConfirmDialog, EmptyState, ErrorState, LoadingState, notifyError, notifySuccess, PageHeader, useStaff } from '../ui';
import { ListaOrdenavel } from '../ordenacao/lista-ordenavel';
import { editarFaq, faqAdminQueryKey, faqParaInput, ordenarFaq, removerFaq, useFaqAdminQuery } from './api/faq-api';
import { FaqForm } from './components/faq-form';
import './faq-admin.css';

type Categoria = FaqItem['categoria'];

/**
 * /admin/faq: the two lists members read (faq on the home, dúvidas on the landing page), in their
 * order; drag, keyboard or Subir/Descer to reorder; a switch per question; a preview of the list as
 * members get it (active ones only, the member pages' own accordion). ADR 0029.
 */
export function FaqPage() {
  const q = useFaqAdminQuery();
  const queryClient = useQueryClient();
  const podeEditar = useStaff().can('content.write');
  const [lista, setLista] = useState<Categoria>('faq');
  const [editar, setEditar] = useState<FaqItem | null | 'nova'>(null);
  const [remover, setRemover] = useState<FaqItem | null>(null);
  const [aberta, setAberta] = useState<number | null>(null);
  const atualizar = () => queryClient.invalidateQueries({ queryKey: faqAdminQueryKey });

  const itens = (q.data ?? []).filter((f) => f.categoria === lista);
  const ativas = itens.filter((f) => f.ativo);

  const reordenar = async (ids: number[]) => {
    try {
      queryClient.setQueryData(faqAdminQueryKey, await ordenarFaq({ categoria: lista, ids }));
      notifySuccess('Ordem salva.');
    } catch (e) {
      notifyError(e);
      throw e;
    }
  };
  const alternar = async (f: FaqItem) => {
    try {
      await editarFaq(f.id, { ...faqParaInput(f), ativo: !f.ativo });
      await atualizar();
      notifySuccess(f.ativo ? 'Pergunta desativada.' : 'Pergunta ativada.');
    } catch (e) {
      notifyError(e);
    }
  };

  return (
    <>
      <PageHeader
        title="Perguntas frequentes"
        description="Duas listas: a da home (FAQ) e a da página inicial (Dúvidas). A ordem e as ativas valem na hora para os membros."
        actions={
          podeEditar && (
            <button type="button" className="admin-btn admin-btn--primario faq-admin__nova" onClick={() => setEditar('nova')}>
              Nova pergunta
            </button>
          )
        }
      />
      <div className="faq-admin__abas" role="tablist" aria-label="Listas">
        {FAQ_CATEGORIAS.map((c) => (
          <button key={c} type="button" role="tab" id={`aba-${c}`} aria-selected={lista === c} aria-controls="faq-admin-painel" className={`faq-admin__aba${lista === c ? ' faq-admin__aba--ativa' : ''}`} onClick={() => setLista(c)}>
            {FAQ_CATEGORIA_LABELS[c]} <span className="admin-selo">{(q.data ?? []).filter((f) => f.categoria === c).length}</span>
          </button>
        ))}
      </div>
      <div id="faq-admin-painel" role="tabpanel" aria-labelledby={`aba-${lista}`} className="faq-admin">
        {q.isPending ? (
          <LoadingState label="Carregando as perguntas..." />
        ) : q.isError ? (
          <ErrorState message={errorMessage(q.error)} onRetry={() => void q.refetch()} />
        ) : (
          <>
            <section aria-label="Perguntas da lista" className="faq-admin__lista">
              {itens.length === 0 ? (
                <EmptyState title="Nenhuma pergunta nesta lista" />
              ) : (
                <ListaOrdenavel rotulo={`Perguntas de ${FAQ_CATEGORIA_LABELS[lista]}`} itens={itens} nome={(f) => `“${f.pergunta}”`} onReordenar={reordenar} somenteLeitura={!podeEditar}>
                  {(f) => (
                    <div className="faq-linha">
                      <div className="faq-linha__texto">
                        <strong>{f.pergunta}</strong>
                        <span>{f.resposta}</span>
                      </div>
                      {podeEditar ? (
                        <div className="faq-linha__acoes">
                          <button type="button" role="switch" aria-checked={f.ativo} className={`faq-chave${f.ativo ? ' faq-chave--ligada' : ''}`} onClick={() => void alternar(f)} aria-label={`Ativa: ${f.pergunta}`}>
                            <span aria-hidden="true" />
                            {f.ativo ? 'Ativa' : 'Inativa'}
                          </button>
                          <button type="button" className="admin-btn admin-btn--pequeno" onClick={() => setEditar(f)} aria-label={`Editar “${f.pergunta}”`}>
                            Editar
                          </button>
                          <button type="button" className="admin-btn admin-btn--pequeno admin-btn--perigo" onClick={() => setRemover(f)} aria-label={`Remover “${f.pergunta}”`}>
                            Remover
                          </button>
                        </div>
                      ) : (
                        <span className={`admin-selo ${f.ativo ? 'admin-selo--verde' : ''}`}>{f.ativo ? 'Ativa' : 'Inativa'}</span>
                      )}
                    </div>
                  )}
                </ListaOrdenavel>
              )}
            </section>
            <aside className="faq-admin__previa" aria-labelledby="faq-previa-titulo">
              <h2 id="faq-previa-titulo">Prévia: como os membros veem</h2>
              <p>{lista === 'faq' ? 'Na home de quem está logado.' : 'Na página inicial, antes do login.'} Só as ativas, nesta ordem.</p>
              {ativas.length === 0 ? <EmptyState title="Nenhuma pergunta ativa" /> : <FaqAccordion items={ativas} open={aberta} onToggle={setAberta} />}
            </aside>
          </>
        )}
      </div>
      {editar && (
        <FaqForm
          atual={editar === 'nova' ? null : editar}
          categoria={lista}
          onClose={() => setEditar(null)}
          onSalvo={(f) => {
            setEditar(null);
            setLista(f.categoria);
            void atualizar();
            notifySuccess(editar === 'nova' ? 'Pergunta criada.' : 'Pergunta atualizada.');
          }}
        />
      )}
      {remover && (
        <ConfirmDialog
          title="Remover a pergunta?"
          confirmLabel="Remover"
          danger
          onConfirm={async () => {
            try {
              await removerFaq(remover.id);
              await atualizar();
              notifySuccess('Pergunta removida.');
            } catch (e) {
              notifyError(e);
              throw e;
            }
          }}
          onClose={() => setRemover(null)}
        >
          <p>“{remover.pergunta}” sai do site agora. Para só esconder, prefira desativar.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
