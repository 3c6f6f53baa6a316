import type { BannerHome } from '@legiao/contracts/banner';
import type { SignedInUser } from '@legiao/contracts/usuario';
import type { chooseHero as EscolherHero } from '../../features/home/lib/choose-hero';
import type { roleOf as PapelDe, profileReady as PerfilPronto } from '../../features/home/lib/perfil';

/** What the prefetch leaves for the app (shared/api/prefetch.ts takes it). */
export interface InitialPrefetch {
  token: string;
  inicio: number;
  respostas: Record<string, Promise<Response>>;
  /**
   * GETs the app sent itself while the prefetch was live (shared/api/prefetch.ts marks them): the
   * prefetch's second wave, which waits for the user, must not ask for them again. On a reload the
   * app's code comes from the cache and its own calls could leave first.
   */
  askedByApp: Record<string, true>;
}


declare global {
  interface Window {
    __legiaoPrefetch?: InitialPrefetch;
  }
}

export interface Rules {
  chooseHero: typeof EscolherHero;
  roleOf: typeof PapelDe;
  profileReady: typeof PerfilPronto;
  /** The home's own code (its route chunk, what it imports and its CSS), known from the build. */
  modules?: { js: string[]; css: string[] };
  /** The landing page's own code, preloaded for a visitor without a session on `/`. */
  landing?: { js: string[]; css: string[] };
}

/**
 * The member home's first-screen calls, started by a tiny script that index.html loads next to the
 * app (vite.config.ts, plugin prefetchInicialPlugin), so they travel while the app's code downloads
 * instead of after it ran: the logged user, the hero banners and the collection; then, from the
 * user, the achievements and the referral count when the home will show them (the same rules,
 * passed in); a preload of the hero image the home will pick, its LCP element; and the home's own
 * code, which the router would otherwise ask for only after the app's code has run.
 * docs/decisions/0018-home-on-a-phone.md
 *
 * It runs as its own script: it must not import or close over anything (vite.config.ts sends
 * its source text with the rules' source text as arguments). Storage keys: STORAGE.token and the
 * post-login destination of shared/session/session.ts.
 */
export function initialPrefetch(rules: Rules) {
  try {
    const token = window.localStorage.getItem('token');
    const path = window.location.pathname;
    // All in one insertion: one link at a time cost 1-2 ms each (each insertion into <head> is its
    // own style and resource pass). The names come from the build (no user input); crossorigin as
    // Vite's own preloads, so the app's loader finds these links and does not ask again.
    const preload = (code?: { js: string[]; css: string[] }) => {
      const links = [
        ...(code?.js ?? []).map((h) => `<link rel="modulepreload" crossorigin href="${h}">`),
        ...(code?.css ?? []).map((h) => `<link rel="preload" as="style" crossorigin href="${h}">`),
      ];
      if (links.length) document.head.insertAdjacentHTML('beforeend', links.join(''));
    };
    // A member on `/` is on their way to /home: the landing's static first screen in landing.html
    // (vite/prerender-landing-plugin.ts) stays hidden instead of flashing (landing.css).
    if (token && path === '/') document.documentElement.classList.add('legiao-com-sessao');
    // A visitor on `/`: the landing page's code beside the app's, not a round trip after it ran
    // (its hero text is the LCP element; issue 33, bench/README.md).
    if (!token && path === '/') {
      preload(rules.landing);
      return;
    }
    // '/' sends a logged-in member to /home, unless a login is on its way somewhere else.
    if (!token || (path !== '/home' && path !== '/') || window.sessionStorage.getItem('legiao.destinoAposLogin')) return;
    const headers = { Accept: 'application/json', Authorization: `Bearer ${token}` };
    const answers: Record<string, Promise<Response>> = {};
    const askedByApp: Record<string, true> = {};
    window.__legiaoPrefetch = { token, inicio: Date.now(), respostas: answers, askedByApp };
    const request = (url: string) => (answers[url] = window.fetch(url, { headers }));
    // The second wave leaves after the user's answer: by then the app may have asked itself.
    const requestUnlessAsked = (url: string) => {
      if (!askedByApp[url]) request(url);
    };
    // An answer nobody took by the time shared/api/prefetch.ts stops handing them out (15 s): its
    // body is dropped, so its connection goes back to the pool (an unread body larger than the
    // browser's buffer held its connection, and the page never went idle).
    window.setTimeout(() => {
      for (const answer of Object.values(answers)) answer.then((r) => r.body?.cancel()).catch(() => undefined);
    }, 15_000);
    // A copy read here; registered at once, so before the app can read the original.
    const readCopy = (answer: Promise<Response>) => answer.then((r) => (r.ok ? (r.clone().json() as Promise<unknown>) : null));
    const user = readCopy(request('/api/usuario/logged')) as Promise<SignedInUser | null>;
    const banners = readCopy(request('/api/banner')) as Promise<BannerHome[] | null>;
    request('/api/produto/cliente?lista=colecao');
    // The home's chunks and styles, fetched beside the app's code instead of after it.
    preload(rules.modules);

    user
      .then((u) => {
        if (!u) return;
        if (rules.roleOf(u) !== 'lead' && rules.profileReady(u)) requestUnlessAsked('/api/Conquista');
        if (rules.roleOf(u) === 'membro') requestUnlessAsked('/api/indicacao');
        return banners.then((list) => {
          const hero = Array.isArray(list) ? rules.chooseHero(list, { perfil: u.perfil, lead: u.lead }) : undefined;
          if (!hero) return;
          for (const [href, media] of [
            [hero.urlImagemMobile, '(max-width: 767px)'],
            [hero.urlImagemDesktop, '(min-width: 768px)'],
          ] as const) {
            const link = document.createElement('link');
            link.rel = 'preload';
            link.as = 'image';
            link.href = href;
            link.media = media;
            link.setAttribute('fetchpriority', 'high');
            document.head.appendChild(link);
          }
        });
      })
      .catch(() => undefined);
  } catch {
    // No storage, no fetch: the app asks for everything itself, as it always could.
  }
}
