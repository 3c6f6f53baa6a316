import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../../../shared/api/api-error';
import { Modal } from '../../../../shared/ui/modal';
import { ConfirmDialog, ErrorState, LoadingState, PageHeader, notifyError, notifySuccess } from '../../ui/index';
import { useWebhook } from '../api/get-webhook';
import { useDeleteWebhook, useRotateWebhookSecret, useSendWebhookTest, useUpdateWebhook } from '../api/write-webhooks';
import { DeliveriesLog } from '../components/deliveries-log';
import { ReplayForm } from '../components/replay-form';
import { Section } from '../components/section';
import { SecretDialog } from '../components/secret-dialog';
import { WebhookForm } from '../components/webhook-form';
import { endpointState, formatDateTime, previousSecretText, typesText } from '../lib/format';

type Open = { kind: 'editar' } | { kind: 'rotacionar' } | { kind: 'excluir' } | { kind: 'segredo'; secret: string; previousUntil: string | null };

/**
 * /admin/integracoes/webhooks/:id: an endpoint (pause, resume, test, rotate its secret, edit,
 * delete) and its delivery log (filter, send one again, replay the failed ones since a date).
 */
export function WebhookPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const q = useWebhook(id);
  const [open, setOpen] = useState<Open | null>(null);
  const update = useUpdateWebhook(id);
  const test = useSendWebhookTest(id);
  const rotate = useRotateWebhookSecret(id);
  const remove = useDeleteWebhook(id);
  const close = () => setOpen(null);

  if (q.isLoading) return <LoadingState />;
  if (q.error || !q.data) return <ErrorState message={errorMessage(q.error)} onRetry={() => void q.refetch()} />;
  const e = q.data;
  const state = endpointState(e);
  const previous = previousSecretText(e.segredoAnteriorAte);

  async function setPaused(paused: boolean) {
    try {
      await update.mutateAsync({ pausado: paused });
      notifySuccess(paused ? 'Endpoint pausado.' : 'Endpoint retomado.');
    } catch (err) {
      notifyError(err);
    }
  }

  async function sendTest() {
    try {
      await test.mutateAsync(undefined);
      notifySuccess('Evento de teste enviado: acompanhe a entrega abaixo.');
    } catch (err) {
      notifyError(err);
    }
  }

  return (
    <>
      <p className="integracoes-voltar">
        <Link to="..">← Webhooks</Link>
      </p>
      <PageHeader title={e.descricao || e.url} description={`Criado em ${formatDateTime(e.criadoEm)}`} actions={<span className={`admin-selo ${state.tone}`}>{state.label}</span>} />
      <div className="integracoes-acoes">
        {e.pausadoEm ? (
          <button type="button" className="admin-btn admin-btn--primario" onClick={() => void setPaused(false)} disabled={update.isPending}>
            Retomar
          </button>
        ) : (
          <button type="button" className="admin-btn" onClick={() => void setPaused(true)} disabled={update.isPending}>
            Pausar
          </button>
        )}
        <button type="button" className="admin-btn" onClick={() => void sendTest()} disabled={test.isPending} aria-busy={test.isPending}>
          {test.isPending ? 'Enviando...' : 'Enviar teste'}
        </button>
        <button type="button" className="admin-btn" onClick={() => setOpen({ kind: 'editar' })}>
          Editar
        </button>
        <button type="button" className="admin-btn" onClick={() => setOpen({ kind: 'rotacionar' })}>
          Rotacionar segredo
        </button>
        <button type="button" className="admin-btn admin-btn--perigo" onClick={() => setOpen({ kind: 'excluir' })}>
          Excluir
        </button>
      </div>
      {e.pausadoEm && (
        <p className="integracoes-aviso webhooks-pausa" role="note">
          {state.detail} Os eventos continuam sendo guardados e seguem para o endpoint quando ele for retomado.
        </p>
      )}
      <Section title="Resumo">
        <dl className="integracoes-dl">
          <dt>URL</dt>
          <dd>
            <code>{e.url}</code>
          </dd>
          <dt>Descrição</dt>
          <dd>{e.descricao || '—'}</dd>
          <dt>Eventos</dt>
          <dd>
            {e.tipos.length === 0 ? (
              typesText(e.tipos)
            ) : (
              <ul className="integracoes-lista">
                {e.tipos.map((t) => (
                  <li key={t}>
                    <code>{t}</code>
                  </li>
                ))}
              </ul>
            )}
          </dd>
          <dt>Dados do membro</dt>
          <dd>{e.incluirMembro ? 'Incluídos nos eventos de membro (e-mail, nome, tipo, ativo e consentimentos)' : 'Não incluídos: só identificadores'}</dd>
          <dt>Segredo</dt>
          <dd>
            <code>{e.segredoInicio}</code>
            {previous && <small className="webhooks-motivo">{previous}</small>}
          </dd>
          <dt>Situação</dt>
          <dd>
            {state.label}
            {state.detail && <small className="webhooks-motivo">{state.detail}</small>}
          </dd>
          {e.falhandoDesde && (
            <>
              <dt>Falhando desde</dt>
              <dd>{formatDateTime(e.falhandoDesde)} (5 dias seguidos de falhas pausam o endpoint)</dd>
            </>
          )}
          <dt>Entregas</dt>
          <dd>
            {e.entregas.pendentes.toLocaleString('pt-BR')} pendentes · {e.entregas.entregues.toLocaleString('pt-BR')} entregues · {e.entregas.falharam.toLocaleString('pt-BR')} falharam
          </dd>
        </dl>
      </Section>
      <Section title="Entregas">
        <ReplayForm endpointId={e.id} />
        <DeliveriesLog endpointId={e.id} />
      </Section>

      {open?.kind === 'editar' && (
        <Modal titulo="Editar endpoint" onClose={close}>
          <WebhookForm
            initial={e}
            submitLabel="Salvar"
            busy={update.isPending}
            onCancel={close}
            onSubmit={async (body) => {
              await update.mutateAsync(body);
              notifySuccess('Endpoint salvo.');
              close();
            }}
          />
        </Modal>
      )}
      {open?.kind === 'rotacionar' && (
        <ConfirmDialog
          title="Rotacionar segredo"
          confirmLabel="Gerar novo segredo"
          // Closing after a success would also close the new secret's dialog: only this one closes.
          onClose={() => setOpen((o) => (o?.kind === 'rotacionar' ? null : o))}
          onConfirm={async () => {
            try {
              const answer = await rotate.mutateAsync(undefined);
              rotate.reset();
              notifySuccess('Novo segredo criado.');
              setOpen({ kind: 'segredo', secret: answer.segredo, previousUntil: answer.endpoint.segredoAnteriorAte });
            } catch (err) {
              notifyError(err);
              throw err;
            }
          }}
        >
          <p>
            Um segredo novo é criado agora e passa a assinar as entregas. O segredo atual (<code>{e.segredoInicio}</code>) continua assinando junto com o novo por 24 horas
            (duas assinaturas no cabeçalho webhook-signature): troque o segredo no seu servidor nesse tempo.
          </p>
        </ConfirmDialog>
      )}
      {open?.kind === 'segredo' && <SecretDialog secret={open.secret} previousUntil={open.previousUntil} onClose={close} />}
      {open?.kind === 'excluir' && (
        <ConfirmDialog
          title="Excluir endpoint"
          confirmLabel="Excluir endpoint"
          danger
          onClose={close}
          onConfirm={async () => {
            try {
              await remove.mutateAsync(undefined);
              notifySuccess('Endpoint excluído.');
              void navigate('..', { replace: true });
            } catch (err) {
              notifyError(err);
              throw err;
            }
          }}
        >
          <p>
            {e.url} para de receber eventos agora, e as entregas dele (inclusive as pendentes) deixam de existir. Para voltar a receber, cadastre o endpoint de novo: ele terá
            outro segredo.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
