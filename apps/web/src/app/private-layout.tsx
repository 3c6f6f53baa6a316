import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppHeader } from '../shared/layout/app-header';
import { Loader } from '../shared/ui/loader';
import { RequireAuth } from './guards';

/** Member pages: need a token, share the member menu. */
export function PrivateLayout() {
  return (
    <RequireAuth>
      <div className="private-layout">
        <AppHeader />
        <Suspense fallback={<Loader />}>
          <Outlet />
        </Suspense>
      </div>
    </RequireAuth>
  );
}
