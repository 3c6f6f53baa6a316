import { useRoutes } from 'react-router';
import { BenefitEditPage } from './benefit-edit-page';
import { BenefitsListPage } from './benefits-list-page';
import './beneficios-admin.css';

/** /admin/beneficios/*: the list, /novo and /{id}. */
export function BenefitsRoutes() {
  return useRoutes([
    { index: true, element: <BenefitsListPage /> },
    { path: 'novo', element: <BenefitEditPage /> },
    { path: ':id', element: <BenefitEditPage /> },
  ]);
}
