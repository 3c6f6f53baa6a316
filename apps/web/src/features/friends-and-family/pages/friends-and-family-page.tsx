import { FRIENDS_FAMILY, type FriendsFamilyCoupon } from '@legiao/contracts/friends-family';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { firstName, useLoggedUser } from '../../../shared/session/get-logged-user';
import { Loader } from '../../../shared/ui/loader';
import { useFriendsFamily } from '../api/get-friends-family';
import { FfCouponCard } from '../components/ff-coupon-card';
import { UseCouponModal } from '../components/use-coupon-modal';
import '../friends-and-family.css';

/**
 * /friends-and-family (spec 001 section 2.20): staff's five 20% coupons of the month. The server
 * decides who may see it: on any error (403 for non-staff) the member goes back to /home.
 */
export function FriendsAndFamilyPage() {
  const navigate = useNavigate();
  const coupons = useFriendsFamily();
  const { data: user } = useLoggedUser();
  const [isOpen, setIsOpen] = useState<FriendsFamilyCoupon | null>(null);

  useEffect(() => {
    if (!coupons.error) return;
    console.warn('Friends & Family indisponível.', coupons.error);
    void navigate('/home', { replace: true });
  }, [coupons.error, navigate]);

  if (!coupons.data) return <Loader label="Carregando seus cupons..." />;

  return (
    <main id="conteudo" className="page friends-family">
      <section className="ff-banner" aria-labelledby="ff-titulo">
        <p className="ff-banner__selo">Friends &amp; Family</p>
        <h1 id="ff-titulo" className="ff-banner__titulo">
          {FRIENDS_FAMILY.percentual}% OFF para quem você gosta
        </h1>
      </section>
      <h2 className="ff__saudacao">Olá, {firstName(user?.nome)}!</h2>
      <p className="page__text">
        Você tem {FRIENDS_FAMILY.cupons} cupons de {FRIENDS_FAMILY.percentual}% de desconto este mês para presentear amigos e
        família. Cada cupom vale uma compra na loja oficial.
      </p>
      <ul className="ff__cupons" aria-label="Meus cupons">
        {coupons.data.map((c) => (
          <li key={c.cupom}>
            <FfCouponCard cupom={c} onUse={() => setIsOpen(c)} />
          </li>
        ))}
      </ul>
      {isOpen ? <UseCouponModal cupom={isOpen} onClose={() => setIsOpen(null)} /> : null}
    </main>
  );
}
