import { PRODUTO_MSG, type GrupoProdutoCliente, type Produto } from '@legiao/contracts/produto';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { useNotices } from '../../../shared/notices/notice-context';
import { grupoProdutoClienteQueryOptions } from '../api/get-produtos-cliente';
import { useRemoverProduto } from '../api/remover-produto';
import { formatCodigoLegionario, formatDataCompra, formatUnidades } from '../lib/produto-format';
import { alternarPresente, podeRemoverProduto } from '../lib/regras-produto';
import { BotaoPresente } from './botao-presente';
import { CategoriaBadge } from './categoria-badge';
import { DetalheProduto } from './detalhe-produto';
import { GaleriaProduto } from './galeria-produto';
import { VerifiedIcon } from './icons';
import { PedidoModal } from './pedido-modal';
import { PedidosLista } from './pedidos-lista';
import { PresenteModal } from './presente-modal';
import { RemoverModal } from './remover-modal';
import { useSalvarProduto } from './use-salvar-produto';

type ModalAberto = { tipo: 'pedido' | 'presente'; id: string } | { tipo: 'remover'; id?: string } | null;

/**
 * The edit page's content (spec 001 section 2.14): gallery, badge, name, gift and removal buttons,
 * details, and for a product with several orders the list of orders with their modals.
 */
export function EdicaoProduto({ produto, grupo }: { produto: Produto; grupo: GrupoProdutoCliente }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { notify } = useNotices();
  const remover = useRemoverProduto();
  const { salvar, salvando } = useSalvarProduto();
  const [modal, setModal] = useState<ModalAberto>(null);

  const itens = grupo.produtos;
  const unico = itens.length === 1;
  const primeiro = itens[0]!;
  const itemDoModal = modal?.id ? itens.find((i) => i.id === modal.id) : undefined;
  const imagens = [produto.img, produto.imgAlternativa, produto.imagem3, produto.imagem4].filter((s): s is string => !!s);
  const codigos = itens.flatMap((i) => i.codigosLegionario).sort((a, b) => a - b);
  const verificado = itens.some((i) => i.produtoValidado);
  const fechar = () => setModal(null);

  function confirmarRemocao() {
    if (modal?.tipo !== 'remover') return;
    const alvo = modal.id;
    remover.mutate(
      { id: alvo ?? primeiro.id, todos: !alvo },
      {
        onSuccess: () => {
          notify({ message: PRODUTO_MSG.removido, kind: 'success' });
          const chave = grupoProdutoClienteQueryOptions(grupo.id).queryKey;
          const restantes = alvo ? itens.filter((i) => i.id !== alvo) : [];
          setModal(null);
          if (restantes.length === 0) {
            void navigate('/produtos', { replace: true });
            queryClient.removeQueries({ queryKey: chave, exact: true });
          } else {
            const atualizado: GrupoProdutoCliente = { ...grupo, produtos: restantes };
            queryClient.setQueryData(chave, atualizado);
          }
        },
        onError: (error) => notify({ message: errorMessage(error) }),
      },
    );
  }

  return (
    <>
      <div className="edicao">
        <GaleriaProduto nome={produto.nome} imagens={imagens} />
        <div className="edicao__info">
          <CategoriaBadge categoria={produto.categoria} />
          <h1 className="page__title edicao__nome">{produto.nome}</h1>
          <p className="edicao__linha">{produto.subcategoria}</p>
          {verificado || codigos.length ? (
            <ul className="edicao__selos">
              {verificado ? (
                <li className="edicao__selo edicao__selo--verificado">
                  <VerifiedIcon /> Compra verificada
                </li>
              ) : null}
              {codigos.length ? (
                <li className="edicao__selo">
                  Número da Legião: <strong>{codigos.map(formatCodigoLegionario).join(', ')}</strong>
                </li>
              ) : null}
            </ul>
          ) : null}
          {unico ? (
            <div className="edicao__compra">
              <p>
                Comprado em <strong>{formatDataCompra(primeiro.dataCompra)}</strong> · {primeiro.localCompra}
                {primeiro.quantidade > 1 ? ` · ${formatUnidades(primeiro.quantidade)}` : ''}
              </p>
              {!primeiro.produtoValidado ? (
                <button type="button" className="link-button" onClick={() => setModal({ tipo: 'pedido', id: primeiro.id })}>
                  Editar compra
                </button>
              ) : null}
            </div>
          ) : (
            <p className="edicao__dica">
              Você registrou este produto {itens.length} vezes. Para marcar presentes ou alterar um pedido, use o ícone
              de edição em cada pedido.
            </p>
          )}
          <div className="edicao__acoes">
            {unico ? (
              <BotaoPresente
                item={primeiro}
                desabilitado={salvando}
                onAlternar={() => salvar(alternarPresente(grupo.id, primeiro, true))}
                onPedirQuantidade={() => setModal({ tipo: 'presente', id: primeiro.id })}
              />
            ) : null}
            {podeRemoverProduto(grupo) ? (
              <button type="button" className="button button--ghost button--perigo" onClick={() => setModal({ tipo: 'remover' })}>
                Remover produto
              </button>
            ) : null}
          </div>
          {!unico ? <PedidosLista itens={itens} onEditar={(id) => setModal({ tipo: 'pedido', id })} /> : null}
          <DetalheProduto produto={produto} />
        </div>
      </div>

      {modal?.tipo === 'pedido' && itemDoModal ? (
        <PedidoModal
          idProduto={grupo.id}
          item={itemDoModal}
          unico={unico}
          onClose={fechar}
          onPedirQuantidade={() => setModal({ tipo: 'presente', id: itemDoModal.id })}
          onRemover={() => setModal({ tipo: 'remover', id: itemDoModal.id })}
        />
      ) : null}
      {modal?.tipo === 'presente' && itemDoModal ? <PresenteModal idProduto={grupo.id} item={itemDoModal} onClose={fechar} /> : null}
      {modal?.tipo === 'remover' ? (
        <RemoverModal
          titulo={modal.id && !unico ? 'Remover este pedido?' : 'Remover produto?'}
          texto={
            modal.id && !unico
              ? `O pedido de ${formatDataCompra(itemDoModal?.dataCompra)} sai da sua coleção. Esta ação não pode ser desfeita.`
              : 'O produto sai da sua coleção. Esta ação não pode ser desfeita.'
          }
          removendo={remover.isPending}
          onConfirmar={confirmarRemocao}
          onClose={fechar}
        />
      ) : null}
    </>
  );
}
