import { useForm } from 'react-hook-form';
import { faqInputSchema, FAQ_CATEGORIA_LABELS } from '@legiao/contracts/admin/faq';
import { FAQ_CATEGORIAS, type FaqItem } from '@legiao/contracts/faq';
import { Modal } from '../../../../shared/ui/modal';
import { CheckboxInput, FormActions, notifyError, SelectInput, TextArea, TextInput } from '../../ui';
import { validarComContrato } from '../../ordenacao/erros-do-contrato';
import { criarFaq, editarFaq } from '../api/faq-api';

interface Valores {
  pergunta: string;
  resposta: string;
  categoria: FaqItem['categoria'];
  ativo: boolean;
}

/** Creating or editing one question, in a dialog over the list. */
export function FaqForm({ atual, categoria, onSalvo, onClose }: { atual: FaqItem | null; categoria: FaqItem['categoria']; onSalvo: (f: FaqItem) => void; onClose: () => void }) {
  const form = useForm<Valores>({ defaultValues: atual ? { pergunta: atual.pergunta, resposta: atual.resposta, categoria: atual.categoria, ativo: atual.ativo } : { pergunta: '', resposta: '', categoria, ativo: true } });
  const { errors, isSubmitting } = form.formState;
  const salvar = form.handleSubmit(async (v) => {
    const body = validarComContrato(faqInputSchema, v, form.setError, ['pergunta', 'resposta', 'categoria', 'ativo']);
    if (!body) return;
    try {
      onSalvo(atual ? await editarFaq(atual.id, body) : await criarFaq(body));
    } catch (e) {
      notifyError(e);
    }
  });
  return (
    <Modal titulo={atual ? 'Editar pergunta' : 'Nova pergunta'} onClose={onClose}>
      <form
        className="admin-form"
        onSubmit={(e) => {
          form.clearErrors();
          void salvar(e);
        }}
        noValidate
        aria-label="Dados da pergunta"
      >
        <TextInput label="Pergunta" error={errors.pergunta} {...form.register('pergunta')} />
        <TextArea label="Resposta" rows={6} error={errors.resposta} {...form.register('resposta')} />
        <SelectInput label="Lista" options={FAQ_CATEGORIAS.map((c) => ({ value: c, label: FAQ_CATEGORIA_LABELS[c] }))} hint="Mudar de lista leva a pergunta para o fim da outra" {...form.register('categoria')} />
        <CheckboxInput label="Ativa (os membros veem)" {...form.register('ativo')} />
        {errors.root?.message && (
          <p className="admin-campo__erro" role="alert">
            {errors.root.message}
          </p>
        )}
        <FormActions busy={isSubmitting} submitLabel={atual ? 'Salvar pergunta' : 'Criar pergunta'} onCancel={onClose} />
      </form>
    </Modal>
  );
}
