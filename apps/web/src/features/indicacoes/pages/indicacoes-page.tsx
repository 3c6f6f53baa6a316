import { PlaceholderPage } from '../../../shared/ui/placeholder-page';

export function IndicacoesPage() {
  return <PlaceholderPage title="Indique e ganhe" />;
}
