import { PlaceholderPage } from '../../../shared/ui/placeholder-page';

export function BeneficiosPage() {
  return <PlaceholderPage title="Benefícios" />;
}
