import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Panel } from '@legiao/contracts/admin/painel';
import { ChartCard, COLORS, AXIS, TOOLTIP } from './chart-card';
import { shortDay, dayHour, number } from './formatar';

const HEIGHT = 240;
const legend = { wrapperStyle: { color: COLORS.grey, fontSize: 12 } } as const;
/** Long benefit names would wrap over each other on a category axis: cut them (the tooltip and CSV keep them whole). */
const short = (name: string) => (name.length > 24 ? `${name.slice(0, 23)}…` : name);
const BAR_MAX = 28;

/** The range's charts (issue 17 item 8), each with its CSV. */
export function DashboardCharts({ p }: { p: Panel }) {
  const suffix = `${p.de}_${p.ate}`;
  const days = p.dias.map((d) => ({ ...d, rotulo: shortDay(d.dia) }));
  const waitingRoom = p.fila.map((f) => ({ ...f, rotulo: p.filaGranularidade === 'hora' ? dayHour(f.inicio) : shortDay(new Date(Date.parse(f.inicio) - 3 * 3600 * 1000).toISOString().slice(0, 10)), waitMaxS: Math.round(f.esperaMaxMs / 1000) }));
  const funnel = [
    { step: 'Compartilharam', valor: p.indicacoes.compartilharam },
    { step: 'Cadastraram', valor: p.indicacoes.cadastraram },
    { step: 'Confirmaram', valor: p.indicacoes.confirmaram },
  ];
  const nps = [
    { grupo: 'Promotores (9-10)', valor: p.nps.promotores, cor: COLORS.green },
    { grupo: 'Neutros (7-8)', valor: p.nps.neutros, cor: COLORS.amber },
    { grupo: 'Detratores (0-6)', valor: p.nps.detratores, cor: COLORS.red },
  ];
  const limitedStock = p.estoque.filter((e) => e.restante !== null);
  const barsHeight = (n: number) => Math.max(HEIGHT, n * 30 + 40);
  const few = waitingRoom.length <= 3;

  return (
    <div className="painel-graficos">
      <ChartCard
        title="Cadastros e ativações por dia"
        description="Contas criadas e contas ativadas (e-mail confirmado) em cada dia."
        csv={{ filename: `cadastros-ativacoes_${suffix}.csv`, rows: p.dias, columns: [{ header: 'Dia', value: (d) => d.dia }, { header: 'Cadastros', value: (d) => d.cadastros }, { header: 'Ativações', value: (d) => d.ativacoes }] }}
      >
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <BarChart data={days}>
            <CartesianGrid stroke={COLORS.grid} vertical={false} />
            <XAxis dataKey="rotulo" {...AXIS} />
            <YAxis allowDecimals={false} {...AXIS} width={48} />
            <Tooltip {...TOOLTIP} />
            <Legend {...legend} />
            <Bar dataKey="cadastros" name="Cadastros" fill={COLORS.red} radius={[3, 3, 0, 0]} />
            <Bar dataKey="ativacoes" name="Ativações" fill={COLORS.green} radius={[3, 3, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        title="Membros ativos e logins por dia"
        description="Logins: sessões abertas (senha, link ou rede social). Membros ativos: pessoas diferentes que entraram no dia."
        csv={{ filename: `membros-ativos-logins_${suffix}.csv`, rows: p.dias, columns: [{ header: 'Dia', value: (d) => d.dia }, { header: 'Membros ativos', value: (d) => d.membrosAtivos }, { header: 'Logins', value: (d) => d.logins }] }}
      >
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <LineChart data={days}>
            <CartesianGrid stroke={COLORS.grid} vertical={false} />
            <XAxis dataKey="rotulo" {...AXIS} />
            <YAxis allowDecimals={false} {...AXIS} width={48} />
            <Tooltip {...TOOLTIP} />
            <Legend {...legend} />
            <Line type="monotone" dataKey="membrosAtivos" name="Membros ativos" stroke={COLORS.green} strokeWidth={2} dot={false} isAnimationActive={false} />
            <Line type="monotone" dataKey="logins" name="Logins" stroke={COLORS.amber} strokeWidth={2} dot={false} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        wide
        title={`Sala de espera (por ${p.filaGranularidade})`}
        description="Pessoas na fila (máximo e média das leituras de cada minuto) e a maior espera do primeiro da fila."
        csv={{
          filename: `sala-de-espera_${suffix}.csv`,
          rows: p.fila,
          columns: [
            { header: 'Início', value: (f) => f.inicio },
            { header: 'Na fila (máximo)', value: (f) => f.aguardandoMax },
            { header: 'Na fila (média)', value: (f) => f.aguardandoMedio },
            { header: 'Maior espera (s)', value: (f) => Math.round(f.esperaMaxMs / 1000) },
            { header: 'Admissões', value: (f) => f.admissoes },
          ],
        }}
      >
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <LineChart data={waitingRoom}>
            <CartesianGrid stroke={COLORS.grid} vertical={false} />
            <XAxis dataKey="rotulo" {...AXIS} />
            <YAxis yAxisId="pessoas" allowDecimals={false} {...AXIS} width={48} />
            <YAxis yAxisId="segundos" orientation="right" allowDecimals={false} {...AXIS} width={48} unit=" s" />
            <Tooltip {...TOOLTIP} />
            <Legend {...legend} />
            <Line yAxisId="pessoas" type="monotone" dataKey="aguardandoMax" name="Na fila (máximo)" stroke={COLORS.red} strokeWidth={2} dot={few} isAnimationActive={false} />
            <Line yAxisId="pessoas" type="monotone" dataKey="aguardandoMedio" name="Na fila (média)" stroke={COLORS.amber} strokeWidth={2} dot={few} isAnimationActive={false} />
            <Line yAxisId="segundos" type="monotone" dataKey="waitMaxS" name="Maior espera (s)" stroke={COLORS.grey} strokeDasharray="4 3" dot={few} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        title="Resgates por benefício"
        description="Resgates feitos no período (os 30 benefícios mais resgatados)."
        csv={{ filename: `resgates-por-beneficio_${suffix}.csv`, rows: p.resgatesPorBeneficio, columns: [{ header: 'Benefício', value: (r) => r.nome }, { header: 'Resgates', value: (r) => r.resgates }] }}
      >
        <ResponsiveContainer width="100%" height={barsHeight(p.resgatesPorBeneficio.length)}>
          <BarChart data={p.resgatesPorBeneficio} layout="vertical" margin={{ left: 8 }}>
            <CartesianGrid stroke={COLORS.grid} horizontal={false} />
            <XAxis type="number" allowDecimals={false} {...AXIS} />
            <YAxis type="category" dataKey="nome" {...AXIS} width={170} tickFormatter={short} interval={0} />
            <Tooltip {...TOOLTIP} />
            <Bar dataKey="resgates" name="Resgates" fill={COLORS.red} radius={[0, 3, 3, 0]} maxBarSize={BAR_MAX} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        title="Estoque restante"
        description={`Agora, por benefício ativo${p.estoque.length > limitedStock.length ? `; ${p.estoque.length - limitedStock.length} sem limite ficam fora do gráfico (no CSV como "ilimitado")` : ''}.`}
        csv={{ filename: 'estoque-restante.csv', rows: p.estoque, columns: [{ header: 'Benefício', value: (e) => e.nome }, { header: 'Restante', value: (e) => (e.restante === null ? 'ilimitado' : e.restante) }] }}
      >
        <ResponsiveContainer width="100%" height={barsHeight(limitedStock.length)}>
          <BarChart data={limitedStock} layout="vertical" margin={{ left: 8 }}>
            <CartesianGrid stroke={COLORS.grid} horizontal={false} />
            <XAxis type="number" allowDecimals={false} {...AXIS} />
            <YAxis type="category" dataKey="nome" {...AXIS} width={170} tickFormatter={short} interval={0} />
            <Tooltip {...TOOLTIP} />
            <Bar dataKey="restante" name="Restante" radius={[0, 3, 3, 0]} maxBarSize={BAR_MAX}>
              {limitedStock.map((e) => (
                <Cell key={e.beneficioId} fill={(e.restante ?? 0) === 0 ? COLORS.red : COLORS.amber} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        title="Funil de indicações"
        description="Indicações criadas no período: quem compartilhou (membros cujo link trouxe um cadastro), os cadastros e quantos já foram confirmados."
        csv={{ filename: `funil-indicacoes_${suffix}.csv`, rows: funnel, columns: [{ header: 'Etapa', value: (f) => f.step }, { header: 'Pessoas', value: (f) => f.valor }] }}
      >
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <BarChart data={funnel}>
            <CartesianGrid stroke={COLORS.grid} vertical={false} />
            <XAxis dataKey="step" {...AXIS} />
            <YAxis allowDecimals={false} {...AXIS} width={48} />
            <Tooltip {...TOOLTIP} />
            <Bar dataKey="valor" name="Pessoas" radius={[3, 3, 0, 0]} maxBarSize={80}>
              {funnel.map((f, i) => (
                <Cell key={f.step} fill={[COLORS.grey, COLORS.amber, COLORS.green][i]} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        title="Satisfação (NPS)"
        description="Respostas à pergunta “De 0 a 10, quanto você recomendaria a Legião a um amigo?” no período."
        csv={{ filename: `nps_${suffix}.csv`, rows: p.nps.respostas ? nps : [], columns: [{ header: 'Grupo', value: (g) => g.grupo }, { header: 'Respostas', value: (g) => g.valor }] }}
      >
        <p className="painel-nps" data-testid="nps-valor">
          <strong>{p.nps.nps === null ? '—' : p.nps.nps}</strong>
          <span>NPS de {number(p.nps.respostas)} respostas</span>
        </p>
        <ResponsiveContainer width="100%" height={HEIGHT - 60}>
          <BarChart data={nps} layout="vertical" margin={{ left: 8 }}>
            <CartesianGrid stroke={COLORS.grid} horizontal={false} />
            <XAxis type="number" allowDecimals={false} {...AXIS} />
            <YAxis type="category" dataKey="grupo" {...AXIS} width={130} />
            <Tooltip {...TOOLTIP} />
            <Bar dataKey="valor" name="Respostas" radius={[0, 3, 3, 0]}>
              {nps.map((g) => (
                <Cell key={g.grupo} fill={g.cor} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        title="Personalização"
        description="Pesquisas de personalização concluídas no período, pelo perfil resultante."
        csv={{ filename: `personalizacao_${suffix}.csv`, rows: p.personalizacao, columns: [{ header: 'Perfil', value: (r) => r.perfil }, { header: 'Membros', value: (r) => r.membros }] }}
      >
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <BarChart data={p.personalizacao}>
            <CartesianGrid stroke={COLORS.grid} vertical={false} />
            <XAxis dataKey="perfil" {...AXIS} />
            <YAxis allowDecimals={false} {...AXIS} width={48} />
            <Tooltip {...TOOLTIP} />
            <Bar dataKey="membros" name="Membros" fill={COLORS.amber} radius={[3, 3, 0, 0]} maxBarSize={80} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
    </div>
  );
}
