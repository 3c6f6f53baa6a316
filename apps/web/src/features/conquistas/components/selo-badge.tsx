import type { SeloVisivel } from '../lib/selos';

/** The lock of a locked badge, named 'bloqueado' (decorative inside a button that already says so). */
export const LockIcon = ({ decorativo = false }: { decorativo?: boolean }) => (
  <svg
    className="selo__cadeado"
    width={28}
    height={28}
    viewBox="0 0 24 24"
    focusable="false"
    {...(decorativo ? { 'aria-hidden': true } : { role: 'img', 'aria-label': 'bloqueado' })}
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
export function SeloBadge({ selo, onAbrir }: { selo: SeloVisivel; onAbrir: (selo: SeloVisivel) => void }) {
  return (
    <button
      type="button"
      className={selo.conquistado ? 'selo' : 'selo selo--bloqueado'}
      // Spelled out so every browser reads the same name ('Veterano bloqueado').
      aria-label={selo.conquistado ? selo.nome : `${selo.nome} bloqueado`}
      onClick={() => onAbrir(selo)}
    >
      <span className="selo__arte">
        <img src={selo.imagem} alt="" width={200} height={200} loading="lazy" draggable={false} />
      </span>
      <span className="selo__nome">{selo.nome}</span>
      {selo.conquistado ? null : <LockIcon decorativo />}
    </button>
  );
}
