import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { registerNavigator, scrollToTop } from '../shared/navigation/app-navigate';
import { Loader } from '../shared/ui/loader';
import { OverloadNotice } from '../shared/notices/overload-notice';

/** Scrolls smoothly to the top on every navigation (a hash link scrolls to its anchor instead). */
function ScrollToTop() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        target.scrollIntoView({ behavior: 'smooth' });
        return;
      }
    }
    scrollToTop();
  }, [pathname, search, hash]);
  return null;
}

/** Lets non-React code (the HTTP client) navigate through the router. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigator((to) => void navigate(to));
    return () => registerNavigator(null);
  }, [navigate]);
  return null;
}

export function RootLayout() {
  return (
    <>
      <a className="skip-link" href="#conteudo">
        Pular para o conteúdo
      </a>
      <ScrollToTop />
      <NavigatorBridge />
      <OverloadNotice />
      <Suspense fallback={<Loader />}>
        <Outlet />
      </Suspense>
    </>
  );
}
