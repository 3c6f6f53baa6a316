import { useState } from 'react';
import { z } from 'zod';
import { WEBHOOKS_MSG, webhookCreateSchema, type WebhookCreate } from '@legiao/contracts/admin/webhooks';
import { WEBHOOK_EVENTS, WEBHOOK_SUBSCRIBABLE_TYPES, type WebhookEventType } from '@legiao/contracts/webhooks/catalogue';
import { errorMessage } from '../../../../shared/api/api-error';
import { CheckboxInput, FormActions, TextInput, useAdminForm } from '../../ui/index';

/** The contract's fields, plus "Todos os eventos" (sent as `tipos: []`): without it, at least one type. */
const formSchema = webhookCreateSchema.extend({ todos: z.boolean(), incluirMembro: z.boolean() }).superRefine((v, ctx) => {
  if (!v.todos && v.tipos.length === 0) ctx.addIssue({ code: 'custom', path: ['tipos'], message: WEBHOOKS_MSG.tiposObrigatorios });
});

interface WebhookFormProps {
  initial?: { url: string; descricao: string; tipos: readonly WebhookEventType[]; incluirMembro: boolean };
  submitLabel: string;
  busy: boolean;
  /** Sends the body; a failure's message (the server's, in Portuguese) is shown above the buttons. */
  onSubmit: (body: WebhookCreate) => Promise<unknown>;
  onCancel?: () => void;
}

/**
 * An endpoint's URL, description, event types and whether member events carry the member's data (create and edit), checked here with the
 * contract's schema and messages. The types come from the contract's catalogue, each with when it
 * fires; "Todos os eventos" also takes the types added later.
 */
export function WebhookForm({ initial, submitLabel, busy, onSubmit, onCancel }: WebhookFormProps) {
  const subscribable = initial?.tipos.filter((t) => WEBHOOK_SUBSCRIBABLE_TYPES.includes(t)) ?? [];
  const form = useAdminForm(formSchema, {
    url: initial?.url ?? '',
    descricao: initial?.descricao ?? '',
    todos: subscribable.length === 0,
    tipos: subscribable,
    incluirMembro: initial?.incluirMembro ?? false,
  });
  const [error, setError] = useState<string | null>(null);
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async ({ url, descricao: description, todos: every, tipos: types, incluirMembro: withMember }) => {
    setError(null);
    try {
      await onSubmit({ url, descricao: description, tipos: every ? [] : types, incluirMembro: withMember });
    } catch (err) {
      setError(errorMessage(err));
    }
  });
  const all = form.register('todos', {
    onChange: (e: { target: { checked: boolean } }) => {
      if (e.target.checked) form.setValue('tipos', [], { shouldValidate: form.formState.isSubmitted });
    },
  });
  const typesField = form.register('tipos', {
    onChange: (e: { target: { checked: boolean } }) => {
      if (e.target.checked) form.setValue('todos', false);
      if (form.formState.isSubmitted) void form.trigger('tipos');
    },
  });
  const typesError = errors.tipos?.message ?? errors.tipos?.root?.message;
  return (
    <form className="admin-form integracoes-form" onSubmit={(e) => void submit(e)} noValidate>
      <TextInput
        label="URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://"
        hint="Recebe um POST com o evento em JSON. Responda 2xx em até 15 segundos; redirecionamentos não são seguidos."
        error={errors.url}
        {...form.register('url')}
        data-autofocus
      />
      <TextInput label="Descrição" autoComplete="off" hint="Para quem é: por exemplo, CRM ou data warehouse." error={errors.descricao} {...form.register('descricao')} />
      <fieldset className="integracoes-escopos" aria-describedby={typesError ? 'webhooks-tipos-erro' : undefined}>
        <legend>Eventos que o endpoint recebe</legend>
        <CheckboxInput label="Todos os eventos" hint="Inclusive os tipos que o portal passar a enviar depois." {...all} />
        {WEBHOOK_SUBSCRIBABLE_TYPES.map((type) => (
          <CheckboxInput key={type} label={type} hint={WEBHOOK_EVENTS[type].descricao} value={type} {...typesField} />
        ))}
        {typesError && (
          <small id="webhooks-tipos-erro" className="admin-campo__erro" role="alert">
            {typesError}
          </small>
        )}
      </fieldset>
      <fieldset className="integracoes-escopos">
        <legend>Dados pessoais</legend>
        {/* Off by default (LGPD: only what the receiver needs): ADR 0045 lists the fields and why. */}
        <CheckboxInput
          label="Incluir os dados do membro em cada evento"
          hint="Os eventos de um membro levam também o bloco membro: e-mail, nome, tipo, se está ativo e os consentimentos (e-mail, SMS, WhatsApp), lidos na hora da entrega. Cada envio fica registrado e aparece na exportação de dados do membro. Sem isso, vão só identificadores."
          {...form.register('incluirMembro')}
        />
      </fieldset>
      {error && (
        <p className="admin-campo__erro" role="alert">
          {error}
        </p>
      )}
      <FormActions busy={busy} submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  );
}
