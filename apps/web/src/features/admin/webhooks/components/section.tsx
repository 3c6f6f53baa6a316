import type { ReactNode } from 'react';

/** A titled block of a Webhooks page (the Integrações look), a region named by its title. */
export function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <section className="integracoes-secao" aria-label={title} id={id}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}
