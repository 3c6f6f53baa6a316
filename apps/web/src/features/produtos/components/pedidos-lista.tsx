import type { ProdutoClienteItem } from '@legiao/contracts/produto';
import { useId } from 'react';
import { formatDataCompra, formatUnidades } from '../lib/produto-format';
import { marcadoComoPresente, rotuloPresente } from '../lib/regras-produto';
import { EditIcon, GiftIcon, StatusIcon, VerifiedIcon } from './icons';

/** The orders of a product bought more than once: date, units, verified and gift icons, edit. */
export function PedidosLista({ itens, onEditar }: { itens: ProdutoClienteItem[]; onEditar: (id: string) => void }) {
  const tituloId = useId();
  return (
    <section className="pedidos" aria-labelledby={tituloId}>
      <h2 id={tituloId} className="edicao__subtitulo">
        Meus pedidos
      </h2>
      <ul className="pedidos__lista">
        {itens.map((item) => {
          const data = formatDataCompra(item.dataCompra);
          return (
            <li key={item.id} className="pedido">
              <span className="pedido__data">{data}</span>
              <span className="pedido__unidades">{formatUnidades(item.quantidade)}</span>
              <span className="pedido__local">{item.localCompra}</span>
              <span className="pedido__icones">
                {item.produtoValidado ? (
                  <StatusIcon kind="verificado" label="Compra verificada">
                    <VerifiedIcon />
                  </StatusIcon>
                ) : null}
                {marcadoComoPresente(item) ? (
                  <StatusIcon kind="presente" label={rotuloPresente(item)}>
                    <GiftIcon />
                  </StatusIcon>
                ) : null}
              </span>
              <button type="button" className="icon-button" aria-label={`Editar pedido de ${data}`} onClick={() => onEditar(item.id)}>
                <EditIcon />
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
