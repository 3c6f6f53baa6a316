import type { ReactNode } from 'react';

/**
 * Where the waiting room will sit: the login form shows only once the queue admits the user.
 * Until that issue lands it lets everybody through.
 */
export function LoginGate({ children }: { children: ReactNode }) {
  return children;
}
