import { useForm } from 'react-hook-form';
import { launchInputSchema, type AdminLaunch, type LaunchInputParsed } from '@legiao/contracts/admin/lancamentos';
import { errorMessage } from '../../../../shared/api/api-error';
import { FormActions, TextArea, TextInput } from '../../ui/index';
import { validateWithContract } from '../../ordenacao/contract-errors';
import { ImageField } from '../../banners/components/image-field';
import { fieldOfServerError, LAUNCH_FIELDS, toInput, valuesOf, type LaunchValues } from '../lib/form-values';
import { RuleComposer } from './rule-composer';

interface LaunchFormProps {
  launch?: AdminLaunch;
  readOnly: boolean;
  submitLabel: string;
  onSubmit: (body: LaunchInputParsed) => Promise<unknown>;
  onCancel?: () => void;
}

/**
 * A launch's definition (docs/decisions/0047-launches.md): name, address, artwork and the home's
 * tabs, the SKUs, the early-access window and the public date in São Paulo time, the allowance and
 * the rule. Checked with the shared contract before sending; the server's refusals land on their
 * field (slug, SKUs, rule) or at the top.
 */
export function LaunchForm({ launch, readOnly, submitLabel, onSubmit, onCancel }: LaunchFormProps) {
  const form = useForm<LaunchValues>({ defaultValues: valuesOf(launch) });
  const { errors, isSubmitting } = form.formState;
  const conditions = form.watch('condicoes');
  const slugFixed = launch !== undefined && launch.status !== 'rascunho';

  const save = form.handleSubmit(async (v) => {
    const body = validateWithContract(launchInputSchema, toInput(v), form.setError, LAUNCH_FIELDS);
    if (!body) return;
    try {
      await onSubmit(body);
    } catch (err) {
      form.setError(fieldOfServerError(err) as keyof LaunchValues, { type: 'servidor', message: errorMessage(err) });
    }
  });
  const error = (field: (typeof LAUNCH_FIELDS)[number]) => (errors as Record<string, { message?: string } | undefined>)[field];

  return (
    <form
      className="admin-form form-conteudo lancamento-form"
      aria-label="Lançamento"
      noValidate
      onSubmit={(e) => {
        form.clearErrors();
        void save(e);
      }}
    >
      {errors.root?.message && (
        <p className="admin-campo__erro lancamento-form__erro" role="alert">
          {errors.root.message}
        </p>
      )}
      <fieldset disabled={readOnly} className="lancamento-form__campos">
        <div className="admin-form__linha">
          <TextInput label="Nome" error={error('nome')} {...form.register('nome')} />
          <TextInput
            label="Endereço (slug)"
            hint={slugFixed ? 'Publicado: o endereço não muda mais (a loja e os membros já o usam).' : 'Letras minúsculas, números e hífens. A loja consulta o lançamento por ele.'}
            error={error('slug')}
            readOnly={slugFixed}
            {...form.register('slug')}
          />
        </div>
        <ImageField uso="banner-desktop" label="Arte do lançamento" value={form.watch('urlImagem')} onChange={(v) => form.setValue('urlImagem', v, { shouldDirty: true })} error={error('urlImagem')?.message} />
        <fieldset className="banner-form__abas">
          <legend>Abas da home: Sobre, Cores e Produtos</legend>
          <TextArea label="Sobre" error={error('abas')} {...form.register('sobre')} />
          <div className="admin-form__linha">
            <TextArea label="Cores" hint="Uma por linha: Nome #hex (ex.: Aurora #f2a900)" rows={3} {...form.register('cores')} />
            <TextArea label="Produtos das abas" hint="Um por linha: Nome | /endereco/da/imagem.svg" rows={3} {...form.register('produtos')} />
          </div>
        </fieldset>
        <TextArea label="SKUs do lançamento" hint="Do catálogo, um por linha (ou separados por vírgula); podem estar fora de venda ainda." rows={3} error={error('skus')} {...form.register('skus')} />
        <fieldset className="lancamento-form__datas">
          <legend>Datas (horário de São Paulo)</legend>
          <p className="admin-campo__dica">Digite no horário de Brasília (America/Sao_Paulo), seja qual for o fuso deste computador.</p>
          <div className="admin-form__linha">
            <TextInput label="Início do acesso antecipado" type="datetime-local" error={error('acessoInicio')} {...form.register('acessoInicio')} />
            <TextInput label="Fim do acesso antecipado" type="datetime-local" error={error('acessoFim')} {...form.register('acessoFim')} />
            <TextInput label="Data pública" type="datetime-local" hint="Quando todos podem comprar; no fim do acesso ou depois." error={error('dataPublica')} {...form.register('dataPublica')} />
          </div>
        </fieldset>
        <TextInput label="Cota por membro (unidades)" inputMode="numeric" error={error('cotaPorMembro')} {...form.register('cotaPorMembro')} />
        <TextInput
          label="Prazo dos avisos (minutos)"
          inputMode="numeric"
          hint='"Avise-me": todos os que pediram recebem o e-mail em até estes minutos depois da abertura, em ondas no ritmo da sala de espera.'
          error={error('avisoPrazoMin')}
          {...form.register('avisoPrazoMin')}
        />
      </fieldset>
      <RuleComposer conditions={conditions} readOnly={readOnly} error={error('regra')?.message} onChange={(next) => form.setValue('condicoes', next, { shouldDirty: true })} />
      {!readOnly && <FormActions busy={isSubmitting} submitLabel={submitLabel} onCancel={onCancel} />}
    </form>
  );
}
