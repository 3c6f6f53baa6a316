import { useState } from 'react';
import { z } from 'zod';
import { WEBHOOKS_MSG, webhookReplaySchema } from '@legiao/contracts/admin/webhooks';
import { errorMessage } from '../../../../shared/api/api-error';
import { useAdminForm, notifySuccess } from '../../ui/index';
import { useReplayWebhookDeliveries } from '../api/write-webhooks';
import { replayText, todaySp } from '../lib/format';

const formSchema = z.object({ desde: z.string().min(1, WEBHOOKS_MSG.desdeObrigatorio).pipe(webhookReplaySchema.shape.desde) });

/** "Reenviar as que falharam desde...": one date, one click, every failed delivery since then queued again. */
export function ReplayForm({ endpointId }: { endpointId: string }) {
  const replay = useReplayWebhookDeliveries(endpointId);
  const form = useAdminForm(formSchema, { desde: todaySp() });
  const [result, setResult] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fieldError = form.formState.errors.desde?.message ?? error;
  const submit = form.handleSubmit(async ({ desde: since }) => {
    setError(null);
    setResult(null);
    try {
      const answer = await replay.mutateAsync(since);
      const text = replayText(answer.reenviadas);
      setResult(text);
      notifySuccess(text);
    } catch (err) {
      setError(errorMessage(err));
    }
  });
  return (
    <form className="webhooks-reenvio" onSubmit={(e) => void submit(e)} noValidate aria-label="Reenviar entregas que falharam">
      <div className="admin-filtro">
        <label htmlFor="webhooks-reenviar-desde">Reenviar as que falharam desde</label>
        <input
          id="webhooks-reenviar-desde"
          type="date"
          max={todaySp()}
          aria-invalid={Boolean(fieldError)}
          aria-describedby={fieldError ? 'webhooks-reenviar-erro' : undefined}
          {...form.register('desde')}
        />
      </div>
      <button type="submit" className="admin-btn" disabled={replay.isPending} aria-busy={replay.isPending}>
        {replay.isPending ? 'Aguarde...' : 'Reenviar as que falharam'}
      </button>
      <p className="webhooks-reenvio__resultado" role="status">
        {result}
      </p>
      {fieldError && (
        <small id="webhooks-reenviar-erro" className="admin-campo__erro" role="alert">
          {fieldError}
        </small>
      )}
    </form>
  );
}
