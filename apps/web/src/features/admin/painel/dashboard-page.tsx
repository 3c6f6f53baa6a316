import { NavLink, useRoutes, useSearchParams } from 'react-router';
import { DASHBOARD_MAX_DAYS, DASHBOARD_MSG, dashboardDays } from '@legiao/contracts/admin/painel';
import { ErrorState, LoadingState, PageHeader } from '../ui/index';
import { useDashboardQuery } from './dashboard-api';
import { DashboardCharts } from './dashboard-charts';
import { DashboardLive } from './dashboard-live';
import { todaySp, number, sumDays } from './formatar';
import './painel.css';

/**
 * /admin/painel/*: the range's charts (index) and the live launch view (ao-vivo). dashboard.read.
 * The tabs link by absolute path: inside a splat route "." resolves to the whole current URL.
 */
export function DashboardArea() {
  const routes = useRoutes([
    { index: true, element: <DashboardPeriod /> },
    { path: 'ao-vivo', element: <DashboardLive /> },
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
      {routes}
    </>
  );
}

const SHORTCUTS = [7, 14, 30, 90] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function DashboardPeriod() {
  const [params, setParams] = useSearchParams();
  const today = todaySp();
  const until = DAY.test(params.get('ate') ?? '') ? params.get('ate')! : today;
  const from = DAY.test(params.get('de') ?? '') ? params.get('de')! : sumDays(until, -13);
  const days = dashboardDays(from, until);
  const problem = Number.isNaN(days) ? 'Data inválida.' : days < 1 ? DASHBOARD_MSG.intervaloInvertido : days > DASHBOARD_MAX_DAYS ? DASHBOARD_MSG.intervaloLongo : null;
  const q = useDashboardQuery(from, until, problem === null);
  // Two quick edits (De, then Até) can come before a re-render: start from the address bar, not
  // from this render's values nor react-router's `prev` (both are the last render's).
  const set = (newOne: { de?: string; ate?: string }) => {
    const next = new URLSearchParams(window.location.search);
    if (!next.has('de')) next.set('de', from);
    if (!next.has('ate')) next.set('ate', until);
    for (const [k, v] of Object.entries(newOne)) if (v) next.set(k, v);
    setParams(next, { replace: true });
  };

  const p = q.data;
  const totals = p && {
    cadastros: p.dias.reduce((s, d) => s + d.cadastros, 0),
    ativacoes: p.dias.reduce((s, d) => s + d.ativacoes, 0),
    resgates: p.dias.reduce((s, d) => s + d.resgates, 0),
  };

  return (
    <div className="painel">
      <div className="admin-filtros painel-periodo" role="group" aria-label="Período">
        <div className="admin-filtro">
          <label htmlFor="painel-de">De</label>
          <input id="painel-de" type="date" value={from} max={until} onChange={(e) => e.target.value && set({ de: e.target.value })} />
        </div>
        <div className="admin-filtro">
          <label htmlFor="painel-ate">Até</label>
          <input id="painel-ate" type="date" value={until} min={from} onChange={(e) => e.target.value && set({ ate: e.target.value })} />
        </div>
        <div className="painel-atalhos">
          {SHORTCUTS.map((n) => (
            <button key={n} type="button" className="admin-btn admin-btn--pequeno" aria-pressed={until === today && days === n} onClick={() => set({ de: sumDays(today, -(n - 1)), ate: today })}>
              {n} dias
            </button>
          ))}
        </div>
        <span className="painel-periodo__nota">Dias de São Paulo; até {DASHBOARD_MAX_DAYS} dias.</span>
      </div>

      {problem ? (
        <p className="painel-problema" role="alert">
          {problem}
        </p>
      ) : q.isPending ? (
        <LoadingState />
      ) : q.isError || !p || !totals ? (
        <ErrorState message={q.error instanceof Error ? q.error.message : undefined} onRetry={() => void q.refetch()} />
      ) : (
        <>
          <section className="painel-cartoes" aria-label="Resumo do período" aria-busy={q.isFetching}>
            <div className="painel-cartao">
              <span className="painel-cartao__rotulo">Cadastros</span>
              <strong className="painel-cartao__valor" data-testid="total-cadastros">{number(totals.cadastros)}</strong>
            </div>
            <div className="painel-cartao">
              <span className="painel-cartao__rotulo">Ativações</span>
              <strong className="painel-cartao__valor" data-testid="total-ativacoes">{number(totals.ativacoes)}</strong>
            </div>
            <div className="painel-cartao">
              <span className="painel-cartao__rotulo">Contas ativadas até {p.ate.split('-').reverse().join('/')}</span>
              <strong className="painel-cartao__valor">{number(p.contasAtivadas)}</strong>
            </div>
            <div className="painel-cartao">
              <span className="painel-cartao__rotulo">Resgates</span>
              <strong className="painel-cartao__valor" data-testid="total-resgates">{number(totals.resgates)}</strong>
            </div>
            <div className="painel-cartao">
              <span className="painel-cartao__rotulo">NPS</span>
              <strong className="painel-cartao__valor">{p.nps.nps === null ? '—' : p.nps.nps}</strong>
            </div>
          </section>
          <DashboardCharts p={p} />
        </>
      )}
    </div>
  );
}
