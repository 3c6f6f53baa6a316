import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { RedirectIfLoggedIn } from './guards';
import { lazyPage } from './lazy-page';
import { PrivateLayout } from './private-layout';
import { RootLayout } from './root-layout';

const LandingPage = lazyPage(() => import('../features/landing/pages/landing-page'), 'LandingPage');
const LoginPage = lazyPage(() => import('../features/auth/pages/login-page'), 'LoginPage');
const EsqueceuASenhaPage = lazyPage(() => import('../features/auth/pages/esqueceu-a-senha-page'), 'EsqueceuASenhaPage');
const RecuperarSenhaPage = lazyPage(() => import('../features/auth/pages/recuperar-senha-page'), 'RecuperarSenhaPage');
const CadastroPage = lazyPage(() => import('../features/cadastro/pages/cadastro-page'), 'CadastroPage');
const CadastroConfirmacaoPage = lazyPage(
  () => import('../features/cadastro/pages/cadastro-confirmacao-page'),
  'CadastroConfirmacaoPage',
);
const AtivarContaPage = lazyPage(() => import('../features/ativacao/pages/ativar-conta-page'), 'AtivarContaPage');
const AtivacaoPage = lazyPage(() => import('../features/ativacao/pages/ativacao-page'), 'AtivacaoPage');
const NovoRegistroPage = lazyPage(() => import('../features/novo-registro/pages/novo-registro-page'), 'NovoRegistroPage');
const ConfirmarEmailPage = lazyPage(() => import('../features/confirmar-email/pages/confirmar-email-page'), 'ConfirmarEmailPage');
const PesquisaSatisfacaoPage = lazyPage(
  () => import('../features/pesquisa-satisfacao/pages/pesquisa-satisfacao-page'),
  'PesquisaSatisfacaoPage',
);
const ExpertXpPage = lazyPage(() => import('../features/expert-xp/pages/expert-xp-page'), 'ExpertXpPage');
const HomePage = lazyPage(() => import('../features/home/pages/home-page'), 'HomePage');
const EditarPerfilPage = lazyPage(() => import('../features/perfil/pages/editar-perfil-page'), 'EditarPerfilPage');
const AlterarEmailPage = lazyPage(() => import('../features/perfil/pages/alterar-email-page'), 'AlterarEmailPage');
const AlterarSenhaPage = lazyPage(() => import('../features/perfil/pages/alterar-senha-page'), 'AlterarSenhaPage');
const NovoProdutoPage = lazyPage(() => import('../features/produtos/pages/novo-produto-page'), 'NovoProdutoPage');
const ProdutosPage = lazyPage(() => import('../features/produtos/pages/produtos-page'), 'ProdutosPage');
const EditarProdutoPage = lazyPage(() => import('../features/produtos/pages/editar-produto-page'), 'EditarProdutoPage');
const PersonalizarPortalPage = lazyPage(
  () => import('../features/personalizar-portal/pages/personalizar-portal-page'),
  'PersonalizarPortalPage',
);
const IndicacoesPage = lazyPage(() => import('../features/indicacoes/pages/indicacoes-page'), 'IndicacoesPage');
const ExtratoPage = lazyPage(() => import('../features/extrato/pages/extrato-page'), 'ExtratoPage');
const BeneficiosPage = lazyPage(() => import('../features/beneficios/pages/beneficios-page'), 'BeneficiosPage');
const MinhasConquistasPage = lazyPage(
  () => import('../features/conquistas/pages/minhas-conquistas-page'),
  'MinhasConquistasPage',
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
      { path: '/cadastro', element: guestOnly(<CadastroPage />) },
      { path: '/cadastro/confirmacao', element: <CadastroConfirmacaoPage /> },
      { path: '/esqueceu-a-senha', element: guestOnly(<EsqueceuASenhaPage />) },
      { path: '/recuperar-senha', element: <RecuperarSenhaPage /> },
      { path: '/ativar-conta', element: <AtivarContaPage /> },
      { path: '/ativacao', element: <AtivacaoPage /> },
      { path: '/novo-registro', element: <NovoRegistroPage /> },
      // The link mailed to a new address (issue #7): works with or without a session.
      { path: '/confirmar-email', element: <ConfirmarEmailPage /> },
      { path: '/pesquisa-de-satisfacao', element: <PesquisaSatisfacaoPage /> },
      { path: '/expert-xp', element: <ExpertXpPage /> },
      {
        element: <PrivateLayout />,
        children: [
          { path: '/home', element: <HomePage /> },
          { path: '/editar-perfil', element: <EditarPerfilPage /> },
          { path: '/alterar-email', element: <AlterarEmailPage /> },
          { path: '/alterar-senha', element: <AlterarSenhaPage /> },
          { path: '/novo-produto', element: <NovoProdutoPage /> },
          { path: '/produtos', element: <ProdutosPage /> },
          { path: '/editar-produto/:id', element: <EditarProdutoPage /> },
          { path: '/personalizar-portal', element: <PersonalizarPortalPage /> },
          { path: '/indicacoes', element: <IndicacoesPage /> },
          { path: '/extrato', element: <ExtratoPage /> },
          { path: '/beneficios', element: <BeneficiosPage /> },
          { path: '/minhas-conquistas', element: <MinhasConquistasPage /> },
          { path: '/friends-and-family', element: <FriendsAndFamilyPage /> },
        ],
      },
      { path: '/admin/*', element: <AdminApp /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
