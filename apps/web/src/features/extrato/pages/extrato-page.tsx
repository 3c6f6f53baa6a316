import { PlaceholderPage } from '../../../shared/ui/placeholder-page';

export function ExtratoPage() {
  return <PlaceholderPage title="Meu extrato" />;
}
