import { Link } from 'react-router';
import type { LoggedUser } from '../../../shared/session/get-logged-user';

/** Why the benefits are locked and where to fix it (spec 000 section 2). */
export function ProfileBlock({ user }: { user: Pick<LoggedUser, 'perfilCompleto' | 'perfilDefinido'> }) {
  if (user.perfilCompleto && user.perfilDefinido) return null;
  return (
    <div className="beneficios-bloqueio" role="note">
      {!user.perfilCompleto ? (
        <p className="beneficios-bloqueio__item">
          <span>Complete seu cadastro para liberar o resgate dos benefícios.</span>
          <Link className="button button--small" to="/editar-perfil">
            Concluir cadastro
          </Link>
        </p>
      ) : null}
      {!user.perfilDefinido ? (
        <p className="beneficios-bloqueio__item">
          <span>Personalize seu portal para liberar o resgate dos benefícios.</span>
          <Link className="button button--small" to="/personalizar-portal">
            Personalizar meu portal
          </Link>
        </p>
      ) : null}
    </div>
  );
}
