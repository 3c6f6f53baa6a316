import { useForm } from 'react-hook-form';
import { faqInputSchema, FAQ_CATEGORY_LABELS } from '@legiao/contracts/admin/faq';
import { FAQ_CATEGORIES, type FaqItem } from '@legiao/contracts/faq';
import { Modal } from '../../../../shared/ui/modal';
import { CheckboxInput, FormActions, notifyError, SelectInput, TextArea, TextInput } from '../../ui';
import { validateWithContract } from '../../ordenacao/contract-errors';
import { createFaq, editFaq } from '../api/faq-api';

interface Values {
  pergunta: string;
  resposta: string;
  categoria: FaqItem['categoria'];
  ativo: boolean;
}

/** Creating or editing one question, in a dialog over the list. */
export function FaqForm({ atual: current, categoria: category, onSaved, onClose }: { atual: FaqItem | null; categoria: FaqItem['categoria']; onSaved: (f: FaqItem) => void; onClose: () => void }) {
  const form = useForm<Values>({ defaultValues: current ? { pergunta: current.pergunta, resposta: current.resposta, categoria: current.categoria, ativo: current.ativo } : { pergunta: '', resposta: '', categoria: category, ativo: true } });
  const { errors, isSubmitting } = form.formState;
  const save = form.handleSubmit(async (v) => {
    const body = validateWithContract(faqInputSchema, v, form.setError, ['pergunta', 'resposta', 'categoria', 'ativo']);
    if (!body) return;
    try {
      onSaved(current ? await editFaq(current.id, body) : await createFaq(body));
    } catch (e) {
      notifyError(e);
    }
  });
  return (
    <Modal titulo={current ? 'Editar pergunta' : 'Nova pergunta'} onClose={onClose}>
      <form
        className="admin-form"
        onSubmit={(e) => {
          form.clearErrors();
          void save(e);
        }}
        noValidate
        aria-label="Dados da pergunta"
      >
        <TextInput label="Pergunta" error={errors.pergunta} {...form.register('pergunta')} />
        <TextArea label="Resposta" rows={6} error={errors.resposta} {...form.register('resposta')} />
        <SelectInput label="Lista" options={FAQ_CATEGORIES.map((c) => ({ value: c, label: FAQ_CATEGORY_LABELS[c] }))} hint="Mudar de lista leva a pergunta para o fim da outra" {...form.register('categoria')} />
        <CheckboxInput label="Ativa (os membros veem)" {...form.register('ativo')} />
        {errors.root?.message && (
          <p className="admin-campo__erro" role="alert">
            {errors.root.message}
          </p>
        )}
        <FormActions busy={isSubmitting} submitLabel={current ? 'Salvar pergunta' : 'Criar pergunta'} onCancel={onClose} />
      </form>
    </Modal>
  );
}
