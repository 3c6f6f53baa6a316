import { PlaceholderPage } from '../../../shared/ui/placeholder-page';

export function NovoRegistroPage() {
  return <PlaceholderPage title="Complete seu cadastro" />;
}
