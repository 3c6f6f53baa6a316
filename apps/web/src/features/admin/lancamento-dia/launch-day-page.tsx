import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { LaunchDayPanel } from '@legiao/contracts/admin/lancamentos-painel';
import { errorMessage } from '../../../shared/api/api-error';
import { ErrorState, LoadingState, PageHeader, notifyError } from '../ui/index';
import { AXIS, COLORS, TOOLTIP } from '../painel/chart-card';
import { LaunchAlerts } from './launch-alerts';
import { dayHour, hour, number } from '../painel/formatar';
import { LAUNCH_DAY_INTERVAL_MS, downloadLaunchDayCsv, useLaunchDayQuery } from './launch-day-api';
import { roomLine } from './room-line';
import '../painel/painel.css';
import './launch-day.css';

// /admin/lancamentos/:id/dia: the launch day, live (issue 31 item 4; docs/decisions/0047-launches.md,
// part 2). Totals as cards, the running totals per minute, the waiting room beside; every 5 s.

function Card({ label, value, note, testId }: { label: string; value: number; note?: string; testId: string }) {
  return (
    <div className="painel-cartao">
      <span className="painel-cartao__rotulo">{label}</span>
      <strong className="painel-cartao__valor" data-testid={testId}>
        {number(value)}
      </strong>
      {note && <span className="painel-cartao__nota">{note}</span>}
    </div>
  );
}

function RoomState({ p }: { p: LaunchDayPanel }) {
  const s = p.fila.estado;
  const why = !s ? null : s.pausada ? 'pausada pela operação' : s.lancamento ? `pelo lançamento ${s.lancamento.nome} até ${hour(s.lancamento.ate)}` : s.automatica ? 'pela sala automática (sobrecarga)' : s.aguardando > 0 ? 'há gente na fila' : s.admitidos >= s.capacidade ? 'lotada' : null;
  return (
    <aside className="lancamento-dia__fila" aria-labelledby="lancamento-dia-fila">
      <h2 id="lancamento-dia-fila">Sala de espera</h2>
      <p data-testid="lancamento-dia-fila-linha">{roomLine(p)}</p>
      {!s ? (
        <p className="lancamento-dia__aviso">O estado da sala de espera não pôde ser lido agora.</p>
      ) : (
        <dl className="lancamento-dia__fila-numeros">
          <div>
            <dt>Agora</dt>
            <dd data-testid="lancamento-dia-fila-estado">{!s.habilitada ? 'Desabilitada' : s.ativa ? `Ligada${why ? ` (${why})` : ''}` : 'Livre'}</dd>
          </div>
          <div>
            <dt>Na fila</dt>
            <dd>{number(s.aguardando)}</dd>
          </div>
          <div>
            <dt>Dentro do portal</dt>
            <dd>{`${number(s.admitidos)} de ${number(s.capacidade)}`}</dd>
          </div>
          <div>
            <dt>Admissões no último minuto</dt>
            <dd>{`${number(s.admissoesUltimoMinuto)} (limite ${number(s.admissoesPorMinuto)}/min)`}</dd>
          </div>
        </dl>
      )}
    </aside>
  );
}

export function LaunchDayPage() {
  const { id = '' } = useParams();
  const q = useLaunchDayQuery(id);
  const [exporting, setExporting] = useState(false);
  if (q.isPending) return <LoadingState />;
  if (q.isError && !q.data) return <ErrorState message={errorMessage(q.error)} onRetry={() => void q.refetch()} />;
  const p = q.data!;
  const l = p.lancamento;
  const t = p.totais;
  const minutes = p.serie.minutos.map((m) => ({ ...m, rotulo: hour(m.minuto) }));
  const recent = p.serie.minutos.slice(-15).reverse();
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadLaunchDayCsv(l.id, `lancamento-${l.slug}-por-minuto.csv`);
    } catch (err) {
      notifyError(err);
    } finally {
      setExporting(false);
    }
  };
  return (
    <div className="lancamento-dia">
      <PageHeader
        title={`Dia do lançamento: ${l.nome}`}
        description={`Acesso antecipado de ${dayHour(l.acessoInicio)} a ${dayHour(l.acessoFim)} (horário de Brasília) · cota de ${l.cotaPorMembro} por membro · ${l.status === 'publicado' ? (l.emJanela ? 'janela aberta' : 'publicado') : l.status}`}
        actions={
          <>
            <Link className="admin-btn" to="/admin/lancamentos-dia">
              Outros lançamentos
            </Link>
            <button type="button" className="admin-btn admin-btn--primario" onClick={() => void exportCsv()} disabled={exporting}>
              Exportar CSV
            </button>
          </>
        }
      />
      <p className="painel-ao-vivo__status" role="status" aria-live="off">
        <span className={`painel-ao-vivo__ponto${q.isError ? ' painel-ao-vivo__ponto--erro' : ''}`} aria-hidden="true" />
        <span>{q.isError ? 'Sem conexão: mostrando a última leitura de' : 'Ao vivo, atualizado às'}</span>
        <time dateTime={p.em}>{new Date(p.em).toLocaleTimeString('pt-BR', { timeZone: 'America/Sao_Paulo' })}</time>
        <span>{`(a cada ${LAUNCH_DAY_INTERVAL_MS / 1000} s)`}</span>
      </p>
      {/* The numbers beside the waiting room; below, at the page's full width, the alerts' waves table (13 columns) and the series. */}
      <div className="lancamento-dia__grade">
        <section className="painel-cartoes" aria-label="Números do lançamento">
          <Card label="Elegíveis" value={t.elegiveis} testId="dia-elegiveis" note={`pela regra, contados às ${hour(t.elegiveisEm)}`} />
          <Card label="Viram" value={t.vistos} testId="dia-vistos" note={`${number(t.vistosElegiveis)} elegíveis ao ver`} />
          <Card label="Acessaram" value={t.acessaram} testId="dia-acessaram" note="abriram o acesso pessoal" />
          <Card label="Pediram" value={t.pediram} testId="dia-pediram" note={`${number(t.unidadesUsadas)} unidades da cota`} />
          <Card label="Unidades restantes" value={t.unidadesRestantes} testId="dia-restantes" note={`de ${number(t.elegiveis * l.cotaPorMembro)} (elegíveis × cota)`} />
          <Card label="Pediram aviso" value={p.avisos.pedidos} testId="dia-avisos" note={`"Avise-me" por e-mail; ${number(p.avisos.cancelados)} cancelaram`} />
          <Card label="Avisos enviados" value={p.avisos.enviados} testId="dia-avisos-enviados" note={`${number(p.avisos.chegaram)} chegaram depois do aviso`} />
        </section>
        <RoomState p={p} />
      </div>
      <LaunchAlerts p={p} />
      <section className="painel-grafico painel-grafico--largo" aria-labelledby="lancamento-dia-serie">
        <header className="painel-grafico__cabecalho">
          <div>
            <h2 id="lancamento-dia-serie">Por minuto</h2>
            <p>{`Totais acumulados de ${dayHour(p.serie.de)} a ${hour(p.serie.ate)} (desde 30 min antes da abertura; no máximo as últimas 24 h).`}</p>
          </div>
        </header>
        {minutes.length === 0 ? (
          <p className="painel-grafico__vazio">A série começa 30 minutos antes da abertura.</p>
        ) : (
          <div className="painel-grafico__corpo">
            <ResponsiveContainer width="100%" height={260}>
              <LineChart data={minutes}>
                <CartesianGrid stroke={COLORS.grid} vertical={false} />
                <XAxis dataKey="rotulo" {...AXIS} minTickGap={24} />
                <YAxis allowDecimals={false} {...AXIS} width={56} />
                <Tooltip {...TOOLTIP} />
                <Legend wrapperStyle={{ color: COLORS.grey, fontSize: 12 }} />
                <Line type="linear" dataKey="vistosAcumulado" name="Viram" stroke={COLORS.white} strokeWidth={2} dot={false} isAnimationActive={false} />
                <Line type="linear" dataKey="acessaramAcumulado" name="Acessaram" stroke={COLORS.amber} strokeWidth={2} dot={false} isAnimationActive={false} />
                <Line type="linear" dataKey="pediramAcumulado" name="Pediram" stroke={COLORS.green} strokeWidth={2} dot={false} isAnimationActive={false} />
              </LineChart>
            </ResponsiveContainer>
          </div>
        )}
      </section>
      {recent.length > 0 && (
        <div className="lancamento-dia__tabela">
          <table>
            <caption>Últimos 15 minutos (novos em cada minuto)</caption>
            <thead>
              <tr>
                <th scope="col">Minuto</th>
                <th scope="col">Viram</th>
                <th scope="col">Acessaram</th>
                <th scope="col">Pediram</th>
                <th scope="col">Na fila</th>
                <th scope="col">Admissões</th>
              </tr>
            </thead>
            <tbody>
              {recent.map((m) => (
                <tr key={m.minuto}>
                  <th scope="row">{hour(m.minuto)}</th>
                  <td>{number(m.vistos)}</td>
                  <td>{number(m.acessaram)}</td>
                  <td>{number(m.pediram)}</td>
                  <td>{m.filaAguardando === null ? '–' : number(m.filaAguardando)}</td>
                  <td>{m.filaAdmissoes === null ? '–' : number(m.filaAdmissoes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
