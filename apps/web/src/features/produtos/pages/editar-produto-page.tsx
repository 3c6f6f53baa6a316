import { useParams } from 'react-router';
import { PlaceholderPage } from '../../../shared/ui/placeholder-page';

export function EditarProdutoPage() {
  const { id } = useParams();
  return <PlaceholderPage title="Editar produto" text={`Produto ${id ?? ''}: a edição chega em breve.`} />;
}
