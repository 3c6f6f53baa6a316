import { LEAD_PERCENTAGE } from '@legiao/contracts/leads';
import { useState } from 'react';
import { AuthLayout } from '../../../shared/layout/auth-layout';
import { RedeemedCoupon } from '../components/redeemed-coupon';
import { LeadForm, type LeadResult } from '../components/lead-form';
import '../expert-xp.css';

/** /expert-xp/ (spec 001 section 2.21): public lead capture that hands out a 40% coupon. */
export function ExpertXpPage() {
  const [result, setResult] = useState<LeadResult | null>(null);
  return (
    <AuthLayout wide>
      {result ? (
        <RedeemedCoupon cupom={result.cupom} mailed={result.mailed} />
      ) : (
        <>
          <h1 className="auth-card__title">Expert XP: {LEAD_PERCENTAGE}% OFF na primeira compra</h1>
          <p className="page__text">Cadastre-se e receba na hora um cupom de {LEAD_PERCENTAGE}% de desconto para a loja oficial.</p>
          <LeadForm onCoupon={setResult} />
        </>
      )}
    </AuthLayout>
  );
}
