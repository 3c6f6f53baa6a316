import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { AdminLaunch } from '@legiao/contracts/admin/lancamentos';
import { errorMessage } from '../../../../shared/api/api-error';
import { ConfirmDialog, ErrorState, LoadingState, notifyError, notifySuccess, PageHeader, useStaff } from '../../ui/index';
import { createLaunch, editLaunch, moveLaunch, useLaunch, useLaunchWrite } from '../api/launches-api';
import { LaunchForm } from '../components/launch-form';
import { MemberPreview } from '../components/member-preview';
import { STATUS_LABEL, STATUS_TONE } from '../lib/labels';

/** /admin/lancamentos/novo: a new launch, saved as a draft (then its page). */
export function NewLaunchPage() {
  const navigate = useNavigate();
  const create = useLaunchWrite(createLaunch);
  return (
    <>
      <p className="lancamentos-voltar">
        <Link to="..">← Lançamentos</Link>
      </p>
      <PageHeader title="Novo lançamento" description="Salvo como rascunho: os membros e a loja só o veem depois de publicado." />
      <LaunchForm
        readOnly={false}
        submitLabel="Criar rascunho"
        onCancel={() => void navigate('..')}
        onSubmit={async (body) => {
          const l = await create.mutateAsync(body);
          notifySuccess('Lançamento criado como rascunho.');
          void navigate(`../${l.id}`);
        }}
      />
    </>
  );
}

type Move = 'publicar' | 'arquivar';

/** /admin/lancamentos/:id: the definition (edit), publish or archive, and the preview as a member. */
export function LaunchPage() {
  const { id = '' } = useParams();
  const q = useLaunch(id);
  const canEdit = useStaff().can('content.write');
  const edit = useLaunchWrite((body: Parameters<typeof editLaunch>[1]) => editLaunch(id, body));
  const move = useLaunchWrite((to: Move) => moveLaunch(id, to));
  const [confirm, setConfirm] = useState<Move | null>(null);
  // A new form after each save, so it starts from the server's answer (the catalogue's SKU spelling).
  const [version, setVersion] = useState(0);

  if (q.isPending) return <LoadingState />;
  if (q.isError) return <ErrorState message={errorMessage(q.error)} onRetry={() => void q.refetch()} />;
  const l = q.data;
  return (
    <>
      <p className="lancamentos-voltar">
        <Link to="..">← Lançamentos</Link>
      </p>
      <PageHeader
        title={l.nome}
        description={`Acesso antecipado de ${l.horarios.acessoInicio} a ${l.horarios.acessoFim}; para todos em ${l.horarios.dataPublica} (horário de São Paulo).`}
        actions={
          <>
            <span className={`admin-selo ${STATUS_TONE[l.status]}`}>{STATUS_LABEL[l.status]}</span>
            {l.status === 'publicado' && (
              <Link className="admin-btn" to="dia">
                Painel do dia
              </Link>
            )}
          </>
        }
      />
      {canEdit && (
        <div className="lancamentos-acoes" role="group" aria-label="Situação do lançamento">
          {l.status !== 'publicado' && (
            <button type="button" className="admin-btn admin-btn--primario" onClick={() => setConfirm('publicar')}>
              Publicar
            </button>
          )}
          {l.status !== 'arquivado' && (
            <button type="button" className="admin-btn admin-btn--perigo" onClick={() => setConfirm('arquivar')}>
              Arquivar
            </button>
          )}
        </div>
      )}
      <section className="lancamentos-secao" aria-labelledby="lancamento-definicao">
        <h2 id="lancamento-definicao">Definição</h2>
        <LaunchForm
          key={`${l.id}-${version}`}
          launch={l}
          readOnly={!canEdit}
          submitLabel="Salvar alterações"
          onSubmit={async (body) => {
            await edit.mutateAsync(body);
            setVersion((v) => v + 1);
            notifySuccess('Lançamento salvo.');
          }}
        />
      </section>
      {canEdit && (
        <section className="lancamentos-secao" aria-labelledby="lancamento-previa">
          <h2 id="lancamento-previa">Prévia como membro</h2>
          <MemberPreview launch={l} />
        </section>
      )}
      {confirm && (
        <ConfirmDialog
          title={confirm === 'publicar' ? 'Publicar o lançamento?' : 'Arquivar o lançamento?'}
          confirmLabel={confirm === 'publicar' ? 'Publicar' : 'Arquivar'}
          danger={confirm === 'arquivar'}
          onClose={() => setConfirm(null)}
          onConfirm={async () => {
            try {
              await move.mutateAsync(confirm);
              notifySuccess(confirm === 'publicar' ? 'Lançamento publicado.' : 'Lançamento arquivado.');
            } catch (err) {
              notifyError(err);
              throw err;
            }
          }}
        >
          <MoveText launch={l} to={confirm} />
        </ConfirmDialog>
      )}
    </>
  );
}

function MoveText({ launch, to }: { launch: AdminLaunch; to: Move }) {
  if (to === 'publicar')
    return (
      <p>
        “{launch.nome}” aparece na home de todos os membros (cada um vê se é elegível e quando abre para ele) e a loja passa a poder consultá-lo. O endereço <code>{launch.slug}</code> não muda mais.
      </p>
    );
  return <p>“{launch.nome}” some da home dos membros e a loja deixa de consultá-lo. Os acessos e as cotas usadas ficam guardados; dá para publicar de novo.</p>;
}
