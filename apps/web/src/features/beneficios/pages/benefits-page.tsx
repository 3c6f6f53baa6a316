import { BenefitsSection } from '../components/benefits-section';
import { MyCoupons } from '../components/my-coupons';
import '../beneficios.css';

/** /beneficios: the benefits section in full and the member's coupons. */
export function BenefitsPage() {
  return (
    <main id="conteudo" className="page beneficios-page">
      <h1 className="page__title">Benefícios</h1>
      <BenefitsSection variant="pagina" />
      <MyCoupons />
    </main>
  );
}
