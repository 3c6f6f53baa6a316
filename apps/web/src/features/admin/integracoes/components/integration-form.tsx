import { useState } from 'react';
import { INTEGRATION_RATE_MAX, integrationCreateSchema, type IntegrationCreate } from '@legiao/contracts/admin/integracoes';
import { INTEGRATION_DEFAULT_RATE, INTEGRATION_SCOPE_LABELS, INTEGRATION_SCOPES, type IntegrationScope } from '@legiao/contracts/integracao/constants';
import { errorMessage } from '../../../../shared/api/api-error';
import { CheckboxInput, FormActions, TextInput, useAdminForm } from '../../ui/index';

interface IntegrationFormProps {
  initial?: { nome: string; escopos: IntegrationScope[]; limitePorMinuto: number };
  submitLabel: string;
  busy: boolean;
  /** Sends the body; a failure's message is shown above the buttons (and the form stays). */
  onSubmit: (body: IntegrationCreate) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * A client's name, scopes and limit (create and edit): the contract's schema checks it here as the
 * server will, with the same Portuguese messages.
 */
export function IntegrationForm({ initial, submitLabel, busy, onSubmit, onCancel }: IntegrationFormProps) {
  const form = useAdminForm(integrationCreateSchema, initial ?? { nome: '', escopos: [], limitePorMinuto: INTEGRATION_DEFAULT_RATE });
  const [error, setError] = useState<string | null>(null);
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (body) => {
    setError(null);
    try {
      await onSubmit(body);
    } catch (err) {
      setError(errorMessage(err));
    }
  });
  return (
    <form className="admin-form integracoes-form" onSubmit={(e) => void submit(e)} noValidate>
      <TextInput label="Nome" hint="Quem chama: por exemplo, Loja online ou Caixas das lojas físicas." autoComplete="off" error={errors.nome} {...form.register('nome')} data-autofocus />
      <fieldset className="integracoes-escopos" aria-describedby={errors.escopos ? 'integracoes-escopos-erro' : undefined}>
        <legend>O que a integração pode fazer</legend>
        {INTEGRATION_SCOPES.map((scope) => (
          <CheckboxInput key={scope} label={INTEGRATION_SCOPE_LABELS[scope]} hint={scope} value={scope} {...form.register('escopos')} />
        ))}
        {errors.escopos?.message && (
          <small id="integracoes-escopos-erro" className="admin-campo__erro" role="alert">
            {errors.escopos.message}
          </small>
        )}
      </fieldset>
      <TextInput
        label="Limite de chamadas por minuto"
        type="number"
        inputMode="numeric"
        min={1}
        max={INTEGRATION_RATE_MAX}
        hint="Somando todos os servidores da loja. Acima disso a integração recebe 429 e espera."
        error={errors.limitePorMinuto}
        {...form.register('limitePorMinuto', { valueAsNumber: true })}
      />
      {error && (
        <p className="admin-campo__erro" role="alert">
          {error}
        </p>
      )}
      <FormActions busy={busy} submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  );
}
