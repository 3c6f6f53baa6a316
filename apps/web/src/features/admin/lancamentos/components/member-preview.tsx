import { useId, useState } from 'react';
import type { AdminLaunch } from '@legiao/contracts/admin/lancamentos';
import { errorMessage } from '../../../../shared/api/api-error';
import { isoToSaoPauloInput, saoPauloInputToIso, saoPauloText } from '../../../../shared/lib/sao-paulo-time';
import { useLaunchPreview } from '../api/launches-api';

/**
 * The launch as one member would see it on their home (GET /api/admin/lancamentos/{id}/previa), now
 * or at a moment typed in São Paulo time; also for a draft. Nothing is written: the code a member
 * gets on their first view in the window shows as "ainda não gerado" until then.
 */
export function MemberPreview({ launch }: { launch: AdminLaunch }) {
  const memberId = useId();
  const atId = useId();
  const [member, setMember] = useState('');
  const [at, setAt] = useState('');
  const [asked, setAsked] = useState<{ member: string; at: string | undefined } | null>(null);
  const q = useLaunchPreview(launch.id, asked?.member ?? null, asked?.at);
  return (
    <>
      <form
        className="admin-form lancamento-previa__form"
        aria-label="Prévia como membro"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (member.trim()) setAsked({ member: member.trim(), at: at ? saoPauloInputToIso(at) : undefined });
        }}
      >
        <div className="admin-form__linha">
          <div className="admin-campo">
            <label htmlFor={memberId}>Membro (e-mail ou id)</label>
            <input id={memberId} value={member} onChange={(e) => setMember(e.target.value)} autoComplete="off" />
          </div>
          <div className="admin-campo">
            <label htmlFor={atId}>Momento (São Paulo; vazio = agora)</label>
            <input id={atId} type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} />
          </div>
        </div>
        <div className="admin-form__acoes">
          <button type="button" className="admin-btn" onClick={() => setAt(isoToSaoPauloInput(launch.acessoInicio))}>
            No início do acesso
          </button>
          <button type="submit" className="admin-btn admin-btn--primario" disabled={!member.trim()}>
            Ver como este membro
          </button>
        </div>
      </form>
      <div aria-live="polite" className="lancamento-previa">
        {asked && q.isFetching && <p>Carregando a prévia...</p>}
        {asked && q.isError && (
          <p className="admin-campo__erro" role="alert">
            {errorMessage(q.error)}
          </p>
        )}
        {q.data && !q.isFetching && <PreviewResult preview={q.data} />}
      </div>
    </>
  );
}

function PreviewResult({ preview }: { preview: NonNullable<ReturnType<typeof useLaunchPreview>['data']> }) {
  const l = preview.lancamento;
  return (
    <div className="lancamento-previa__resultado" data-testid="previa-membro">
      <h3>
        {preview.membro.nome} <small>({preview.membro.email})</small>
      </h3>
      <p>
        Em {saoPauloText(preview.em)}:{' '}
        <span className={`admin-selo ${l.elegivel ? 'admin-selo--verde' : 'admin-selo--vermelho'}`}>{l.elegivel ? 'Elegível' : 'Não elegível'}</span>
      </p>
      <dl className="lancamento-dl">
        <dt>Abre para este membro</dt>
        <dd>{saoPauloText(l.abreEm)}</dd>
        <dt>Acesso antecipado aberto</dt>
        <dd>{l.emJanela ? 'sim' : 'não'}</dd>
        <dt>Acesso</dt>
        <dd>
          {l.acesso ? (
            <>
              código {l.acesso.codigo ? <code>{l.acesso.codigo}</code> : 'ainda não gerado (nasce na primeira visita do membro na janela)'} · {l.acesso.cotaRestante} de {l.cotaPorMembro} unidade(s) restantes
            </>
          ) : l.elegivel ? (
            'o código aparece durante a janela'
          ) : (
            'sem acesso antecipado: compra na data pública'
          )}
        </dd>
      </dl>
      <h4>Motivos</h4>
      <ul className="lancamento-motivos">
        {l.motivos.map((m, i) => (
          <li key={i} className={m.atendida ? 'lancamento-motivo--ok' : 'lancamento-motivo--falta'}>
            <span aria-hidden="true">{m.atendida ? '✓ ' : '✗ '}</span>
            <span className="visually-hidden">{m.atendida ? 'Atendida: ' : 'Não atendida: '}</span>
            {m.descricao}
            {!m.atendida && m.dica ? <em> {m.dica}</em> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
