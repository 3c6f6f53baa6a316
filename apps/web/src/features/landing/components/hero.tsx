import { Link } from 'react-router';
import { SocialButtons } from '../../social/components/social-buttons';

export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-titulo">
      <div className="hero__content">
        <p className="hero__eyebrow">Programa de fidelidade</p>
        <h1 id="hero-titulo" className="hero__title">
          Faça parte da <span className="accent">Legião</span>
        </h1>
        <p className="hero__text">
          Complete missões indicando amigos, acumule saldo e troque por benefícios lendários. O cadastro é gratuito.
        </p>
        <div className="hero__actions">
          <Link className="button" to="/cadastro">
            Quero fazer parte
          </Link>
          <Link className="button button--ghost" to="/login">
            Já sou da Legião
          </Link>
        </div>
        <SocialButtons layout="row" />
      </div>
      <div className="hero__art" aria-hidden="true">
        <CupArt />
      </div>
    </section>
  );
}

export function CupArt({ tone = 'var(--color-accent)' }: { tone?: string }) {
  return (
    <svg viewBox="0 0 120 200" width="100%" height="100%" focusable="false">
      <rect x="30" y="10" width="60" height="16" rx="5" fill="#3a3a3a" />
      <path d="M26 30h68l-6 150a12 12 0 0 1-12 11H44a12 12 0 0 1-12-11z" fill={tone} />
      <path d="M94 60h10a10 10 0 0 1 10 10v40a10 10 0 0 1-10 10h-12" fill="none" stroke={tone} strokeWidth="8" />
      <rect x="40" y="70" width="40" height="26" rx="3" fill="rgb(0 0 0 / 0.25)" />
    </svg>
  );
}
