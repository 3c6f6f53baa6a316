import type { MemberLaunch } from '@legiao/contracts/lancamentos';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useCopy } from '../../../shared/lib/clipboard';
import { useCountdown } from '../../../shared/lib/use-countdown';
import { saoPauloText } from '../../../shared/lib/sao-paulo-time';
import { useNotices } from '../../../shared/notices/notice-context';
import { Count } from '../../../shared/ui/count';
import { getLaunchCalendar, memberLaunchesQuery, recordLaunchAccess } from '../api/launches-query';

// The pieces of a launch as one member gets it (docs/decisions/0047-launches.md), shared by the
// pre-sale banner and the coming-soon section: when it opens for them, why not yet, their access.

const BRASILIA = '(horário de Brasília)';
/** After the countdown's end, how often the launches are asked again until the opening shows. */
const AGAIN_MS = 15_000;

/** "Seu acesso antecipado abre em 01/12/2026 às 00:00" or the public date. */
export function openingText(l: MemberLaunch): string {
  if (l.elegivel && l.emJanela) return `Seu acesso antecipado está aberto até ${saoPauloText(l.acessoFim)} ${BRASILIA}.`;
  if (l.elegivel) return `Seu acesso antecipado abre em ${saoPauloText(l.abreEm)} ${BRASILIA}.`;
  return `Abre para todos em ${saoPauloText(l.dataPublica)} ${BRASILIA}.`;
}

/**
 * The countdown to the member's opening. The boxes tick every second without being read out
 * (role=timer is not live); the opening itself is said once. At zero the launches are asked again:
 * the access (code and link) comes with the window.
 */
export function LaunchCountdown({ launch }: { launch: MemberLaunch }) {
  const time = useCountdown(new Date(launch.abreEm));
  const client = useQueryClient();
  useEffect(() => {
    if (!time.done) return;
    const ask = () => void client.invalidateQueries({ queryKey: memberLaunchesQuery().queryKey });
    ask();
    // A phone's clock a little ahead of the server's asks before the window has opened there: ask
    // again until the answer brings the access (this card then gives way to it) or drops the launch.
    const timer = window.setInterval(ask, AGAIN_MS);
    return () => window.clearInterval(timer);
  }, [time.done, client]);
  if (time.done) return <p role="status">{launch.elegivel ? 'Seu acesso antecipado abriu!' : 'Já está à venda para todos.'}</p>;
  return <Count time={time} rotulo={launch.elegivel ? `Tempo até o seu acesso antecipado a ${launch.nome}` : `Tempo até ${launch.nome} abrir para todos`} />;
}

/** What would make the member eligible (the rule's hints), when it depends on them. */
export function LaunchHints({ launch }: { launch: MemberLaunch }) {
  if (launch.elegivel) return null;
  const hints = launch.motivos.filter((m) => !m.atendida && m.dica).map((m) => m.dica!);
  if (hints.length === 0) return <p className="lancamento-home__nota">Este acesso antecipado é para um grupo de legionários.</p>;
  return (
    <div className="lancamento-home__dicas">
      <p>Para ter acesso antecipado:</p>
      <ul>
        {hints.map((h) => (
          <li key={h}>{h}</li>
        ))}
      </ul>
    </div>
  );
}

/** The personal access in the window: the code (copy), the store with it, the units left. */
export function LaunchAccess({ launch }: { launch: MemberLaunch }) {
  const access = launch.acesso;
  const { notify } = useNotices();
  const { copied, copy } = useCopy();
  if (!access) return null;
  const left = access.cotaRestante;
  return (
    <div className="lancamento-home__acesso">
      <p className="lancamento-home__codigo">
        Seu código: <code data-testid="codigo-acesso">{access.codigo}</code>
        <button
          type="button"
          className="button button--small button--ghost"
          aria-label={`Copiar código ${access.codigo}`}
          onClick={() => void copy(access.codigo).then((ok) => ok || notify({ message: 'Não foi possível copiar. Selecione o código e copie manualmente.', kind: 'error' }))}
        >
          {copied ? 'Copiado!' : 'Copiar código'}
        </button>
        <span className="visually-hidden" role="status">
          {copied ? 'Código copiado!' : ''}
        </span>
      </p>
      <p>{left > 0 ? `Você ainda pode comprar ${left} ${left === 1 ? 'unidade' : 'unidades'} no acesso antecipado.` : 'Você já usou toda a sua cota do acesso antecipado.'}</p>
      {left > 0 && (
        <a
          className="button button--destaque"
          href={access.link}
          target="_blank"
          rel="noreferrer"
          // The launch day counts who went to the store (the tab opens whatever this call answers).
          onClick={() => void recordLaunchAccess(launch.slug).catch(() => {})}
        >
          Comprar com meu acesso
          <span className="visually-hidden"> (abre a loja em nova aba)</span>
        </a>
      )}
      <p className="lancamento-home__nota">O código é só seu: a loja confere com o seu e-mail ou CPF.</p>
    </div>
  );
}

/**
 * "Adicionar à agenda": the opening as an .ics file. The calendar call needs the member's token, which
 * a plain link would not carry, so the button asks for it and hands the file to the browser.
 */
export function AddToCalendar({ launch }: { launch: MemberLaunch }) {
  const { notify } = useNotices();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const ics = await getLaunchCalendar(launch.slug);
      const url = URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `${launch.slug}.ics`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      notify({ message: 'Não foi possível gerar o arquivo da agenda. Tente de novo.', kind: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="button button--small button--ghost" onClick={() => void download()} disabled={busy} aria-label={`Adicionar à agenda: ${launch.nome}`}>
      Adicionar à agenda
    </button>
  );
}
