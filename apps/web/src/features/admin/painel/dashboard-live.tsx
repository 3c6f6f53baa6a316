import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ErrorState, LoadingState } from '../ui/index';
import { ChartCard, COLORS, AXIS, TOOLTIP } from './chart-card';
import { LIVE_INTERVAL_MS, useLiveQuery } from './dashboard-api';
import { hour, number } from './formatar';

function Card({ rotulo: label, valor: value, note, testId, alert }: { rotulo: string; valor: number; note?: string; testId: string; alert?: boolean }) {
  return (
    <div className={`painel-cartao${alert ? ' painel-cartao--alerta' : ''}`}>
      <span className="painel-cartao__rotulo">{label}</span>
      <strong className="painel-cartao__valor" data-testid={testId}>
        {number(value)}
      </strong>
      {note && <span className="painel-cartao__nota">{note}</span>}
    </div>
  );
}

/** /admin/painel/ao-vivo: the launch day (issue 17 item 9), refreshed every 5 s without reloading. */
export function DashboardLive() {
  const q = useLiveQuery();
  if (q.isPending) return <LoadingState />;
  if (q.isError && !q.data) return <ErrorState onRetry={() => void q.refetch()} />;
  const v = q.data!;
  const minutes = v.minutos.map((m) => ({ ...m, rotulo: hour(m.minuto) }));
  return (
    <div className="painel-ao-vivo">
      <p className="painel-ao-vivo__status" role="status" aria-live="off">
        <span className={`painel-ao-vivo__ponto${q.isError ? ' painel-ao-vivo__ponto--erro' : ''}`} aria-hidden="true" />
        <span>{q.isError ? 'Sem conexão: mostrando a última leitura de' : 'Ao vivo, atualizado às'}</span>
        <time dateTime={v.em} data-testid="ao-vivo-em">
          {new Date(v.em).toLocaleTimeString('pt-BR', { timeZone: 'America/Sao_Paulo' })}
        </time>
        <span>{`(a cada ${LIVE_INTERVAL_MS / 1000} s)`}</span>
      </p>
      <section className="painel-cartoes" aria-label="Números do último minuto">
        <Card rotulo="Na fila agora" valor={v.fila.aguardando} testId="ao-vivo-fila" note={v.fila.ativa ? 'sala de espera ativa' : 'sala de espera livre'} />
        <Card rotulo="Admissões/min" valor={v.fila.admissoesPorMinuto} testId="ao-vivo-admissoes" note={`${number(v.fila.admitidos)} dentro do portal`} />
        <Card rotulo="Logins/min" valor={v.loginsPorMinuto} testId="ao-vivo-logins" />
        <Card rotulo="Resgates/min" valor={v.resgatesPorMinuto} testId="ao-vivo-resgates" />
        <Card rotulo="Erros/min" valor={v.errosPorMinuto} testId="ao-vivo-erros" note="respostas 5xx, todos os processos, último minuto completo" alert={v.errosPorMinuto > 0} />
      </section>
      <ChartCard
        wide
        title="Últimos 30 minutos"
        description="Por minuto: logins, resgates, admissões da sala de espera e erros."
        csv={{
          filename: 'ao-vivo-30-minutos.csv',
          rows: v.minutos,
          columns: [
            { header: 'Minuto', value: (m) => m.minuto },
            { header: 'Na fila', value: (m) => m.aguardando },
            { header: 'Admissões', value: (m) => m.admissoes },
            { header: 'Logins', value: (m) => m.logins },
            { header: 'Resgates', value: (m) => m.resgates },
            { header: 'Erros', value: (m) => m.erros },
          ],
        }}
      >
        <ResponsiveContainer width="100%" height={280}>
          <LineChart data={minutes}>
            <CartesianGrid stroke={COLORS.grid} vertical={false} />
            <XAxis dataKey="rotulo" {...AXIS} interval={4} />
            <YAxis allowDecimals={false} {...AXIS} width={48} />
            <Tooltip {...TOOLTIP} />
            <Legend wrapperStyle={{ color: COLORS.grey, fontSize: 12 }} />
            <Line type="linear" dataKey="logins" name="Logins" stroke={COLORS.amber} strokeWidth={2} dot={false} isAnimationActive={false} />
            <Line type="linear" dataKey="resgates" name="Resgates" stroke={COLORS.green} strokeWidth={2} dot={false} isAnimationActive={false} />
            <Line type="linear" dataKey="admissoes" name="Admissões" stroke={COLORS.white} strokeWidth={2} dot={false} connectNulls isAnimationActive={false} />
            <Line type="linear" dataKey="erros" name="Erros" stroke={COLORS.red} strokeWidth={2} dot={false} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </ChartCard>
    </div>
  );
}
