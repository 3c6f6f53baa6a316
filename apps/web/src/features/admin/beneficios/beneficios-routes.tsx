import { useRoutes } from 'react-router';
import { BeneficioEditPage } from './beneficio-edit-page';
import { BeneficiosListPage } from './beneficios-list-page';
import './beneficios-admin.css';

/** /admin/beneficios/*: the list, /novo and /{id}. */
export function BeneficiosRoutes() {
  return useRoutes([
    { index: true, element: <BeneficiosListPage /> },
    { path: 'novo', element: <BeneficioEditPage /> },
    { path: ':id', element: <BeneficioEditPage /> },
  ]);
}
