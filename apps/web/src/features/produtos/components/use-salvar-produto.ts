import { PRODUTO_MSG, type EditarProdutoInput } from '@legiao/contracts/produto';
import { errorMessage } from '../../../shared/api/api-error';
import { useNotices } from '../../../shared/notices/notice-context';
import { useEditarProduto } from '../api/editar-produto';

/** PUT /produto/cliente with the notices the edit page shows (success, or the API's message). */
export function useSalvarProduto() {
  const editar = useEditarProduto();
  const { notify } = useNotices();
  const salvar = (input: EditarProdutoInput, onSalvo?: () => void) =>
    editar.mutate(input, {
      onSuccess: () => {
        notify({ message: PRODUTO_MSG.atualizado, kind: 'success' });
        onSalvo?.();
      },
      onError: (error) => notify({ message: errorMessage(error) }),
    });
  return { salvar, salvando: editar.isPending };
}
