import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { LandingPage } from './app/routes';
import './app/styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('Elemento #root não encontrado.');

// landing.html brings the landing page's first screen as static HTML (vite/prerender-landing-plugin.ts):
// the app's first render replaces it with the page itself, so the page's code is loaded first (its
// chunks are preloading already) and the render does not pass through the loader.
const prerendered = root.querySelector('.landing--estatica') !== null && window.location.pathname === '/';
// The static screen is shown before the app's first render replaces it (its first contentful
// paint, at most 500 ms): on a fast link the app's code can arrive before the browser has painted.
const painted = () =>
  new Promise<void>((resolve) => {
    const shown = () => performance.getEntriesByName('first-contentful-paint').length > 0;
    if (shown()) return resolve();
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver(() => shown() && done());
    const timer = setTimeout(done, 500);
    try {
      observer.observe({ type: 'paint' });
    } catch {
      done();
    }
  });
const ready = prerendered ? Promise.all([LandingPage.preload().catch(() => undefined), painted()]) : Promise.resolve();

void ready.then(() => {
  // The first render as a transition: React builds the tree in slices that yield to the browser
  // every few milliseconds instead of one long task (docs/decisions/0018-home-on-a-phone.md).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
