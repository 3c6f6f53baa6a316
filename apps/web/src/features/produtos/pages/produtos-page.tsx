import { PlaceholderPage } from '../../../shared/ui/placeholder-page';

export function ProdutosPage() {
  return <PlaceholderPage title="Minha coleção" />;
}
