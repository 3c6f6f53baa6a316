import { useState } from 'react';
import { adjustmentInputSchema, profileCorrectionSchema, type MemberDetail } from '@legiao/contracts/admin/membros';
import { Modal } from '../../../shared/ui/modal';
import { ConfirmDialog, notifyError, notifySuccess } from '../ui/index';
import { downloadData, patchProfile, postAction, postAdjustment, postLinkLogin, useMemberWrite } from './members-api';
import { PurchaseDialog } from './purchase-dialog';

// The member page's actions (ADR 0031), each behind a dialog that says what will happen.

export type Action = 'ajuste' | 'compra' | 'bloquear' | 'desbloquear' | 'revogar-sessoes' | 'reenviar-ativacao' | 'link-login' | 'perfil' | 'exportar' | 'anonimizar';

const errorOf = (e: unknown) => (e instanceof Error ? e.message : 'Não foi possível concluir.');

/** The dialog of one action on member m. */
export function ActionDialog({ acao: action, m, onClose }: { acao: Action; m: MemberDetail; onClose: () => void }) {
  switch (action) {
    case 'ajuste':
      return <AdjustmentDialog m={m} onClose={onClose} />;
    case 'compra':
      return <PurchaseDialog m={m} onClose={onClose} />;
    case 'perfil':
      return <ProfileDialog m={m} onClose={onClose} />;
    case 'link-login':
      return <LinkLoginDialog m={m} onClose={onClose} />;
    case 'bloquear':
      return <BlockDialog m={m} onClose={onClose} />;
    case 'anonimizar':
      return <AnonymiseDialog m={m} onClose={onClose} />;
    default:
      return <SimpleDialog acao={action} m={m} onClose={onClose} />;
  }
}

const SIMPLE: Record<'desbloquear' | 'revogar-sessoes' | 'reenviar-ativacao' | 'exportar', { titulo: string; button: string; texto: (m: MemberDetail) => string }> = {
  desbloquear: { titulo: 'Desbloquear a conta', button: 'Desbloquear', texto: (m) => `${m.nome} volta a poder entrar no portal. O bloqueio dizia: "${m.motivoBloqueio ?? ''}".` },
  'revogar-sessoes': { titulo: 'Encerrar todas as sessões', button: 'Encerrar sessões', texto: (m) => `${m.nome} sai do portal em todos os aparelhos e precisa entrar de novo.` },
  'reenviar-ativacao': { titulo: 'Reenviar o e-mail de ativação', button: 'Reenviar', texto: (m) => `Um novo link de ativação vai para ${m.email}. Os links enviados antes deixam de valer.` },
  exportar: { titulo: 'Exportar os dados (LGPD)', button: 'Baixar arquivo', texto: (m) => `Baixa um arquivo JSON com todos os dados de ${m.nome}, o mesmo que o membro baixa no portal. A exportação fica registrada na auditoria.` },
};

function SimpleDialog({ acao: action, m, onClose }: { acao: keyof typeof SIMPLE; m: MemberDetail; onClose: () => void }) {
  const w = useMemberWrite(() => (action === 'exportar' ? downloadData(m.id).then(() => ({ message: 'Arquivo baixado.' })) : postAction(m.id, action)));
  const d = SIMPLE[action];
  return (
    <ConfirmDialog
      title={d.titulo}
      confirmLabel={d.button}
      onClose={onClose}
      onConfirm={async () => {
        try {
          notifySuccess((await w.mutateAsync(undefined)).message);
        } catch (e) {
          notifyError(e);
          throw e;
        }
      }}
    >
      <p>{d.texto(m)}</p>
    </ConfirmDialog>
  );
}

function BlockDialog({ m, onClose }: { m: MemberDetail; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const w = useMemberWrite((body: { motivo: string }) => postAction(m.id, 'bloquear', body));
  return (
    <ConfirmDialog
      title="Bloquear a conta"
      confirmLabel="Bloquear"
      danger
      onClose={onClose}
      onConfirm={async () => {
        try {
          notifySuccess((await w.mutateAsync({ motivo: reason })).message);
        } catch (e) {
          setError(errorOf(e));
          throw e;
        }
      }}
    >
      <p>
        {m.nome} sai do portal agora, em todos os aparelhos, e não consegue entrar (senha, link ou Google/Facebook) até ser desbloqueado. Ao tentar, lê o motivo abaixo.
      </p>
      <div className={`admin-campo membros-campo${error ? ' admin-campo--erro' : ''}`}>
        <label htmlFor="bloqueio-motivo">Motivo (o membro vai ler)</label>
        <input id="bloqueio-motivo" value={reason} onChange={(e) => { setReason(e.target.value); setError(null); }} maxLength={300} aria-invalid={Boolean(error)} />
        {error && (
          <small className="admin-campo__erro" role="alert">
            {error}
          </small>
        )}
      </div>
    </ConfirmDialog>
  );
}

function AnonymiseDialog({ m, onClose }: { m: MemberDetail; onClose: () => void }) {
  const [reference, setReference] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const w = useMemberWrite((body: { referencia: string }) => postAction(m.id, 'anonimizar', body));
  return (
    <ConfirmDialog
      title="Anonimizar a conta (LGPD)"
      confirmLabel="Anonimizar para sempre"
      danger
      onClose={onClose}
      onConfirm={async () => {
        if (confirmation.trim().toLowerCase() !== m.email.toLowerCase()) {
          setError('Digite o e-mail do membro para confirmar.');
          throw new Error('confirmação');
        }
        try {
          notifySuccess((await w.mutateAsync({ referencia: reference })).message);
        } catch (e) {
          setError(errorOf(e));
          throw e;
        }
      }}
    >
      <p>
        Só a pedido do titular. Nome, e-mail, CPF, celular, endereço e consentimentos de {m.nome} são apagados; sessões e links acabam. O extrato e os resgates ficam, sem nada que
        identifique a pessoa. <strong>Não tem volta.</strong>
      </p>
      <div className="admin-campo membros-campo">
        <label htmlFor="anon-ref">Protocolo do pedido</label>
        <input id="anon-ref" value={reference} onChange={(e) => setReference(e.target.value)} maxLength={200} />
      </div>
      <div className={`admin-campo membros-campo${error ? ' admin-campo--erro' : ''}`}>
        <label htmlFor="anon-confirma">Digite o e-mail do membro ({m.email}) para confirmar</label>
        <input id="anon-confirma" value={confirmation} onChange={(e) => { setConfirmation(e.target.value); setError(null); }} autoComplete="off" />
        {error && (
          <small className="admin-campo__erro" role="alert">
            {error}
          </small>
        )}
      </div>
    </ConfirmDialog>
  );
}

function LinkLoginDialog({ m, onClose }: { m: MemberDetail; onClose: () => void }) {
  const [link, setLink] = useState<{ url: string; expiraEm: string } | null>(null);
  const w = useMemberWrite(() => postLinkLogin(m.id));
  if (link)
    return (
      <Modal titulo="Link de login gerado" onClose={onClose}>
        <div className="admin-confirmar">
          <p>Envie ao membro na conversa. Vale uma vez, até {new Date(link.expiraEm).toLocaleString('pt-BR')}, e só com o celular {m.celular}.</p>
          <input className="membros-link" readOnly value={link.url} aria-label="Link de login" onFocus={(e) => e.target.select()} />
          <div className="admin-confirmar__acoes">
            <button type="button" className="admin-btn" onClick={() => void navigator.clipboard?.writeText(link.url).then(() => notifySuccess('Link copiado.'))}>
              Copiar
            </button>
            <button type="button" className="admin-btn admin-btn--primario" onClick={onClose} data-autofocus>
              Fechar
            </button>
          </div>
        </div>
      </Modal>
    );
  return (
    <ConfirmDialog
      title="Gerar link de login"
      confirmLabel="Gerar link"
      onClose={() => (link ? undefined : onClose())}
      onConfirm={async () => {
        try {
          setLink(await w.mutateAsync(undefined));
        } catch (e) {
          notifyError(e);
        }
        // Keeps the dialog: the link is shown next.
        throw new Error('mostrar link');
      }}
    >
      <p>Um link de uso único que abre a sessão de {m.nome} sem senha, ligado ao celular {m.celular ?? '(sem celular)'}. O link anterior deixa de valer.</p>
    </ConfirmDialog>
  );
}

function AdjustmentDialog({ m, onClose }: { m: MemberDetail; onClose: () => void }) {
  const [direction, setDirection] = useState<'credito' | 'debito'>('credito');
  const [points, setPoints] = useState('');
  const [reason, setReason] = useState('');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const w = useMemberWrite((body: Parameters<typeof postAdjustment>[1]) => postAdjustment(m.id, body));
  const n = Number(points);
  const aboveLimit = Number.isFinite(n) && Math.abs(n) > m.limiteAprovacao;
  async function send(e: React.FormEvent) {
    e.preventDefault();
    const parsed = adjustmentInputSchema.safeParse({ valor: points === '' ? undefined : (direction === 'debito' ? -1 : 1) * Number(points), motivo: reason, referencia: reference });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    try {
      const r = await w.mutateAsync(parsed.data);
      notifySuccess(r.ajuste.status === 'pendente' ? 'Ajuste enviado para aprovação de outra pessoa da equipe.' : `Ajuste lançado. Saldo: ${r.saldo} pontos.`);
      onClose();
    } catch (err) {
      setErrors({ form: errorOf(err) });
    }
  }
  const field = (id: string) => `admin-campo${errors[id] ? ' admin-campo--erro' : ''}`;
  // A field's message goes as soon as it is edited (the next submit checks again).
  const change = (id: string, set: (v: string) => void) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    set(e.target.value);
    if (errors[id] || errors.form) setErrors(({ [id]: _x, form: _f, ...rest }) => rest);
  };
  const error = (id: string) =>
    errors[id] && (
      <small className="admin-campo__erro" role="alert">
        {errors[id]}
      </small>
    );
  return (
    <Modal titulo="Ajustar saldo" onClose={onClose}>
      <form className="admin-form membros-ajuste" onSubmit={(e) => void send(e)} noValidate>
        <p>
          Saldo atual de {m.nome}: <strong>{m.saldo} pontos</strong>. Nenhum lançamento é alterado: o ajuste entra como um lançamento novo. Acima de {m.limiteAprovacao} pontos, outra pessoa da
          equipe precisa aprovar.
        </p>
        <fieldset className="membros-sentido">
          <legend>Tipo</legend>
          <label>
            <input type="radio" name="sentido" checked={direction === 'credito'} onChange={() => setDirection('credito')} /> Crédito
          </label>
          <label>
            <input type="radio" name="sentido" checked={direction === 'debito'} onChange={() => setDirection('debito')} /> Débito
          </label>
        </fieldset>
        <div className={field('valor')}>
          <label htmlFor="ajuste-pontos">Pontos</label>
          <input id="ajuste-pontos" type="number" inputMode="numeric" min={1} step={1} value={points} onChange={change('valor', setPoints)} data-autofocus />
          {aboveLimit && <small className="admin-campo__dica">Acima do limite: ficará pendente de aprovação.</small>}
          {error('valor')}
        </div>
        <div className={field('motivo')}>
          <label htmlFor="ajuste-motivo">Motivo</label>
          <textarea id="ajuste-motivo" rows={3} value={reason} onChange={change('motivo', setReason)} maxLength={500} />
          {error('motivo')}
        </div>
        <div className={field('referencia')}>
          <label htmlFor="ajuste-ref">Referência (chamado, pedido ou protocolo)</label>
          <input id="ajuste-ref" value={reference} onChange={change('referencia', setReference)} maxLength={200} />
          {error('referencia')}
        </div>
        {errors.form && (
          <p className="admin-campo__erro" role="alert">
            {errors.form}
          </p>
        )}
        <div className="admin-form__acoes">
          <button type="button" className="admin-btn" onClick={onClose}>
            Cancelar
          </button>
          <button type="submit" className="admin-btn admin-btn--primario" disabled={w.isPending}>
            {w.isPending ? 'Enviando...' : aboveLimit ? 'Pedir aprovação' : 'Lançar ajuste'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

const PROFILE_FIELDS = [
  ['nome', 'Nome'],
  ['celular', 'Celular'],
  ['cpf', 'CPF'],
  ['dataNascimento', 'Nascimento (AAAA-MM-DD)'],
  ['cep', 'CEP'],
  ['endereco', 'Endereço'],
  ['numero', 'Número'],
  ['complemento', 'Complemento'],
  ['cidade', 'Cidade'],
  ['uf', 'UF'],
] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number][0];

function ProfileDialog({ m, onClose }: { m: MemberDetail; onClose: () => void }) {
  const initial = Object.fromEntries(PROFILE_FIELDS.map(([c]) => [c, m[c] ?? ''])) as Record<ProfileField, string>;
  const [v, setV] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const w = useMemberWrite((body: unknown) => patchProfile(m.id, body));
  async function send(e: React.FormEvent) {
    e.preventDefault();
    // Only what changed is sent, so the audit shows exactly the correction.
    const changed = Object.fromEntries(PROFILE_FIELDS.filter(([c]) => v[c] !== initial[c]).map(([c]) => [c, v[c]]));
    const parsed = profileCorrectionSchema.safeParse(changed);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'form'), i.message])));
      return;
    }
    setErrors({});
    try {
      notifySuccess((await w.mutateAsync(changed)).message);
      onClose();
    } catch (err) {
      setErrors({ form: errorOf(err) });
    }
  }
  return (
    <Modal titulo="Corrigir perfil" onClose={onClose}>
      <form className="admin-form membros-perfil-form" onSubmit={(e) => void send(e)} noValidate>
        <p>Corrija só o que o membro pediu. As regras são as do formulário do portal; a mudança fica na auditoria, com o antes e o depois.</p>
        <div className="membros-grade">
          {PROFILE_FIELDS.map(([c, label]) => (
            <div key={c} className={`admin-campo${errors[c] ? ' admin-campo--erro' : ''}`}>
              <label htmlFor={`perfil-${c}`}>{label}</label>
              <input id={`perfil-${c}`} value={v[c]} onChange={(e) => setV({ ...v, [c]: e.target.value })} />
              {errors[c] && (
                <small className="admin-campo__erro" role="alert">
                  {errors[c]}
                </small>
              )}
            </div>
          ))}
        </div>
        {errors.form && (
          <p className="admin-campo__erro" role="alert">
            {errors.form}
          </p>
        )}
        <div className="admin-form__acoes">
          <button type="button" className="admin-btn" onClick={onClose}>
            Cancelar
          </button>
          <button type="submit" className="admin-btn admin-btn--primario" disabled={w.isPending}>
            {w.isPending ? 'Salvando...' : 'Salvar correção'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
