import type { VisibleSeal } from '../lib/seals';

/** The lock of a locked badge, named 'bloqueado' (decorative inside a button that already says so). */
export const LockIcon = ({ decorative = false }: { decorative?: boolean }) => (
  <svg
    className="selo__cadeado"
    width={28}
    height={28}
    viewBox="0 0 24 24"
    focusable="false"
    {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': 'bloqueado' })}
  >
    <circle cx="12" cy="12" r="12" fill="#0d0d0d" fillOpacity="0.85" />
    <path d="M8.5 11V9a3.5 3.5 0 0 1 7 0v2" fill="none" stroke="#f5f5f5" strokeWidth="1.8" strokeLinecap="round" />
    <rect x="7" y="11" width="10" height="7.5" rx="1.6" fill="#f5f5f5" />
  </svg>
);

/**
 * One badge as a button (it opens the detail modal). A locked badge keeps its art, greyed, with a
 * lock whose name is 'bloqueado': the button reads 'Veterano bloqueado'.
 */
export function SealBadge({ seal, onOpen }: { seal: VisibleSeal; onOpen: (seal: VisibleSeal) => void }) {
  return (
    <button
      type="button"
      className={seal.earned ? 'selo' : 'selo selo--bloqueado'}
      // Spelled out so every browser reads the same name ('Veterano bloqueado').
      aria-label={seal.earned ? seal.nome : `${seal.nome} bloqueado`}
      onClick={() => onOpen(seal)}
    >
      <span className="selo__arte">
        <img src={seal.imagem} alt="" width={200} height={200} loading="lazy" draggable={false} />
      </span>
      <span className="selo__nome">{seal.nome}</span>
      {seal.earned ? null : <LockIcon decorative />}
    </button>
  );
}
