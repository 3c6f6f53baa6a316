import type { ReactNode } from 'react';

/** A page's title, a line about it, and its main actions on the right. */
export function PageHeader({ title, description, actions }: { title: string; description?: string; actions?: ReactNode }) {
  return (
    <header className="admin-cabecalho">
      <div>
        <h1>{title}</h1>
        {description && <p>{description}</p>}
      </div>
      {actions && <div className="admin-cabecalho__acoes">{actions}</div>}
    </header>
  );
}
