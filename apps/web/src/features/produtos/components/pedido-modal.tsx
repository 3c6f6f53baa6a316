import { zodResolver } from '@hookform/resolvers/zod';
import { dataCompraSchema, LOCAL_OUTRO, LOCAL_PRESENTE, parseDataCompra, type ProdutoClienteItem } from '@legiao/contracts/produto';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { isoToDateInput } from '../../../shared/lib/dates';
import { TextField } from '../../../shared/ui/text-field';
import { formatCodigoLegionario, formatDataCompra, formatUnidades } from '../lib/produto-format';
import { alternarPresente } from '../lib/regras-produto';
import { BotaoPresente } from './botao-presente';
import { exigirLojaOutro, localCompraFields, localCompraParaEnvio, localCompraParaForm } from './local-compra';
import { LocalCompraFields } from './local-compra-fields';
import { Modal } from '../../../shared/ui/modal';
import { useSalvarProduto } from './use-salvar-produto';

const pedidoSchema = z.object({ ...localCompraFields, dataCompra: dataCompraSchema }).superRefine(exigirLojaOutro);
type PedidoForm = z.input<typeof pedidoSchema>;
type PedidoDados = z.output<typeof pedidoSchema>;

interface PedidoModalProps {
  idProduto: number;
  item: ProdutoClienteItem;
  /** The product's only entry: its edit sends quantidade 1 (spec 001 section 9). */
  unico: boolean;
  onClose: () => void;
  onPedirQuantidade: () => void;
  onRemover: () => void;
}

/**
 * One order: place and date (a missing or invalid date says 'Data inválida'), the gift mark and,
 * for a non-verified order only, removal. A verified order is the brand's: only its gift mark changes.
 */
export function PedidoModal({ idProduto, item, unico, onClose, onPedirQuantidade, onRemover }: PedidoModalProps) {
  const { salvar, salvando } = useSalvarProduto();
  const data = formatDataCompra(item.dataCompra);
  const { register, handleSubmit, watch, formState, trigger } = useForm<PedidoForm, unknown, PedidoDados>({
    resolver: zodResolver(pedidoSchema),
    defaultValues: { ...localCompraParaForm(item.localCompra), dataCompra: isoToDateInput(item.dataCompra) },
  });
  const { errors } = formState;

  // A stored date that is missing or invalid is flagged at once, not only on Salvar.
  const dataRuim = !item.produtoValidado && parseDataCompra(item.dataCompra) === null;
  useEffect(() => {
    if (dataRuim) void trigger('dataCompra');
  }, [dataRuim, trigger]);

  const onSubmit = handleSubmit((v) => {
    const { localCompra, presente } = localCompraParaEnvio(v);
    salvar(
      {
        id: item.id,
        idProduto,
        localCompra,
        dataCompra: v.dataCompra,
        // 'Ganhei de presente' makes it a received gift; leaving that place for a store undoes it.
        ...(presente ? { presente: true } : item.localCompra === LOCAL_PRESENTE ? { presente: false } : {}),
        ...(unico ? { quantidade: 1 } : {}),
      },
      onClose,
    );
  });

  const presenteBotao = (
    <BotaoPresente
      item={item}
      desabilitado={salvando}
      onAlternar={() => salvar(alternarPresente(idProduto, item, unico))}
      onPedirQuantidade={onPedirQuantidade}
    />
  );

  return (
    <Modal titulo="Editar pedido" onClose={onClose}>
      {item.produtoValidado ? (
        <>
          <dl className="pedido-resumo">
            <div>
              <dt>Data da compra</dt>
              <dd>{data}</dd>
            </div>
            <div>
              <dt>Onde você comprou</dt>
              <dd>{item.localCompra}</dd>
            </div>
            <div>
              <dt>Quantidade</dt>
              <dd>{formatUnidades(item.quantidade)}</dd>
            </div>
            {item.codigosLegionario.length ? (
              <div>
                <dt>Número da Legião</dt>
                <dd>{item.codigosLegionario.map(formatCodigoLegionario).join(', ')}</dd>
              </div>
            ) : null}
          </dl>
          <p className="form__hint">Compra verificada: só a marcação de presente pode ser alterada.</p>
          <div className="modal__acoes">{presenteBotao}</div>
        </>
      ) : (
        <>
          <form className="form" onSubmit={onSubmit} noValidate>
            <LocalCompraFields
              local={register('localCompra')}
              outro={register('localCompraOutro')}
              mostrarOutro={watch('localCompra') === LOCAL_OUTRO}
              erroLocal={errors.localCompra?.message}
              erroOutro={errors.localCompraOutro?.message}
            />
            <TextField
              label="Data da compra"
              type="date"
              max={new Date().toISOString().slice(0, 10)}
              error={errors.dataCompra?.message}
              {...register('dataCompra')}
            />
            <button type="submit" className="button button--block" disabled={salvando}>
              Salvar
            </button>
          </form>
          <div className="modal__acoes modal__acoes--separadas">
            {presenteBotao}
            <button type="button" className="button button--ghost button--perigo" onClick={onRemover}>
              Remover produto
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
