import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { STORE_ORDER_OUTCOME_LABELS, STORE_ORDER_STATE_LABELS, type IntegrationDetail, type IntegrationKey } from '@legiao/contracts/admin/integracoes';
import { errorMessage } from '../../../../shared/api/api-error';
import { Modal } from '../../../../shared/ui/modal';
import { ConfirmDialog, EmptyState, ErrorState, LoadingState, PageHeader, notifyError, notifySuccess } from '../../ui/index';
import { useIntegration } from '../api/get-integration';
import { useUpdateIntegration } from '../api/update-integration';
import { useRotateIntegrationKey } from '../api/rotate-integration-key';
import { useRevokeIntegrationKey } from '../api/revoke-integration-key';
import { useRevokeIntegration } from '../api/revoke-integration';
import { IntegrationForm } from '../components/integration-form';
import { NewKeyDialog } from '../components/new-key-dialog';
import { RotateDialog } from '../components/rotate-dialog';
import { ScopeBadges } from '../components/scope-badges';
import { KEY_STATE_TONE, formatDateTime, keyStateText, lastUseText, scopeLabel, sortedScopes } from '../lib/format';

type Open = { kind: 'editar' } | { kind: 'rotacionar' } | { kind: 'revogar' } | { kind: 'revogar-chave'; key: IntegrationKey } | { kind: 'chave'; apiKey: string; previousKeysUntil: string | null };

/** /admin/integracoes/:id: a client's keys (rotate, revoke), its settings and the last orders it sent. */
export function IntegrationPage() {
  const { id = '' } = useParams();
  const q = useIntegration(id);
  const [open, setOpen] = useState<Open | null>(null);
  const update = useUpdateIntegration(id);
  const rotate = useRotateIntegrationKey(id);
  const revokeKey = useRevokeIntegrationKey(id);
  const revoke = useRevokeIntegration(id);
  const close = () => setOpen(null);

  if (q.isLoading) return <LoadingState />;
  if (q.error || !q.data) return <ErrorState message={errorMessage(q.error)} onRetry={() => void q.refetch()} />;
  const c = q.data;
  const live = !c.revogadoEm;

  return (
    <>
      <p className="integracoes-voltar">
        <Link to="..">← Integrações</Link>
      </p>
      <PageHeader
        title={c.nome}
        description={`Criada em ${formatDateTime(c.criadoEm)}${c.criadoPor ? ` por ${c.criadoPor.nome}` : ''}`}
        actions={live ? <span className="admin-selo admin-selo--verde">Ativa</span> : <span className="admin-selo admin-selo--vermelho">Revogada em {formatDateTime(c.revogadoEm)}</span>}
      />
      {live && (
        <div className="integracoes-acoes">
          <button type="button" className="admin-btn" onClick={() => setOpen({ kind: 'editar' })}>
            Editar
          </button>
          <button type="button" className="admin-btn" onClick={() => setOpen({ kind: 'rotacionar' })}>
            Rotacionar chave
          </button>
          <button type="button" className="admin-btn admin-btn--perigo" onClick={() => setOpen({ kind: 'revogar' })}>
            Revogar integração
          </button>
        </div>
      )}
      <Section title="Resumo">
        <dl className="integracoes-dl">
          <dt>Permissões</dt>
          <dd>
            <ul className="integracoes-lista">
              {sortedScopes(c.escopos).map((scope) => (
                <li key={scope}>
                  {scopeLabel(scope)} <code>{scope}</code>
                </li>
              ))}
            </ul>
          </dd>
          <dt>Limite</dt>
          <dd>{c.limitePorMinuto.toLocaleString('pt-BR')} chamadas por minuto</dd>
          <dt>Último uso</dt>
          <dd>{lastUseText(c.ultimoUsoEm, c.ultimoUsoIp)}</dd>
          <dt>Chaves em uso</dt>
          <dd>{c.chavesAtivas}</dd>
        </dl>
      </Section>
      <Section title="Chaves">
        <KeysTable keys={c.chaves} canRevoke={live} onRevoke={(key) => setOpen({ kind: 'revogar-chave', key })} />
      </Section>
      <Section title={`Últimos pedidos recebidos (${c.pedidos.length})`}>
        <OrdersTable orders={c.pedidos} />
      </Section>

      {open?.kind === 'editar' && (
        <Modal titulo="Editar integração" onClose={close}>
          <IntegrationForm
            initial={{ nome: c.nome, escopos: c.escopos, limitePorMinuto: c.limitePorMinuto }}
            submitLabel="Salvar"
            busy={update.isPending}
            onCancel={close}
            onSubmit={async (body) => {
              await update.mutateAsync(body);
              notifySuccess('Integração salva.');
              close();
            }}
          />
        </Modal>
      )}
      {open?.kind === 'rotacionar' && (
        <RotateDialog
          busy={rotate.isPending}
          onClose={close}
          onRotate={async (hours) => {
            const answer = await rotate.mutateAsync(hours);
            rotate.reset();
            notifySuccess('Nova chave criada.');
            setOpen({ kind: 'chave', apiKey: answer.chave, previousKeysUntil: rotationEnd(answer.cliente) });
          }}
        />
      )}
      {open?.kind === 'chave' && <NewKeyDialog apiKey={open.apiKey} previousKeysUntil={open.previousKeysUntil} onClose={close} />}
      {open?.kind === 'revogar-chave' && (
        <ConfirmDialog
          title="Revogar chave"
          confirmLabel="Revogar chave"
          danger
          onClose={close}
          onConfirm={async () => {
            try {
              await revokeKey.mutateAsync(open.key.id);
              notifySuccess(`Chave ${open.key.chave} revogada.`);
            } catch (err) {
              notifyError(err);
              throw err;
            }
          }}
        >
          <p>
            A chave <code>{open.key.chave}</code> para de funcionar agora: chamadas com ela recebem 401. As outras chaves desta integração continuam.
          </p>
        </ConfirmDialog>
      )}
      {open?.kind === 'revogar' && (
        <ConfirmDialog
          title="Revogar a integração"
          confirmLabel="Revogar integração e chaves"
          danger
          onClose={close}
          onConfirm={async () => {
            try {
              await revoke.mutateAsync(undefined);
              notifySuccess(`Integração ${c.nome} revogada.`);
            } catch (err) {
              notifyError(err);
              throw err;
            }
          }}
        >
          <p>
            {c.nome} e todas as suas chaves ({c.chavesAtivas} em uso) param de funcionar agora, de vez: os pedidos que a loja enviar por ela serão recusados. Para voltar, crie
            outra integração.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** After a rotation: the end of the window the previous keys got (the latest one, if several). */
function rotationEnd(c: IntegrationDetail): string | null {
  const ends = c.chaves.filter((k) => k.estado === 'em-rotacao' && k.expiraEm).map((k) => k.expiraEm!);
  return ends.sort().at(-1) ?? null;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="integracoes-secao" aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

function KeysTable({ keys, canRevoke, onRevoke }: { keys: IntegrationKey[]; canRevoke: boolean; onRevoke: (key: IntegrationKey) => void }) {
  if (keys.length === 0) return <EmptyState title="Nenhuma chave" />;
  return (
    <div className="admin-tabela">
      <div className="admin-tabela__rolagem">
        <table>
          <caption className="visually-hidden">Chaves da integração</caption>
          <thead>
            <tr>
              <th scope="col">Chave</th>
              <th scope="col">Situação</th>
              <th scope="col">Criada em</th>
              <th scope="col">Último uso</th>
              <th scope="col">
                <span className="visually-hidden">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.map((k) => (
              <tr key={k.id}>
                <td>
                  <code>{k.chave}</code>
                </td>
                <td>
                  <span className={`admin-selo ${KEY_STATE_TONE[k.estado]}`}>{keyStateText(k)}</span>
                </td>
                <td>{formatDateTime(k.criadaEm)}</td>
                <td>{lastUseText(k.ultimoUsoEm)}</td>
                <td>
                  {canRevoke && (k.estado === 'ativa' || k.estado === 'em-rotacao') && (
                    <button type="button" className="admin-btn admin-btn--pequeno" onClick={() => onRevoke(k)} aria-label={`Revogar a chave ${k.chave}`}>
                      Revogar
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function OrdersTable({ orders }: { orders: IntegrationDetail['pedidos'] }) {
  if (orders.length === 0) return <EmptyState title="Nenhum pedido recebido" message="Os pedidos que a loja enviar com esta integração aparecem aqui, os mais recentes primeiro." />;
  return (
    <div className="admin-tabela">
      <div className="admin-tabela__rolagem">
        <table>
          <caption className="visually-hidden">Últimos pedidos recebidos desta integração</caption>
          <thead>
            <tr>
              <th scope="col">Pedido</th>
              <th scope="col">Canal</th>
              <th scope="col">Na loja</th>
              <th scope="col">Resultado</th>
              <th scope="col">Recebido em</th>
              <th scope="col">Aplicado em</th>
              <th scope="col">Cancelado em</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((o) => (
              <tr key={o.pedido}>
                <td>
                  <code>{o.pedido}</code>
                </td>
                <td>{o.canal}</td>
                <td>{STORE_ORDER_STATE_LABELS[o.estado]}</td>
                <td>
                  <span className={`admin-selo ${o.situacao === 'aplicado' ? 'admin-selo--verde' : o.situacao === 'pendente' ? 'admin-selo--ambar' : 'admin-selo--vermelho'}`}>{STORE_ORDER_OUTCOME_LABELS[o.situacao]}</span>
                </td>
                <td>{formatDateTime(o.recebidoEm)}</td>
                <td>{formatDateTime(o.aplicadoEm)}</td>
                <td>{formatDateTime(o.canceladoEm)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
