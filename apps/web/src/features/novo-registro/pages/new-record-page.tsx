import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { AuthLayout } from '../../../shared/layout/auth-layout';
import { firstName, useLoggedUser } from '../../../shared/session/get-logged-user';
import { clearPostLoginPath, isLoggedIn } from '../../../shared/session/session';
import { Loader } from '../../../shared/ui/loader';
import { NewRecordForm } from '../components/new-record-form';

/**
 * Completion of a social login (spec 001 section 2.12): CPF, mobile and the terms. A member who
 * already has both goes straight to /home.
 */
export function NewRecordPage() {
  useEffect(clearPostLoginPath, []); // arrived: /login and / go to /home again from now on
  const loggedIn = isLoggedIn();
  const query = useLoggedUser({ enabled: loggedIn });
  if (!loggedIn) return <Navigate to="/login" replace />;
  const user = query.data;
  if (user?.cpf && user.celular) return <Navigate to="/home" replace />;

  return (
    <AuthLayout>
      <h1 className="auth-card__title">Complete seu cadastro</h1>
      {user ? (
        <>
          <p className="page__text">
            {firstName(user.nome) ? `Falta pouco, ${firstName(user.nome)}! ` : 'Falta pouco! '}
            Informe seu CPF e celular para aproveitar os benefícios da Legião.
          </p>
          <NewRecordForm user={user} />
        </>
      ) : query.isError ? (
        <p className="page__text">Não foi possível carregar seus dados. Tente novamente.</p>
      ) : (
        <Loader />
      )}
    </AuthLayout>
  );
}
