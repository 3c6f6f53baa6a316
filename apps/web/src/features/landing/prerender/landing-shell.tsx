import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { Hero } from '../components/hero';
import { LandingHeader } from '../components/landing-header';

/** The class of the build's static copy of the landing page's first screen (landing.css hides it for a member). */
export const PRERENDERED_CLASS = 'landing landing--estatica';

/**
 * The landing page's first screen (header and hero) as static HTML, written by the build into
 * landing.html (vite/prerender-landing-plugin.ts), which the API serves for `/`: a visitor on a slow
 * phone sees the hero as soon as the HTML and its styles arrive, not after the app's code has
 * downloaded and run (the hero's text is the page's LCP element; issue 33). The app renders the
 * whole page over it. The same components as the page, so the two cannot drift apart; the social
 * buttons need the server's answer and join when the app renders.
 */
export function renderLandingShell(): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <div className={PRERENDERED_CLASS}>
          <LandingHeader />
          <main id="conteudo">
            <Hero />
          </main>
        </div>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
