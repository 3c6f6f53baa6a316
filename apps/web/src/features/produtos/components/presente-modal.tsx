import { zodResolver } from '@hookform/resolvers/zod';
import { PRODUTO_MSG, type ProdutoClienteItem } from '@legiao/contracts/produto';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { TextField } from '../../../shared/ui/text-field';
import { definirQuantidadePresente, ROTULO_COMPREI } from '../lib/regras-produto';
import { Modal } from '../../../shared/ui/modal';
import { useSalvarProduto } from './use-salvar-produto';

/** 0 up to the order's quantity (spec 001 section 4). */
export function quantidadePresenteSchema(maximo: number) {
  const msg = PRODUTO_MSG.quantidadePresenteInvalida;
  return z.object({ quantidade: z.number({ error: msg }).int(msg).min(0, msg).max(maximo, msg) });
}

interface PresenteModalProps {
  idProduto: number;
  item: ProdutoClienteItem;
  onClose: () => void;
}

/** How many units of a verified order were bought as gifts (compradoParaPresente). */
export function PresenteModal({ idProduto, item, onClose }: PresenteModalProps) {
  const { salvar, salvando } = useSalvarProduto();
  const schema = useMemo(() => quantidadePresenteSchema(item.quantidade), [item.quantidade]);
  const { register, handleSubmit, formState } = useForm<{ quantidade: number }>({
    resolver: zodResolver(schema),
    defaultValues: { quantidade: item.quantidadePresente },
  });

  const onSubmit = handleSubmit(({ quantidade }) => salvar(definirQuantidadePresente(idProduto, item, quantidade), onClose));

  return (
    <Modal titulo={ROTULO_COMPREI} onClose={onClose}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <p className="form__intro">
          Quantas das {item.quantidade} unidades deste pedido você comprou para presentear?
        </p>
        <TextField
          label="Quantidade para presente"
          type="number"
          inputMode="numeric"
          min={0}
          max={item.quantidade}
          step={1}
          hint={`De 0 a ${item.quantidade}`}
          data-autofocus
          error={formState.errors.quantidade?.message}
          {...register('quantidade', { valueAsNumber: true })}
        />
        <button type="submit" className="button button--block" disabled={salvando}>
          Salvar
        </button>
      </form>
    </Modal>
  );
}
