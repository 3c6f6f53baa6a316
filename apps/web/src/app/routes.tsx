import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { RedirectIfLoggedIn } from './guards';
import { lazyPage } from './lazy-page';
import { PrivateLayout } from './private-layout';
import { RootLayout } from './root-layout';

export const LandingPage = lazyPage(() => import('../features/landing/pages/landing-page'), 'LandingPage');
const LoginPage = lazyPage(() => import('../features/auth/pages/login-page'), 'LoginPage');
const ForgotPasswordPage = lazyPage(() => import('../features/auth/pages/forgot-password-page'), 'ForgotPasswordPage');
const RecoverPasswordPage = lazyPage(() => import('../features/auth/pages/recover-password-page'), 'RecoverPasswordPage');
const SignupPage = lazyPage(() => import('../features/cadastro/pages/signup-page'), 'SignupPage');
const SignupConfirmationPage = lazyPage(
  () => import('../features/cadastro/pages/signup-confirmation-page'),
  'SignupConfirmationPage',
);
const ActivateAccountPage = lazyPage(() => import('../features/ativacao/pages/activate-account-page'), 'ActivateAccountPage');
const ActivationPage = lazyPage(() => import('../features/ativacao/pages/activation-page'), 'ActivationPage');
const NewRecordPage = lazyPage(() => import('../features/novo-registro/pages/new-record-page'), 'NewRecordPage');
const ConfirmEmailPage = lazyPage(() => import('../features/confirmar-email/pages/confirm-email-page'), 'ConfirmEmailPage');
const SatisfactionSurveyPage = lazyPage(
  () => import('../features/pesquisa-satisfacao/pages/satisfaction-survey-page'),
  'SatisfactionSurveyPage',
);
const ExpertXpPage = lazyPage(() => import('../features/expert-xp/pages/expert-xp-page'), 'ExpertXpPage');
const HomePage = lazyPage(() => import('../features/home/pages/home-page'), 'HomePage');
const EditProfilePage = lazyPage(() => import('../features/perfil/pages/edit-profile-page'), 'EditProfilePage');
const ChangeEmailPage = lazyPage(() => import('../features/perfil/pages/change-email-page'), 'ChangeEmailPage');
const ChangePasswordPage = lazyPage(() => import('../features/perfil/pages/change-password-page'), 'ChangePasswordPage');
const NewProductPage = lazyPage(() => import('../features/produtos/pages/new-product-page'), 'NewProductPage');
const ProductsPage = lazyPage(() => import('../features/produtos/pages/products-page'), 'ProductsPage');
const EditProductPage = lazyPage(() => import('../features/produtos/pages/edit-product-page'), 'EditProductPage');
const PersonalisePortalPage = lazyPage(
  () => import('../features/personalizar-portal/pages/personalise-portal-page'),
  'PersonalisePortalPage',
);
const ReferralsPage = lazyPage(() => import('../features/indicacoes/pages/referrals-page'), 'ReferralsPage');
const StatementPage = lazyPage(() => import('../features/extrato/pages/statement-page'), 'StatementPage');
const BenefitsPage = lazyPage(() => import('../features/beneficios/pages/benefits-page'), 'BenefitsPage');
const MyAchievementsPage = lazyPage(
  () => import('../features/conquistas/pages/my-achievements-page'),
  'MyAchievementsPage',
);
const FriendsAndFamilyPage = lazyPage(
  () => import('../features/friends-and-family/pages/friends-and-family-page'),
  'FriendsAndFamilyPage',
);
// The back office: its own chunk, its own layout (docs/decisions/0027-back-office.md).
const AdminApp = lazyPage(() => import('../features/admin/admin-app'), 'AdminApp');
const NotFoundPage = lazyPage(() => import('../features/not-found/pages/not-found-page'), 'NotFoundPage');

const guestOnly = (element: ReactNode) => <RedirectIfLoggedIn>{element}</RedirectIfLoggedIn>;

/** Every route of spec 001 section 2.1 (history mode, base /). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: guestOnly(<LandingPage />) },
      { path: '/login/*', element: guestOnly(<LoginPage />) },
      { path: '/auth/login', element: guestOnly(<LoginPage />) },
      { path: '/cadastro', element: guestOnly(<SignupPage />) },
      { path: '/cadastro/confirmacao', element: <SignupConfirmationPage /> },
      { path: '/esqueceu-a-senha', element: guestOnly(<ForgotPasswordPage />) },
      { path: '/recuperar-senha', element: <RecoverPasswordPage /> },
      { path: '/ativar-conta', element: <ActivateAccountPage /> },
      { path: '/ativacao', element: <ActivationPage /> },
      { path: '/novo-registro', element: <NewRecordPage /> },
      // The link mailed to a new address (issue #7): works with or without a session.
      { path: '/confirmar-email', element: <ConfirmEmailPage /> },
      { path: '/pesquisa-de-satisfacao', element: <SatisfactionSurveyPage /> },
      { path: '/expert-xp', element: <ExpertXpPage /> },
      {
        element: <PrivateLayout />,
        children: [
          { path: '/home', element: <HomePage /> },
          { path: '/editar-perfil', element: <EditProfilePage /> },
          { path: '/alterar-email', element: <ChangeEmailPage /> },
          { path: '/alterar-senha', element: <ChangePasswordPage /> },
          { path: '/novo-produto', element: <NewProductPage /> },
          { path: '/produtos', element: <ProductsPage /> },
          { path: '/editar-produto/:id', element: <EditProductPage /> },
          { path: '/personalizar-portal', element: <PersonalisePortalPage /> },
          { path: '/indicacoes', element: <ReferralsPage /> },
          { path: '/extrato', element: <StatementPage /> },
          { path: '/beneficios', element: <BenefitsPage /> },
          { path: '/minhas-conquistas', element: <MyAchievementsPage /> },
          { path: '/friends-and-family', element: <FriendsAndFamilyPage /> },
        ],
      },
      { path: '/admin/*', element: <AdminApp /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
