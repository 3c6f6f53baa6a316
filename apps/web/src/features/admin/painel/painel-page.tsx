import { NavLink, useRoutes, useSearchParams } from 'react-router';
import { PAINEL_MAX_DIAS, PAINEL_MSG, painelDias } from '@legiao/contracts/admin/painel';
import { ErrorState, LoadingState, PageHeader } from '../ui';
import { usePainelQuery } from './painel-api';
import { PainelGraficos } from './painel-graficos';
import { PainelAoVivo } from './painel-ao-vivo';
import { hojeSp, numero, somarDias } from './formatar';
import './painel.css';

/**
 * /admin/painel/*: the range's charts (index) and the live launch view (ao-vivo). dashboard.read.
 * The tabs link by absolute path: inside a splat route "." resolves to the whole current URL.
 */
export function PainelArea() {
  const rotas = useRoutes([
    { index: true, element: <PainelPeriodo /> },
    { path: 'ao-vivo', element: <PainelAoVivo /> },
  ]);
  return (
    <>
      <PageHeader title="Painel do lançamento" description="Como o lançamento está indo: cadastros, acessos, sala de espera, resgates, indicações e pesquisas." />
      <nav className="painel-abas" aria-label="Visões do painel">
        <NavLink to="/admin/painel" end className={({ isActive }) => `painel-aba${isActive ? ' painel-aba--ativa' : ''}`}>
          Por período
        </NavLink>
        <NavLink to="/admin/painel/ao-vivo" className={({ isActive }) => `painel-aba${isActive ? ' painel-aba--ativa' : ''}`}>
          Ao vivo
        </NavLink>
      </nav>
      {rotas}
    </>
  );
}

const ATALHOS = [7, 14, 30, 90] as const;
const DIA = /^\d{4}-\d{2}-\d{2}$/;

function PainelPeriodo() {
  const [params, setParams] = useSearchParams();
  const hoje = hojeSp();
  const ate = DIA.test(params.get('ate') ?? '') ? params.get('ate')! : hoje;
  const de = DIA.test(params.get('de') ?? '') ? params.get('de')! : somarDias(ate, -13);
  const dias = painelDias(de, ate);
  const problema = Number.isNaN(dias) ? 'Data inválida.' : dias < 1 ? PAINEL_MSG.intervaloInvertido : dias > PAINEL_MAX_DIAS ? PAINEL_MSG.intervaloLongo : null;
  const q = usePainelQuery(de, ate, problema === null);
  // Two quick edits (De, then Até) can come before a re-render: start from the address bar, not
  // from this render's values nor react-router's `prev` (both are the last render's).
  const definir = (novo: { de?: string; ate?: string }) => {
    const next = new URLSearchParams(window.location.search);
    if (!next.has('de')) next.set('de', de);
    if (!next.has('ate')) next.set('ate', ate);
    for (const [k, v] of Object.entries(novo)) if (v) next.set(k, v);
    setParams(next, { replace: true });
  };

  const p = q.data;
  const totais = p && {
    cadastros: p.dias.reduce((s, d) => s + d.cadastros, 0),
    ativacoes: p.dias.reduce((s, d) => s + d.ativacoes, 0),
    resgates: p.dias.reduce((s, d) => s + d.resgates, 0),
  };

  return (
    <div className="painel">
      <div className="admin-filtros painel-periodo" role="group" aria-label="Período">
        <div className="admin-filtro">
          <label htmlFor="painel-de">De</label>
          <input id="painel-de" type="date" value={de} max={ate} onChange={(e) => e.target.value && definir({ de: e.target.value })} />
        </div>
        <div className="admin-filtro">
          <label htmlFor="painel-ate">Até</label>
          <input id="painel-ate" type="date" value={ate} min={de} onChange={(e) => e.target.value && definir({ ate: e.target.value })} />
        </div>
        <div className="painel-atalhos">
          {ATALHOS.map((n) => (
            <button key={n} type="button" className="admin-btn admin-btn--pequeno" aria-pressed={ate === hoje && dias === n} onClick={() => definir({ de: somarDias(hoje, -(n - 1)), ate: hoje })}>
              {n} dias
            </button>
          ))}
        </div>
        <span className="painel-periodo__nota">Dias de São Paulo; até {PAINEL_MAX_DIAS} dias.</span>
      </div>

      {problema ? (
        <p className="painel-problema" role="alert">
          {problema}
        </p>
      ) : q.isPending ? (
        <LoadingState />
      ) : q.isError || !p || !totais ? (
        <ErrorState message={q.error instanceof Error ? q.error.message : undefined} onRetry={() => void q.refetch()} />
      ) : (
        <>
          <section className="painel-cartoes" aria-label="Resumo do período" aria-busy={q.isFetching}>
            <div className="painel-cartao">
              <span className="painel-cartao__rotulo">Cadastros</span>
              <strong className="painel-cartao__valor" data-testid="total-cadastros">{numero(totais.cadastros)}</strong>
            </div>
            <div className="painel-cartao">
              <span className="painel-cartao__rotulo">Ativações</span>
              <strong className="painel-cartao__valor" data-testid="total-ativacoes">{numero(totais.ativacoes)}</strong>
            </div>
            <div className="painel-cartao">
              <span className="painel-cartao__rotulo">Contas ativadas até {p.ate.split('-').reverse().join('/')}</span>
              <strong className="painel-cartao__valor">{numero(p.contasAtivadas)}</strong>
            </div>
            <div className="painel-cartao">
              <span className="painel-cartao__rotulo">Resgates</span>
              <strong className="painel-cartao__valor" data-testid="total-resgates">{numero(totais.resgates)}</strong>
            </div>
            <div className="painel-cartao">
              <span className="painel-cartao__rotulo">NPS</span>
              <strong className="painel-cartao__valor">{p.nps.nps === null ? '—' : p.nps.nps}</strong>
            </div>
          </section>
          <PainelGraficos p={p} />
        </>
      )}
    </div>
  );
}
