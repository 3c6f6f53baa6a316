import { Link } from 'react-router';

/** The Legião wordmark, linking home. */
export function Brand({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="brand" aria-label="Legião, página inicial">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="6" fill="var(--color-accent)" />
        <path d="M10 7h4v14h9v4H10z" fill="#fff" />
      </svg>
      <span className="brand__name">Legião</span>
    </Link>
  );
}
