import { useState } from 'react';
import { integrationRotateSchema } from '@legiao/contracts/admin/integracoes';
import { INTEGRATION_ROTATION_HOURS } from '@legiao/contracts/integracao/constants';
import { Modal } from '../../../../shared/ui/modal';
import { errorMessage } from '../../../../shared/api/api-error';
import { FormActions, TextInput, useAdminForm } from '../../ui/index';

interface RotateDialogProps {
  busy: boolean;
  /** Rotates with the chosen window (hours); the caller shows the new key. */
  onRotate: (hours: number) => Promise<unknown>;
  onClose: () => void;
}

/** Rotating a key: how long the keys in use keep working while the store swaps them. */
export function RotateDialog({ busy, onRotate, onClose }: RotateDialogProps) {
  const form = useAdminForm(integrationRotateSchema, { janelaHoras: INTEGRATION_ROTATION_HOURS.default });
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (body) => {
    setError(null);
    try {
      await onRotate(body.janelaHoras ?? INTEGRATION_ROTATION_HOURS.default);
    } catch (err) {
      setError(errorMessage(err));
    }
  });
  return (
    <Modal titulo="Rotacionar chave" onClose={onClose}>
      <form className="admin-form" onSubmit={(e) => void submit(e)} noValidate>
        <p>Uma chave nova é criada agora. As chaves em uso continuam funcionando durante a janela abaixo e depois param: troque a chave nos servidores da loja nesse tempo.</p>
        <TextInput
          label="Janela de troca (horas)"
          type="number"
          inputMode="numeric"
          min={INTEGRATION_ROTATION_HOURS.min}
          max={INTEGRATION_ROTATION_HOURS.max}
          hint={`De ${INTEGRATION_ROTATION_HOURS.min} a ${INTEGRATION_ROTATION_HOURS.max} horas (7 dias). Uma chave vazada? Revogue-a em vez de esperar.`}
          error={form.formState.errors.janelaHoras}
          {...form.register('janelaHoras', { valueAsNumber: true })}
          data-autofocus
        />
        {error && (
          <p className="admin-campo__erro" role="alert">
            {error}
          </p>
        )}
        <FormActions busy={busy} submitLabel="Gerar nova chave" onCancel={onClose} />
      </form>
    </Modal>
  );
}
