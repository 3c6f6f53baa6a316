import type { Benefit } from '@legiao/contracts/beneficio';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useLoggedUser } from '../../../shared/session/get-logged-user';
import { Loader } from '../../../shared/ui/loader';
import { Carousel } from '../../../shared/ui/carousel';
import { benefitQueryOptions } from '../api/get-benefit';
import { useBenefits } from '../api/get-benefits';
import { benefitKeys } from '../api/keys';
import { consumeBenefitChatbot } from '../lib/benefit-chatbot';
import { profileUnlocked, canOpen } from '../lib/benefit-state';
import { BenefitCard } from './benefit-card';
import { ProfileBlock } from './profile-block';
import { RedemptionModal } from './redemption-modal';
import { ReferralsBalance } from './referrals-balance';
import '../beneficios.css';

/**
 * The benefits section (spec 000 section 2): the profile lock, the referral balance, the cards and
 * the redeem modal. On the home ('home', anchor #beneficios) the cards are a carousel; on
 * /beneficios ('pagina') a grid under the page's own title.
 */
export function BenefitsSection({ variant = 'home' }: { variant?: 'home' | 'pagina' }) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const { data: user } = useLoggedUser();
  const benefits = useBenefits();
  const [isOpen, setIsOpen] = useState<Benefit | null>(null);
  const chatbotRead = useRef(false);
  const released = profileUnlocked(user);

  // The chatbot link's benefit (?beneficio=, stored by the landing or the login): opened once, then
  // forgotten. While the profile still locks the benefits it stays stored ("stored for later", spec
  // 000 section 2), so it opens on the first visit after the member completes and defines the profile.
  useEffect(() => {
    if (!user || !profileUnlocked(user) || chatbotRead.current) return;
    chatbotRead.current = true;
    const id = consumeBenefitChatbot();
    if (id === null) return;
    queryClient
      .fetchQuery(benefitQueryOptions(id))
      .then((b) => {
        if (canOpen(b)) setIsOpen(b);
        else console.info('Benefício do chatbot indisponível para este membro:', id);
      })
      .catch((err: unknown) => console.warn('Benefício do chatbot não encontrado:', id, err));
  }, [user, queryClient]);

  const reload = useCallback(() => void queryClient.invalidateQueries({ queryKey: benefitKeys.lista }), [queryClient]);

  function open(b: Benefit) {
    if (released && canOpen(b)) setIsOpen(b);
  }

  // The open benefit follows the list, so the modal sees a redemption's new state.
  const current = isOpen ? (benefits.data?.find((b) => b.id === isOpen.id) ?? isOpen) : null;
  const list = benefits.data ?? [];
  const cards = list.map((b) => (
    <BenefitCard key={b.id} beneficio={b} saldo={user?.saldo ?? 0} released={released} onOpen={open} onOpened={reload} />
  ));

  const content = (
    <>
      {user ? <ProfileBlock user={user} /> : null}
      {user ? <ReferralsBalance user={user} /> : null}
      {benefits.isPending || !user ? <Loader label="Carregando benefícios..." /> : null}
      {benefits.isError ? <p className="page__text">Não foi possível carregar os benefícios agora.</p> : null}
      {benefits.isSuccess && !list.length ? <p className="page__text">Nenhum benefício disponível no momento.</p> : null}
      {list.length && user ? (
        variant === 'home' ? (
          <Carousel label="Benefícios" byView={{ base: 1, since768: 5 }}>
            {cards}
          </Carousel>
        ) : (
          <ul className="beneficios-grade" aria-label="Benefícios">
            {cards.map((c) => (
              <li key={c.key}>{c}</li>
            ))}
          </ul>
        )
      ) : null}
      {current ? <RedemptionModal key={current.id} beneficio={current} onClose={() => setIsOpen(null)} /> : null}
    </>
  );

  if (variant === 'pagina') return <div className="beneficios">{content}</div>;
  return (
    <section id="beneficios" className="beneficios beneficios--home" aria-labelledby={titleId}>
      <div className="beneficios__topo">
        <h2 id={titleId} className="beneficios__titulo">
          Benefícios
        </h2>
        <Link className="beneficios__ver-todos" to="/beneficios">
          Ver todos
        </Link>
      </div>
      {content}
    </section>
  );
}
