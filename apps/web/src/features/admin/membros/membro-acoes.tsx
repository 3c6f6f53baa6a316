import { useState } from 'react';
import { ajusteInputSchema, correcaoPerfilSchema, type MembroDetalhe } from '@legiao/contracts/admin/membros';
import { Modal } from '../../../shared/ui/modal';
import { ConfirmDialog, notifyError, notifySuccess } from '../ui';
import { baixarDados, patchPerfil, postAcao, postAjuste, postLinkLogin, useMembroWrite } from './membros-api';

// The member page's actions (ADR 0031), each behind a dialog that says what will happen.

export type Acao = 'ajuste' | 'bloquear' | 'desbloquear' | 'revogar-sessoes' | 'reenviar-ativacao' | 'link-login' | 'perfil' | 'exportar' | 'anonimizar';

const erroDe = (e: unknown) => (e instanceof Error ? e.message : 'Não foi possível concluir.');

/** The dialog of one action on member m. */
export function AcaoDialog({ acao, m, onClose }: { acao: Acao; m: MembroDetalhe; onClose: () => void }) {
  switch (acao) {
    case 'ajuste':
      return <AjusteDialog m={m} onClose={onClose} />;
    case 'perfil':
      return <PerfilDialog m={m} onClose={onClose} />;
    case 'link-login':
      return <LinkLoginDialog m={m} onClose={onClose} />;
    case 'bloquear':
      return <BloquearDialog m={m} onClose={onClose} />;
    case 'anonimizar':
      return <AnonimizarDialog m={m} onClose={onClose} />;
    default:
      return <SimplesDialog acao={acao} m={m} onClose={onClose} />;
  }
}

const SIMPLES: Record<'desbloquear' | 'revogar-sessoes' | 'reenviar-ativacao' | 'exportar', { titulo: string; botao: string; texto: (m: MembroDetalhe) => string }> = {
  desbloquear: { titulo: 'Desbloquear a conta', botao: 'Desbloquear', texto: (m) => `${m.nome} volta a poder entrar no portal. O bloqueio dizia: "${m.motivoBloqueio ?? ''}".` },
  'revogar-sessoes': { titulo: 'Encerrar todas as sessões', botao: 'Encerrar sessões', texto: (m) => `${m.nome} sai do portal em todos os aparelhos e precisa entrar de novo.` },
  'reenviar-ativacao': { titulo: 'Reenviar o e-mail de ativação', botao: 'Reenviar', texto: (m) => `Um novo link de ativação vai para ${m.email}. Os links enviados antes deixam de valer.` },
  exportar: { titulo: 'Exportar os dados (LGPD)', botao: 'Baixar arquivo', texto: (m) => `Baixa um arquivo JSON com todos os dados de ${m.nome}, o mesmo que o membro baixa no portal. A exportação fica registrada na auditoria.` },
};

function SimplesDialog({ acao, m, onClose }: { acao: keyof typeof SIMPLES; m: MembroDetalhe; onClose: () => void }) {
  const w = useMembroWrite(() => (acao === 'exportar' ? baixarDados(m.id).then(() => ({ message: 'Arquivo baixado.' })) : postAcao(m.id, acao)));
  const d = SIMPLES[acao];
  return (
    <ConfirmDialog
      title={d.titulo}
      confirmLabel={d.botao}
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

function BloquearDialog({ m, onClose }: { m: MembroDetalhe; onClose: () => void }) {
  const [motivo, setMotivo] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const w = useMembroWrite((body: { motivo: string }) => postAcao(m.id, 'bloquear', body));
  return (
    <ConfirmDialog
      title="Bloquear a conta"
      confirmLabel="Bloquear"
      danger
      onClose={onClose}
      onConfirm={async () => {
        try {
          notifySuccess((await w.mutateAsync({ motivo })).message);
        } catch (e) {
          setErro(erroDe(e));
          throw e;
        }
      }}
    >
      <p>
        {m.nome} sai do portal agora, em todos os aparelhos, e não consegue entrar (senha, link ou Google/Facebook) até ser desbloqueado. Ao tentar, lê o motivo abaixo.
      </p>
      <div className={`admin-campo membros-campo${erro ? ' admin-campo--erro' : ''}`}>
        <label htmlFor="bloqueio-motivo">Motivo (o membro vai ler)</label>
        <input id="bloqueio-motivo" value={motivo} onChange={(e) => { setMotivo(e.target.value); setErro(null); }} maxLength={300} aria-invalid={Boolean(erro)} />
        {erro && (
          <small className="admin-campo__erro" role="alert">
            {erro}
          </small>
        )}
      </div>
    </ConfirmDialog>
  );
}

function AnonimizarDialog({ m, onClose }: { m: MembroDetalhe; onClose: () => void }) {
  const [referencia, setReferencia] = useState('');
  const [confirmacao, setConfirmacao] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const w = useMembroWrite((body: { referencia: string }) => postAcao(m.id, 'anonimizar', body));
  return (
    <ConfirmDialog
      title="Anonimizar a conta (LGPD)"
      confirmLabel="Anonimizar para sempre"
      danger
      onClose={onClose}
      onConfirm={async () => {
        if (confirmacao.trim().toLowerCase() !== m.email.toLowerCase()) {
          setErro('Digite o e-mail do membro para confirmar.');
          throw new Error('confirmação');
        }
        try {
          notifySuccess((await w.mutateAsync({ referencia })).message);
        } catch (e) {
          setErro(erroDe(e));
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
        <input id="anon-ref" value={referencia} onChange={(e) => setReferencia(e.target.value)} maxLength={200} />
      </div>
      <div className={`admin-campo membros-campo${erro ? ' admin-campo--erro' : ''}`}>
        <label htmlFor="anon-confirma">Digite o e-mail do membro ({m.email}) para confirmar</label>
        <input id="anon-confirma" value={confirmacao} onChange={(e) => { setConfirmacao(e.target.value); setErro(null); }} autoComplete="off" />
        {erro && (
          <small className="admin-campo__erro" role="alert">
            {erro}
          </small>
        )}
      </div>
    </ConfirmDialog>
  );
}

function LinkLoginDialog({ m, onClose }: { m: MembroDetalhe; onClose: () => void }) {
  const [link, setLink] = useState<{ url: string; expiraEm: string } | null>(null);
  const w = useMembroWrite(() => postLinkLogin(m.id));
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

function AjusteDialog({ m, onClose }: { m: MembroDetalhe; onClose: () => void }) {
  const [sentido, setSentido] = useState<'credito' | 'debito'>('credito');
  const [pontos, setPontos] = useState('');
  const [motivo, setMotivo] = useState('');
  const [referencia, setReferencia] = useState('');
  const [erros, setErros] = useState<Record<string, string>>({});
  const w = useMembroWrite((body: Parameters<typeof postAjuste>[1]) => postAjuste(m.id, body));
  const n = Number(pontos);
  const acimaDoLimite = Number.isFinite(n) && Math.abs(n) > m.limiteAprovacao;
  async function enviar(e: React.FormEvent) {
    e.preventDefault();
    const parsed = ajusteInputSchema.safeParse({ valor: pontos === '' ? undefined : (sentido === 'debito' ? -1 : 1) * Number(pontos), motivo, referencia });
    if (!parsed.success) {
      setErros(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErros({});
    try {
      const r = await w.mutateAsync(parsed.data);
      notifySuccess(r.ajuste.status === 'pendente' ? 'Ajuste enviado para aprovação de outra pessoa da equipe.' : `Ajuste lançado. Saldo: ${r.saldo} pontos.`);
      onClose();
    } catch (err) {
      setErros({ form: erroDe(err) });
    }
  }
  const campo = (id: string) => `admin-campo${erros[id] ? ' admin-campo--erro' : ''}`;
  // A field's message goes as soon as it is edited (the next submit checks again).
  const mudar = (id: string, set: (v: string) => void) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    set(e.target.value);
    if (erros[id] || erros.form) setErros(({ [id]: _x, form: _f, ...resto }) => resto);
  };
  const erro = (id: string) =>
    erros[id] && (
      <small className="admin-campo__erro" role="alert">
        {erros[id]}
      </small>
    );
  return (
    <Modal titulo="Ajustar saldo" onClose={onClose}>
      <form className="admin-form membros-ajuste" onSubmit={(e) => void enviar(e)} noValidate>
        <p>
          Saldo atual de {m.nome}: <strong>{m.saldo} pontos</strong>. Nenhum lançamento é alterado: o ajuste entra como um lançamento novo. Acima de {m.limiteAprovacao} pontos, outra pessoa da
          equipe precisa aprovar.
        </p>
        <fieldset className="membros-sentido">
          <legend>Tipo</legend>
          <label>
            <input type="radio" name="sentido" checked={sentido === 'credito'} onChange={() => setSentido('credito')} /> Crédito
          </label>
          <label>
            <input type="radio" name="sentido" checked={sentido === 'debito'} onChange={() => setSentido('debito')} /> Débito
          </label>
        </fieldset>
        <div className={campo('valor')}>
          <label htmlFor="ajuste-pontos">Pontos</label>
          <input id="ajuste-pontos" type="number" inputMode="numeric" min={1} step={1} value={pontos} onChange={mudar('valor', setPontos)} data-autofocus />
          {acimaDoLimite && <small className="admin-campo__dica">Acima do limite: ficará pendente de aprovação.</small>}
          {erro('valor')}
        </div>
        <div className={campo('motivo')}>
          <label htmlFor="ajuste-motivo">Motivo</label>
          <textarea id="ajuste-motivo" rows={3} value={motivo} onChange={mudar('motivo', setMotivo)} maxLength={500} />
          {erro('motivo')}
        </div>
        <div className={campo('referencia')}>
          <label htmlFor="ajuste-ref">Referência (chamado, pedido ou protocolo)</label>
          <input id="ajuste-ref" value={referencia} onChange={mudar('referencia', setReferencia)} maxLength={200} />
          {erro('referencia')}
        </div>
        {erros.form && (
          <p className="admin-campo__erro" role="alert">
            {erros.form}
          </p>
        )}
        <div className="admin-form__acoes">
          <button type="button" className="admin-btn" onClick={onClose}>
            Cancelar
          </button>
          <button type="submit" className="admin-btn admin-btn--primario" disabled={w.isPending}>
            {w.isPending ? 'Enviando...' : acimaDoLimite ? 'Pedir aprovação' : 'Lançar ajuste'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

const CAMPOS_PERFIL = [
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
type CampoPerfil = (typeof CAMPOS_PERFIL)[number][0];

function PerfilDialog({ m, onClose }: { m: MembroDetalhe; onClose: () => void }) {
  const inicial = Object.fromEntries(CAMPOS_PERFIL.map(([c]) => [c, m[c] ?? ''])) as Record<CampoPerfil, string>;
  const [v, setV] = useState(inicial);
  const [erros, setErros] = useState<Record<string, string>>({});
  const w = useMembroWrite((body: unknown) => patchPerfil(m.id, body));
  async function enviar(e: React.FormEvent) {
    e.preventDefault();
    // Only what changed is sent, so the audit shows exactly the correction.
    const mudou = Object.fromEntries(CAMPOS_PERFIL.filter(([c]) => v[c] !== inicial[c]).map(([c]) => [c, v[c]]));
    const parsed = correcaoPerfilSchema.safeParse(mudou);
    if (!parsed.success) {
      setErros(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'form'), i.message])));
      return;
    }
    setErros({});
    try {
      notifySuccess((await w.mutateAsync(mudou)).message);
      onClose();
    } catch (err) {
      setErros({ form: erroDe(err) });
    }
  }
  return (
    <Modal titulo="Corrigir perfil" onClose={onClose}>
      <form className="admin-form membros-perfil-form" onSubmit={(e) => void enviar(e)} noValidate>
        <p>Corrija só o que o membro pediu. As regras são as do formulário do portal; a mudança fica na auditoria, com o antes e o depois.</p>
        <div className="membros-grade">
          {CAMPOS_PERFIL.map(([c, label]) => (
            <div key={c} className={`admin-campo${erros[c] ? ' admin-campo--erro' : ''}`}>
              <label htmlFor={`perfil-${c}`}>{label}</label>
              <input id={`perfil-${c}`} value={v[c]} onChange={(e) => setV({ ...v, [c]: e.target.value })} />
              {erros[c] && (
                <small className="admin-campo__erro" role="alert">
                  {erros[c]}
                </small>
              )}
            </div>
          ))}
        </div>
        {erros.form && (
          <p className="admin-campo__erro" role="alert">
            {erros.form}
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
