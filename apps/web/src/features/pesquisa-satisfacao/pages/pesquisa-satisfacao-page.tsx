import { PlaceholderPage } from '../../../shared/ui/placeholder-page';

export function PesquisaSatisfacaoPage() {
  return <PlaceholderPage title="Pesquisa de satisfação" />;
}
