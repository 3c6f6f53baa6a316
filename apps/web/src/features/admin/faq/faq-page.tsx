import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FAQ_CATEGORY_LABELS } from '@legiao/contracts/admin/faq';
import { FAQ_CATEGORIES, type FaqItem } from '@legiao/contracts/faq';
import { errorMessage } from '../../../shared/api/api-error';
import { FaqAccordion } from '../../faq/components/faq-accordion';
import { ConfirmDialog, EmptyState, ErrorState, LoadingState, notifyError, notifySuccess, PageHeader, useStaff } from '../ui';
import { SortableList } from '../ordenacao/sortable-list';
import { editFaq, faqAdminQueryKey, faqToInput, sortFaq, removeFaq, useFaqAdminQuery } from './api/faq-api';
import { FaqForm } from './components/faq-form';
import './faq-admin.css';

type Category = FaqItem['categoria'];

/**
 * /admin/faq: the two lists members read (faq on the home, dúvidas on the landing page), in their
 * order; drag, keyboard or Subir/Descer to reorder; a switch per question; a preview of the list as
 * members get it (active ones only, the member pages' own accordion). ADR 0029.
 */
export function FaqPage() {
  const q = useFaqAdminQuery();
  const queryClient = useQueryClient();
  const canEdit = useStaff().can('content.write');
  const [list, setList] = useState<Category>('faq');
  const [edit, setEdit] = useState<FaqItem | null | 'nova'>(null);
  const [remove, setRemove] = useState<FaqItem | null>(null);
  const [isOpen, setIsOpen] = useState<number | null>(null);
  const update = () => queryClient.invalidateQueries({ queryKey: faqAdminQueryKey });

  const categoryItems = (q.data ?? []).filter((f) => f.categoria === list);
  const activeOnes = categoryItems.filter((f) => f.ativo);

  const reorder = async (ids: number[]) => {
    try {
      queryClient.setQueryData(faqAdminQueryKey, await sortFaq({ categoria: list, ids }));
      notifySuccess('Ordem salva.');
    } catch (e) {
      notifyError(e);
      throw e;
    }
  };
  const toggle = async (f: FaqItem) => {
    try {
      await editFaq(f.id, { ...faqToInput(f), ativo: !f.ativo });
      await update();
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
          canEdit && (
            <button type="button" className="admin-btn admin-btn--primario faq-admin__nova" onClick={() => setEdit('nova')}>
              Nova pergunta
            </button>
          )
        }
      />
      <div className="faq-admin__abas" role="tablist" aria-label="Listas">
        {FAQ_CATEGORIES.map((c) => (
          <button key={c} type="button" role="tab" id={`aba-${c}`} aria-selected={list === c} aria-controls="faq-admin-painel" className={`faq-admin__aba${list === c ? ' faq-admin__aba--ativa' : ''}`} onClick={() => setList(c)}>
            {FAQ_CATEGORY_LABELS[c]} <span className="admin-selo">{(q.data ?? []).filter((f) => f.categoria === c).length}</span>
          </button>
        ))}
      </div>
      <div id="faq-admin-painel" role="tabpanel" aria-labelledby={`aba-${list}`} className="faq-admin">
        {q.isPending ? (
          <LoadingState label="Carregando as perguntas..." />
        ) : q.isError ? (
          <ErrorState message={errorMessage(q.error)} onRetry={() => void q.refetch()} />
        ) : (
          <>
            <section aria-label="Perguntas da lista" className="faq-admin__lista">
              {categoryItems.length === 0 ? (
                <EmptyState title="Nenhuma pergunta nesta lista" />
              ) : (
                <SortableList rotulo={`Perguntas de ${FAQ_CATEGORY_LABELS[list]}`} itens={categoryItems} nome={(f) => `“${f.pergunta}”`} onReorder={reorder} readOnly={!canEdit}>
                  {(f) => (
                    <div className="faq-linha">
                      <div className="faq-linha__texto">
                        <strong>{f.pergunta}</strong>
                        <span>{f.resposta}</span>
                      </div>
                      {canEdit ? (
                        <div className="faq-linha__acoes">
                          <button type="button" role="switch" aria-checked={f.ativo} className={`faq-chave${f.ativo ? ' faq-chave--ligada' : ''}`} onClick={() => void toggle(f)} aria-label={`Ativa: ${f.pergunta}`}>
                            <span aria-hidden="true" />
                            {f.ativo ? 'Ativa' : 'Inativa'}
                          </button>
                          <button type="button" className="admin-btn admin-btn--pequeno" onClick={() => setEdit(f)} aria-label={`Editar “${f.pergunta}”`}>
                            Editar
                          </button>
                          <button type="button" className="admin-btn admin-btn--pequeno admin-btn--perigo" onClick={() => setRemove(f)} aria-label={`Remover “${f.pergunta}”`}>
                            Remover
                          </button>
                        </div>
                      ) : (
                        <span className={`admin-selo ${f.ativo ? 'admin-selo--verde' : ''}`}>{f.ativo ? 'Ativa' : 'Inativa'}</span>
                      )}
                    </div>
                  )}
                </SortableList>
              )}
            </section>
            <aside className="faq-admin__previa" aria-labelledby="faq-previa-titulo">
              <h2 id="faq-previa-titulo">Prévia: como os membros veem</h2>
              <p>{list === 'faq' ? 'Na home de quem está logado.' : 'Na página inicial, antes do login.'} Só as ativas, nesta ordem.</p>
              {activeOnes.length === 0 ? <EmptyState title="Nenhuma pergunta ativa" /> : <FaqAccordion items={activeOnes} open={isOpen} onToggle={setIsOpen} />}
            </aside>
          </>
        )}
      </div>
      {edit && (
        <FaqForm
          atual={edit === 'nova' ? null : edit}
          categoria={list}
          onClose={() => setEdit(null)}
          onSaved={(f) => {
            setEdit(null);
            setList(f.categoria);
            void update();
            notifySuccess(edit === 'nova' ? 'Pergunta criada.' : 'Pergunta atualizada.');
          }}
        />
      )}
      {remove && (
        <ConfirmDialog
          title="Remover a pergunta?"
          confirmLabel="Remover"
          danger
          onConfirm={async () => {
            try {
              await removeFaq(remove.id);
              await update();
              notifySuccess('Pergunta removida.');
            } catch (e) {
              notifyError(e);
              throw e;
            }
          }}
          onClose={() => setRemove(null)}
        >
          <p>“{remove.pergunta}” sai do site agora. Para só esconder, prefira desativar.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
