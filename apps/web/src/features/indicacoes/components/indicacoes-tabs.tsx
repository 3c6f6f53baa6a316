import { INDICACAO_MSG, type IndicacaoResumo } from '@legiao/contracts/indicacao';
import { useId, useRef, useState, type KeyboardEvent } from 'react';

type Aba = 'confirmados' | 'pendentes';
const ABAS: readonly Aba[] = ['confirmados', 'pendentes'];

const ROTULO: Record<Aba, string> = { confirmados: 'CONFIRMADOS', pendentes: 'PENDENTES' };
const VAZIO: Record<Aba, string> = { confirmados: INDICACAO_MSG.nenhumConfirmado, pendentes: INDICACAO_MSG.nenhumPendente };

/**
 * CONFIRMADOS / PENDENTES with counts and e-mails (spec 001 section 2.18), as an ARIA tabs widget:
 * one tab stop, arrows/Home/End move between tabs and select them.
 */
export function IndicacoesTabs({ resumo }: { resumo: IndicacaoResumo }) {
  const base = useId();
  const [ativa, setAtiva] = useState<Aba>('confirmados');
  const refs = useRef<Record<Aba, HTMLButtonElement | null>>({ confirmados: null, pendentes: null });
  const dados: Record<Aba, { total: number; emails: string[] }> = {
    confirmados: { total: resumo.confirmados, emails: resumo.emailsConfirmados },
    pendentes: { total: resumo.pendentes, emails: resumo.emailsPendentes },
  };

  function selecionar(aba: Aba) {
    setAtiva(aba);
    refs.current[aba]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const i = ABAS.indexOf(ativa);
    const destino =
      event.key === 'ArrowRight' ? ABAS[(i + 1) % ABAS.length]
      : event.key === 'ArrowLeft' ? ABAS[(i - 1 + ABAS.length) % ABAS.length]
      : event.key === 'Home' ? ABAS[0]
      : event.key === 'End' ? ABAS[ABAS.length - 1]
      : undefined;
    if (!destino) return;
    event.preventDefault();
    selecionar(destino);
  }

  return (
    <div className="abas">
      <div className="abas__lista" role="tablist" aria-label="Minhas indicações" onKeyDown={onKeyDown}>
        {ABAS.map((aba) => (
          <button
            key={aba}
            ref={(el) => {
              refs.current[aba] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-${aba}-aba`}
            aria-controls={`${base}-${aba}-painel`}
            aria-selected={ativa === aba}
            tabIndex={ativa === aba ? 0 : -1}
            className="abas__aba"
            onClick={() => setAtiva(aba)}
          >
            {ROTULO[aba]} <span className="abas__contagem">({dados[aba].total})</span>
          </button>
        ))}
      </div>
      {ABAS.map((aba) => (
        <div
          key={aba}
          role="tabpanel"
          id={`${base}-${aba}-painel`}
          aria-labelledby={`${base}-${aba}-aba`}
          hidden={ativa !== aba}
          tabIndex={0}
          className="abas__painel"
        >
          {dados[aba].emails.length ? (
            <ul className="abas__emails">
              {dados[aba].emails.map((email, i) => (
                <li key={`${email}-${i}`}>{email}</li>
              ))}
            </ul>
          ) : (
            <p className="abas__vazio">{VAZIO[aba]}</p>
          )}
        </div>
      ))}
    </div>
  );
}
