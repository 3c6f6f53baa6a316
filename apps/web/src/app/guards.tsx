import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isLoggedIn, peekPostLoginPath } from '../shared/session/session';

/**
 * The token is read on every render (each navigation re-renders), not subscribed to: after a 401
 * the HTTP client clears it and moves to /login itself one second later.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  useLocation();
  if (!isLoggedIn()) return <Navigate to="/login" replace />;
  return children;
}

/** Login, sign-up, forgot-password and the landing page send a logged-in user to /home. */
export function RedirectIfLoggedIn({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (isLoggedIn()) return <Navigate to={{ pathname: peekPostLoginPath() ?? '/home', search: location.search }} replace />;
  return children;
}
