import { PlaceholderPage } from '../../../shared/ui/placeholder-page';

export function PersonalizarPortalPage() {
  return <PlaceholderPage title="Personalizar Portal" />;
}
