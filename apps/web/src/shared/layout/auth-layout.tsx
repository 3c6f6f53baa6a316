import type { ReactNode } from 'react';
import { Brand } from '../ui/brand';

/** The centred card public account pages (login, sign-up, recovery) sit in. */
export function AuthLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="auth-layout">
      <header className="auth-layout__header">
        <Brand />
      </header>
      <main id="conteudo" className={wide ? 'auth-card auth-card--wide' : 'auth-card'}>
        {children}
      </main>
    </div>
  );
}
