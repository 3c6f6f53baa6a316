import { useRoutes } from 'react-router';
import { LaunchesListPage } from './pages/launches-list-page';
import { LaunchPage, NewLaunchPage } from './pages/launch-page';
import '../ordenacao/formularios.css';
import '../banners/banners.css';
import './lancamentos.css';

/** /admin/lancamentos/* (content.read; writes content.write): the list, a new launch, a launch's page. */
export function LaunchesArea() {
  return useRoutes([
    { index: true, element: <LaunchesListPage /> },
    { path: 'novo', element: <NewLaunchPage /> },
    { path: ':id', element: <LaunchPage /> },
  ]);
}
