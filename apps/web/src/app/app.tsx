import { BrowserRouter, useRoutes } from 'react-router';
import { AppErrorBoundary } from './app-error-boundary';
import { AppProviders } from './providers';
import { routes } from './routes';

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The declarative router: the app uses no loader, action or fetcher, and without the data router
 * the bundler leaves out 12 KB gzipped of the entry chunk every page loads (ADR 0022). The tests
 * render the same route table in a memory router (test/render-app.tsx).
 */
export function App() {
  return (
    <AppErrorBoundary>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </AppErrorBoundary>
  );
}
