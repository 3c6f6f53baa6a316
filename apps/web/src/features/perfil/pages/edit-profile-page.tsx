import { MSG } from '@legiao/contracts/messages';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLoggedUser } from '../../../shared/session/get-logged-user';
import { BackLink } from '../../../shared/ui/back-link';
import { Loader } from '../../../shared/ui/loader';
import { BouncedEmailNotice } from '../components/bounced-email-notice';
import { ProfileForm } from '../components/profile-form';
import { YourDataSection } from '../components/your-data-section';
import '../perfil.css';

export function EditProfilePage() {
  const query = useLoggedUser();
  const [done, setDone] = useState(false);
  // The menu seeds this query from storage (dataUpdatedAt 0); the form waits for the server's copy.
  const user = query.dataUpdatedAt > 0 || query.isError ? query.data : undefined;

  if (done) {
    return (
      <main id="conteudo" className="page page--narrow">
        <div className="result" role="status">
          <span className="result__icon" aria-hidden="true">
            ✓
          </span>
          <h1 className="page__title">{MSG.perfilAtualizado}</h1>
          <Link className="button" to="/home">
            Ir para a home
          </Link>
        </div>
      </main>
    );
  }

  return (
    <main id="conteudo" className="page perfil">
      <BackLink to="/home" />
      <h1 className="page__title">Meu perfil</h1>
      {!user && !query.isError ? <Loader /> : null}
      {query.isError && !user ? <p className="page__text">Não foi possível carregar seus dados. Tente novamente.</p> : null}
      {user ? (
        <>
          <BouncedEmailNotice user={user} />
          <nav className="perfil__links" aria-label="Conta">
            <Link to="/alterar-email">Alterar e-mail</Link>
            {!user.social ? <Link to="/alterar-senha">Alterar senha</Link> : null}
          </nav>
          <ProfileForm user={user} onSuccess={() => setDone(true)} />
          <YourDataSection user={user} />
        </>
      ) : null}
    </main>
  );
}
