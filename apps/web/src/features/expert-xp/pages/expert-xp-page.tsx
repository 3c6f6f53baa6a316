import { PlaceholderPage } from '../../../shared/ui/placeholder-page';

export function ExpertXpPage() {
  return <PlaceholderPage title="Expert XP" />;
}
