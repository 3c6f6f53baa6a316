import type { LaunchDayPanel } from '@legiao/contracts/admin/lancamentos-painel';

// The launch page's "Avise-me" part (docs/decisions/0049-launch-alert-waves.md): who asked, what
// became of the alerts, each wave with what the control rule read (the line, the admissions) and
// decided (pace and floor), and why alerts were skipped or failed.

const number = (n: number) => n.toLocaleString('pt-BR');
const hour = (iso: string) => new Date(iso).toLocaleTimeString('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit', second: '2-digit' });
const STATUS_LABEL = { ignorado: 'Ignorado', falhou: 'Falhou', incerto: 'Sem confirmação', devolvido: 'Devolvido' } as const;

export function LaunchAlerts({ p }: { p: LaunchDayPanel }) {
  const a = p.avisos;
  return (
    <section className="lancamento-dia__avisos" aria-labelledby="lancamento-dia-avisos">
      <h2 id="lancamento-dia-avisos">Avisos por e-mail ("Avise-me")</h2>
      <p data-testid="dia-avisos-resumo">
        {`${number(a.pedidos)} pediram (${number(a.cancelados)} cancelaram). Enviados: ${number(a.enviados)}; aguardando onda: ${number(a.aguardandoOnda)}; em envio: ${number(a.emEnvio)}; ignorados: ${number(a.ignorados)}; falharam: ${number(a.falharam)}; sem confirmação: ${number(a.incertos)}; devolvidos: ${number(a.devolvidos)}. Chegaram depois do aviso: ${number(a.chegaram)}. Prazo: todos avisados até ${hour(a.prazoAte)} (${a.prazoMin} min após a abertura).`}
      </p>
      {a.ondas.length > 0 && (
        // What became of each wave first (what marketing reads on the day), then what the control rule
        // read and decided: on a narrow screen the thirteen columns scroll sideways (the region takes
        // the keyboard's focus to scroll), the outcomes staying in view.
        <div className="lancamento-dia__tabela" role="region" aria-label="Ondas de avisos (role para os lados)" tabIndex={0}>
          <table>
            <caption>Ondas de avisos</caption>
            <thead>
              <tr>
                <th scope="col">Onda</th>
                <th scope="col">Hora</th>
                <th scope="col">Enviados</th>
                <th scope="col">Devolvidos</th>
                <th scope="col">Falharam</th>
                <th scope="col">Ignorados</th>
                <th scope="col">Pendentes</th>
                <th scope="col">Chegaram</th>
                <th scope="col">Tamanho</th>
                <th scope="col">Na fila</th>
                <th scope="col">Admissões/min</th>
                <th scope="col">Ritmo</th>
                <th scope="col">Piso</th>
              </tr>
            </thead>
            <tbody>
              {a.ondas.map((w) => (
                <tr key={w.numero}>
                  <th scope="row">{w.numero}</th>
                  <td>{hour(w.em)}</td>
                  <td>{number(w.enviados)}</td>
                  <td>{number(w.devolvidos)}</td>
                  <td>{number(w.falharam + w.incertos)}</td>
                  <td>{number(w.ignorados)}</td>
                  <td>{number(w.pendentes)}</td>
                  <td>{number(w.chegaram)}</td>
                  <td>{`${number(w.tamanho)} de ${number(w.restantes)}`}</td>
                  <td>{number(w.filaAguardando)}</td>
                  <td>{number(w.taxa)}</td>
                  <td>{number(w.ritmo)}</td>
                  <td>{number(w.piso)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {a.problemas.length > 0 && (
        <ul className="lancamento-dia__problemas" aria-label="Avisos não enviados: motivos">
          {a.problemas.map((x) => (
            <li key={`${x.status}-${x.motivo}`}>{`${STATUS_LABEL[x.status]} (${number(x.total)}): ${x.motivo || 'sem motivo registrado'}`}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
