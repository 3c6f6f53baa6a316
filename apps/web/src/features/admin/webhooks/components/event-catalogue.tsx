import { ErrorState, LoadingState } from '../../ui/index';
import { errorMessage } from '../../../../shared/api/api-error';
import { useWebhookCatalogue } from '../api/get-webhook-catalogue';
import { exampleEnvelope, prettyJson } from '../lib/format';

/**
 * The catalogue the server serves: each type, when it fires, an example delivery body and (folded)
 * the JSON Schema of its `data`. What an integrator needs to write the receiving side.
 */
export function EventCatalogue() {
  const q = useWebhookCatalogue();
  if (q.isLoading) return <LoadingState label="Carregando o catálogo..." />;
  if (q.error || !q.data) return <ErrorState message={errorMessage(q.error)} onRetry={() => void q.refetch()} />;
  const { versao: version, eventos: events, membro: member } = q.data;
  return (
    <>
      <p>
        Cada entrega é um POST com <code>content-type: application/json</code>, o corpo <code>{'{ type, version, timestamp, data }'}</code> (versão {version} dos dados)
        e os cabeçalhos <code>webhook-id</code> (o mesmo em todas as tentativas: use-o para ignorar repetidas), <code>webhook-timestamp</code> e{' '}
        <code>webhook-signature</code>, no padrão Standard Webhooks. Só vão identificadores e os fatos do evento, nunca nome, e-mail, CPF ou endereço; um endpoint com “Incluir os dados do membro” recebe também o bloco membro, descrito no fim.
      </p>
      <ul className="webhooks-catalogo">
        {events.map((e) => (
          <li key={e.tipo} aria-labelledby={`webhooks-evento-${e.tipo}`}>
            <h3 id={`webhooks-evento-${e.tipo}`}>
              <code>{e.tipo}</code>
            </h3>
            <p>{e.descricao}</p>
            <p className="webhooks-catalogo__rotulo">Exemplo de entrega</p>
            <pre className="webhooks-json" tabIndex={0} aria-label={`Exemplo de entrega de ${e.tipo}`}>
              {prettyJson(exampleEnvelope(e.tipo, version, e.exemplo))}
            </pre>
            <details>
              <summary>Esquema JSON de data</summary>
              <pre className="webhooks-json" tabIndex={0} aria-label={`Esquema JSON de ${e.tipo}`}>
                {prettyJson(e.esquema)}
              </pre>
            </details>
          </li>
        ))}
      </ul>
      <section className="webhooks-catalogo__membro" aria-labelledby="webhooks-bloco-membro">
        <h3 id="webhooks-bloco-membro">
          Bloco <code>membro</code> (opcional)
        </h3>
        <p>{member.descricao}</p>
        <p className="webhooks-catalogo__rotulo">Exemplo do bloco, ao lado de data</p>
        <pre className="webhooks-json" tabIndex={0} aria-label="Exemplo do bloco membro">
          {prettyJson(member.exemplo)}
        </pre>
        <details>
          <summary>Esquema JSON do bloco membro</summary>
          <pre className="webhooks-json" tabIndex={0} aria-label="Esquema JSON do bloco membro">
            {prettyJson(member.esquema)}
          </pre>
        </details>
      </section>
    </>
  );
}
