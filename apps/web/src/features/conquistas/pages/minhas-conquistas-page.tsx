import { PlaceholderPage } from '../../../shared/ui/placeholder-page';

export function MinhasConquistasPage() {
  return <PlaceholderPage title="Minhas conquistas" />;
}
