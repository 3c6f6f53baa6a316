import { LEAD_PERCENTUAL } from '@legiao/contracts/leads';
import { useState } from 'react';
import { AuthLayout } from '../../../shared/layout/auth-layout';
import { CupomResgatado } from '../components/cupom-resgatado';
import { LeadForm } from '../components/lead-form';
import '../expert-xp.css';

/** /expert-xp/ (spec 001 section 2.21): public lead capture that hands out a 40% coupon. */
export function ExpertXpPage() {
  const [cupom, setCupom] = useState<string | null>(null);
  return (
    <AuthLayout wide>
      {cupom ? (
        <CupomResgatado cupom={cupom} />
      ) : (
        <>
          <h1 className="auth-card__title">Expert XP: {LEAD_PERCENTUAL}% OFF na primeira compra</h1>
          <p className="page__text">Cadastre-se e receba na hora um cupom de {LEAD_PERCENTUAL}% de desconto para a loja oficial.</p>
          <LeadForm onCupom={setCupom} />
        </>
      )}
    </AuthLayout>
  );
}
