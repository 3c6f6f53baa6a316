import { PURCHASE_ORIGIN_LABEL, type MemberProduct } from '@legiao/contracts/admin/membros';

// The member's products on the member page (ADR 0031, 0041): each entry with where a verified
// purchase came from (the brand's import, the store's integration, staff) and whether the store
// cancelled it (its points reversed, its legion numbers retired).

const day = (s: string) => new Date(`${s}T12:00:00Z`).toLocaleDateString('pt-BR');
const dateTime = (s: string) => new Date(s).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** Importação · Integração da loja (client, order) · Equipe; "Cadastrado pelo membro" for the member's own entries. */
export function originText(p: Pick<MemberProduct, 'origem' | 'integracao' | 'codigoPedido'>): string {
  if (!p.origem) return 'Cadastrado pelo membro';
  const label = PURCHASE_ORIGIN_LABEL[p.origem];
  if (p.origem !== 'integracao') return p.codigoPedido ? `${label} · pedido ${p.codigoPedido}` : label;
  return `${label} (${[p.integracao ?? 'integração removida', p.codigoPedido ? `pedido ${p.codigoPedido}` : null].filter(Boolean).join(', ')})`;
}

export function MemberProducts({ produtos: products }: { produtos: MemberProduct[] }) {
  if (products.length === 0) return <p>Nenhum produto cadastrado.</p>;
  return (
    <div className="admin-tabela">
      <div className="admin-tabela__rolagem">
        <table>
          <caption className="visually-hidden">Produtos do membro</caption>
          <thead>
            <tr>
              <th scope="col">Produto</th>
              <th scope="col">Qtd.</th>
              <th scope="col">Data</th>
              <th scope="col">Local</th>
              <th scope="col">Origem</th>
              <th scope="col">Nº de legião</th>
              <th scope="col">Situação</th>
            </tr>
          </thead>
          <tbody>
            {products.map((p) => (
              <tr key={p.id} className={p.canceladoEm ? 'membros-cancelada' : undefined}>
                <td>
                  {p.produto} <small>({p.sku})</small>
                </td>
                <td>{p.quantidade}</td>
                <td>{day(p.dataCompra)}</td>
                <td>{p.localCompra}</td>
                <td>{originText(p)}</td>
                <td>{p.numeros.length ? p.numeros.join(', ') : '—'}</td>
                <td>
                  {p.canceladoEm ? (
                    <span className="admin-selo admin-selo--vermelho" title="Os pontos foram estornados; os números ficam aposentados">
                      Cancelada em {dateTime(p.canceladoEm)}
                    </span>
                  ) : p.validado ? (
                    'Verificada'
                  ) : (
                    'Não verificada'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
