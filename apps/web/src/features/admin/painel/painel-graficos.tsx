import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Painel } from '@legiao/contracts/admin/painel';
import { ChartCard, CORES, EIXO, TOOLTIP } from './chart-card';
import { diaCurto, diaHora, numero } from './formatar';

const ALTURA = 240;
const legenda = { wrapperStyle: { color: CORES.cinza, fontSize: 12 } } as const;
/** Long benefit names would wrap over each other on a category axis: cut them (the tooltip and CSV keep them whole). */
const curto = (nome: string) => (nome.length > 24 ? `${nome.slice(0, 23)}…` : nome);
const BARRA_MAX = 28;

/** The range's charts (issue 17 item 8), each with its CSV. */
export function PainelGraficos({ p }: { p: Painel }) {
  const sufixo = `${p.de}_${p.ate}`;
  const dias = p.dias.map((d) => ({ ...d, rotulo: diaCurto(d.dia) }));
  const fila = p.fila.map((f) => ({ ...f, rotulo: p.filaGranularidade === 'hora' ? diaHora(f.inicio) : diaCurto(new Date(Date.parse(f.inicio) - 3 * 3600 * 1000).toISOString().slice(0, 10)), esperaMaxS: Math.round(f.esperaMaxMs / 1000) }));
  const funil = [
    { etapa: 'Compartilharam', valor: p.indicacoes.compartilharam },
    { etapa: 'Cadastraram', valor: p.indicacoes.cadastraram },
    { etapa: 'Confirmaram', valor: p.indicacoes.confirmaram },
  ];
  const nps = [
    { grupo: 'Promotores (9-10)', valor: p.nps.promotores, cor: CORES.verde },
    { grupo: 'Neutros (7-8)', valor: p.nps.neutros, cor: CORES.ambar },
    { grupo: 'Detratores (0-6)', valor: p.nps.detratores, cor: CORES.vermelho },
  ];
  const estoqueLimitado = p.estoque.filter((e) => e.restante !== null);
  const alturaBarras = (n: number) => Math.max(ALTURA, n * 30 + 40);
  const poucos = fila.length <= 3;

  return (
    <div className="painel-graficos">
      <ChartCard
        title="Cadastros e ativações por dia"
        description="Contas criadas e contas ativadas (e-mail confirmado) em cada dia."
        csv={{ filename: `cadastros-ativacoes_${sufixo}.csv`, rows: p.dias, columns: [{ header: 'Dia', value: (d) => d.dia }, { header: 'Cadastros', value: (d) => d.cadastros }, { header: 'Ativações', value: (d) => d.ativacoes }] }}
      >
        <ResponsiveContainer width="100%" height={ALTURA}>
          <BarChart data={dias}>
            <CartesianGrid stroke={CORES.grade} vertical={false} />
            <XAxis dataKey="rotulo" {...EIXO} />
            <YAxis allowDecimals={false} {...EIXO} width={48} />
            <Tooltip {...TOOLTIP} />
            <Legend {...legenda} />
            <Bar dataKey="cadastros" name="Cadastros" fill={CORES.vermelho} radius={[3, 3, 0, 0]} />
            <Bar dataKey="ativacoes" name="Ativações" fill={CORES.verde} radius={[3, 3, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        title="Membros ativos e logins por dia"
        description="Logins: sessões abertas (senha, link ou rede social). Membros ativos: pessoas diferentes que entraram no dia."
        csv={{ filename: `membros-ativos-logins_${sufixo}.csv`, rows: p.dias, columns: [{ header: 'Dia', value: (d) => d.dia }, { header: 'Membros ativos', value: (d) => d.membrosAtivos }, { header: 'Logins', value: (d) => d.logins }] }}
      >
        <ResponsiveContainer width="100%" height={ALTURA}>
          <LineChart data={dias}>
            <CartesianGrid stroke={CORES.grade} vertical={false} />
            <XAxis dataKey="rotulo" {...EIXO} />
            <YAxis allowDecimals={false} {...EIXO} width={48} />
            <Tooltip {...TOOLTIP} />
            <Legend {...legenda} />
            <Line type="monotone" dataKey="membrosAtivos" name="Membros ativos" stroke={CORES.verde} strokeWidth={2} dot={false} isAnimationActive={false} />
            <Line type="monotone" dataKey="logins" name="Logins" stroke={CORES.ambar} strokeWidth={2} dot={false} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        wide
        title={`Sala de espera (por ${p.filaGranularidade})`}
        description="Pessoas na fila (máximo e média das leituras de cada minuto) e a maior espera do primeiro da fila."
        csv={{
          filename: `sala-de-espera_${sufixo}.csv`,
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
        <ResponsiveContainer width="100%" height={ALTURA}>
          <LineChart data={fila}>
            <CartesianGrid stroke={CORES.grade} vertical={false} />
            <XAxis dataKey="rotulo" {...EIXO} />
            <YAxis yAxisId="pessoas" allowDecimals={false} {...EIXO} width={48} />
            <YAxis yAxisId="segundos" orientation="right" allowDecimals={false} {...EIXO} width={48} unit=" s" />
            <Tooltip {...TOOLTIP} />
            <Legend {...legenda} />
            <Line yAxisId="pessoas" type="monotone" dataKey="aguardandoMax" name="Na fila (máximo)" stroke={CORES.vermelho} strokeWidth={2} dot={poucos} isAnimationActive={false} />
            <Line yAxisId="pessoas" type="monotone" dataKey="aguardandoMedio" name="Na fila (média)" stroke={CORES.ambar} strokeWidth={2} dot={poucos} isAnimationActive={false} />
            <Line yAxisId="segundos" type="monotone" dataKey="esperaMaxS" name="Maior espera (s)" stroke={CORES.cinza} strokeDasharray="4 3" dot={poucos} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        title="Resgates por benefício"
        description="Resgates feitos no período (os 30 benefícios mais resgatados)."
        csv={{ filename: `resgates-por-beneficio_${sufixo}.csv`, rows: p.resgatesPorBeneficio, columns: [{ header: 'Benefício', value: (r) => r.nome }, { header: 'Resgates', value: (r) => r.resgates }] }}
      >
        <ResponsiveContainer width="100%" height={alturaBarras(p.resgatesPorBeneficio.length)}>
          <BarChart data={p.resgatesPorBeneficio} layout="vertical" margin={{ left: 8 }}>
            <CartesianGrid stroke={CORES.grade} horizontal={false} />
            <XAxis type="number" allowDecimals={false} {...EIXO} />
            <YAxis type="category" dataKey="nome" {...EIXO} width={170} tickFormatter={curto} interval={0} />
            <Tooltip {...TOOLTIP} />
            <Bar dataKey="resgates" name="Resgates" fill={CORES.vermelho} radius={[0, 3, 3, 0]} maxBarSize={BARRA_MAX} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        title="Estoque restante"
        description={`Agora, por benefício ativo${p.estoque.length > estoqueLimitado.length ? `; ${p.estoque.length - estoqueLimitado.length} sem limite ficam fora do gráfico (no CSV como "ilimitado")` : ''}.`}
        csv={{ filename: 'estoque-restante.csv', rows: p.estoque, columns: [{ header: 'Benefício', value: (e) => e.nome }, { header: 'Restante', value: (e) => (e.restante === null ? 'ilimitado' : e.restante) }] }}
      >
        <ResponsiveContainer width="100%" height={alturaBarras(estoqueLimitado.length)}>
          <BarChart data={estoqueLimitado} layout="vertical" margin={{ left: 8 }}>
            <CartesianGrid stroke={CORES.grade} horizontal={false} />
            <XAxis type="number" allowDecimals={false} {...EIXO} />
            <YAxis type="category" dataKey="nome" {...EIXO} width={170} tickFormatter={curto} interval={0} />
            <Tooltip {...TOOLTIP} />
            <Bar dataKey="restante" name="Restante" radius={[0, 3, 3, 0]} maxBarSize={BARRA_MAX}>
              {estoqueLimitado.map((e) => (
                <Cell key={e.beneficioId} fill={(e.restante ?? 0) === 0 ? CORES.vermelho : CORES.ambar} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        title="Funil de indicações"
        description="Indicações criadas no período: quem compartilhou (membros cujo link trouxe um cadastro), os cadastros e quantos já foram confirmados."
        csv={{ filename: `funil-indicacoes_${sufixo}.csv`, rows: funil, columns: [{ header: 'Etapa', value: (f) => f.etapa }, { header: 'Pessoas', value: (f) => f.valor }] }}
      >
        <ResponsiveContainer width="100%" height={ALTURA}>
          <BarChart data={funil}>
            <CartesianGrid stroke={CORES.grade} vertical={false} />
            <XAxis dataKey="etapa" {...EIXO} />
            <YAxis allowDecimals={false} {...EIXO} width={48} />
            <Tooltip {...TOOLTIP} />
            <Bar dataKey="valor" name="Pessoas" radius={[3, 3, 0, 0]} maxBarSize={80}>
              {funil.map((f, i) => (
                <Cell key={f.etapa} fill={[CORES.cinza, CORES.ambar, CORES.verde][i]} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        title="Satisfação (NPS)"
        description="Respostas à pergunta “De 0 a 10, quanto você recomendaria a Legião a um amigo?” no período."
        csv={{ filename: `nps_${sufixo}.csv`, rows: p.nps.respostas ? nps : [], columns: [{ header: 'Grupo', value: (g) => g.grupo }, { header: 'Respostas', value: (g) => g.valor }] }}
      >
        <p className="painel-nps" data-testid="nps-valor">
          <strong>{p.nps.nps === null ? '—' : p.nps.nps}</strong>
          <span>NPS de {numero(p.nps.respostas)} respostas</span>
        </p>
        <ResponsiveContainer width="100%" height={ALTURA - 60}>
          <BarChart data={nps} layout="vertical" margin={{ left: 8 }}>
            <CartesianGrid stroke={CORES.grade} horizontal={false} />
            <XAxis type="number" allowDecimals={false} {...EIXO} />
            <YAxis type="category" dataKey="grupo" {...EIXO} width={130} />
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
        csv={{ filename: `personalizacao_${sufixo}.csv`, rows: p.personalizacao, columns: [{ header: 'Perfil', value: (r) => r.perfil }, { header: 'Membros', value: (r) => r.membros }] }}
      >
        <ResponsiveContainer width="100%" height={ALTURA}>
          <BarChart data={p.personalizacao}>
            <CartesianGrid stroke={CORES.grade} vertical={false} />
            <XAxis dataKey="perfil" {...EIXO} />
            <YAxis allowDecimals={false} {...EIXO} width={48} />
            <Tooltip {...TOOLTIP} />
            <Bar dataKey="membros" name="Membros" fill={CORES.ambar} radius={[3, 3, 0, 0]} maxBarSize={80} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
    </div>
  );
}
