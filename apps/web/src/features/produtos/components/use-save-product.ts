import { PRODUCT_MSG, type EditProductInput } from '@legiao/contracts/produto';
import { errorMessage } from '../../../shared/api/api-error';
import { useNotices } from '../../../shared/notices/notice-context';
import { useEditProduct } from '../api/edit-product';

/** PUT /produto/cliente with the notices the edit page shows (success, or the API's message). */
export function useSaveProduct() {
  const edit = useEditProduct();
  const { notify } = useNotices();
  const save = (input: EditProductInput, onSaved?: () => void) =>
    edit.mutate(input, {
      onSuccess: () => {
        notify({ message: PRODUCT_MSG.atualizado, kind: 'success' });
        onSaved?.();
      },
      onError: (error) => notify({ message: errorMessage(error) }),
    });
  return { save: save, saving: edit.isPending };
}
