import { zodResolver } from '@hookform/resolvers/zod';
import { LOCAL_OUTRO, type Produto } from '@legiao/contracts/produto';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../shared/api/api-error';
import { useNotices } from '../../../shared/notices/notice-context';
import { useAdicionarProduto } from '../api/adicionar-produto';
import { CategoriaBadge } from './categoria-badge';
import { localCompraFormSchema, localCompraParaEnvio, type LocalCompraForm } from './local-compra';
import { LocalCompraFields } from './local-compra-fields';
import { ProdutoImagem } from './produto-imagem';

interface ConfirmarCompraProps {
  produto: Produto;
  onConcluido: () => void;
}

/** Step 2 of /novo-produto: review the chosen product, say where it was bought, FINALIZAR. */
export function ConfirmarCompra({ produto, onConcluido }: ConfirmarCompraProps) {
  const { notify } = useNotices();
  const adicionar = useAdicionarProduto();
  const { register, handleSubmit, watch, formState } = useForm<LocalCompraForm>({
    resolver: zodResolver(localCompraFormSchema),
    defaultValues: { localCompra: '', localCompraOutro: '' },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit((v) => {
    adicionar.mutate(
      { idProduto: produto.id, ...localCompraParaEnvio(v) },
      { onSuccess: onConcluido, onError: (error) => notify({ message: errorMessage(error) }) },
    );
  });

  return (
    <div className="confirmar">
      <div className="confirmar__produto">
        <ProdutoImagem className="confirmar__img" src={produto.img} alt={produto.nome} width={240} height={240} />
        <div className="confirmar__info">
          <CategoriaBadge categoria={produto.categoria} />
          <h2 className="confirmar__nome">{produto.nome}</h2>
          <p className="confirmar__linha">{produto.subcategoria}</p>
          <p className="confirmar__descricao">{produto.descricaoDetalhe}</p>
        </div>
      </div>
      <form className="form confirmar__form" onSubmit={onSubmit} noValidate>
        <LocalCompraFields
          local={register('localCompra')}
          outro={register('localCompraOutro')}
          mostrarOutro={watch('localCompra') === LOCAL_OUTRO}
          erroLocal={errors.localCompra?.message}
          erroOutro={errors.localCompraOutro?.message}
        />
        <button type="submit" className="button button--block" disabled={adicionar.isPending}>
          FINALIZAR
        </button>
      </form>
    </div>
  );
}
