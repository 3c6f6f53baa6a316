import { PlaceholderPage } from '../../../shared/ui/placeholder-page';

export function FriendsAndFamilyPage() {
  return <PlaceholderPage title="Friends & family" />;
}
