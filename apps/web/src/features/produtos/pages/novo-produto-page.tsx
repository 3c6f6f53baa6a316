import { PlaceholderPage } from '../../../shared/ui/placeholder-page';

export function NovoProdutoPage() {
  return <PlaceholderPage title="Adicionar produto" />;
}
