import { BeneficiosSection } from '../components/beneficios-section';
import { MeusCupons } from '../components/meus-cupons';
import '../beneficios.css';

/** /beneficios: the benefits section in full and the member's coupons. */
export function BeneficiosPage() {
  return (
    <main id="conteudo" className="page beneficios-page">
      <h1 className="page__title">Benefícios</h1>
      <BeneficiosSection variante="pagina" />
      <MeusCupons />
    </main>
  );
}
