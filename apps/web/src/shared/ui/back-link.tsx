import { Link } from 'react-router';

export function BackLink({ to, label = 'Voltar' }: { to: string; label?: string }) {
  return (
    <Link className="back-link" to={to}>
      <span aria-hidden="true">←</span> {label}
    </Link>
  );
}

export function BackButton({ onClick, label = 'Voltar' }: { onClick: () => void; label?: string }) {
  return (
    <button type="button" className="back-link" onClick={onClick}>
      <span aria-hidden="true">←</span> {label}
    </button>
  );
}
