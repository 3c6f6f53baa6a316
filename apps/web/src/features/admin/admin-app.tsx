import { Suspense, useEffect } from 'react';
import { Link, Navigate, useLocation, useRoutes } from 'react-router';
import { Toaster } from 'sonner';
import { ApiError, errorMessage } from '../../shared/api/api-error';
import { clearPostLoginPath, isLoggedIn, setPostLoginPath } from '../../shared/session/session';
import { useStaffMeQuery } from './api/get-staff-me';
import { AdminLayout } from './layout/admin-layout';
import { adminRoutes } from './routes';
import { AdminHomePage } from './home/admin-home-page';
import { StaffProvider, useStaff } from './staff/staff-context';
import { ErrorState, LoadingState, NoPermissionState } from './ui/states';
import './admin.css';

/** The area's routes, each page only for the roles with its permission. */
function AdminRoutes() {
  const staff = useStaff();
  return useRoutes([
    { index: true, element: <AdminHomePage /> },
    ...adminRoutes.map(({ path, permission, page: Page }) => ({ path, element: staff.can(permission) ? <Page /> : <NoPermissionState /> })),
    { path: '*', element: <ErrorState title="Página não encontrada" message="Esse endereço não existe no back office." /> },
  ]);
}

/** A member (no staff role) who opens /admin: told plainly, in Portuguese, with a way back. */
function StaffOnly({ message }: { message: string }) {
  return (
    <main className="admin-recusa" id="conteudo">
      <h1>Acesso restrito</h1>
      <p>{message}</p>
      <Link className="admin-btn admin-btn--primario" to="/home">
        Voltar ao portal
      </Link>
    </main>
  );
}

function AdminGate() {
  const me = useStaffMeQuery();
  if (me.isPending) return <LoadingState label="Abrindo o back office..." />;
  if (me.isError) {
    if (me.error instanceof ApiError && me.error.status === 403) return <StaffOnly message={me.error.message} />;
    return <ErrorState message={errorMessage(me.error)} onRetry={() => void me.refetch()} />;
  }
  return (
    <StaffProvider staff={me.data}>
      <AdminLayout>
        <Suspense fallback={<LoadingState />}>
          <AdminRoutes />
        </Suspense>
      </AdminLayout>
    </StaffProvider>
  );
}

/**
 * /admin/*: the back office, its own lazy chunk (nothing of it in the member pages' JavaScript).
 * Same login as members; without a session it goes to /login and comes back here after.
 */
export function AdminApp() {
  const location = useLocation();
  const loggedIn = isLoggedIn();
  useEffect(() => {
    if (loggedIn) clearPostLoginPath(); // arrived: /login goes to /home again from now on
  }, [loggedIn]);
  if (!loggedIn) {
    setPostLoginPath(location.pathname + location.search);
    return <Navigate to="/login" replace />;
  }
  return (
    <>
      <AdminGate />
      <Toaster position="bottom-right" theme="dark" richColors closeButton />
    </>
  );
}
