import type { BannerHome } from '@legiao/contracts/banner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../shared/api/http';
import { chooseHero } from '../../features/home/lib/choose-hero';
import { roleOf, profileReady } from '../../features/home/lib/perfil';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { makeUser } from '../../test/fixtures';
import { initialPrefetchPlugin, prefetchScript } from '../../../vite/initial-prefetch-plugin';
import { initialPrefetch } from './initial-prefetch';

const rules = { chooseHero: chooseHero, roleOf: roleOf, profileReady: profileReady };
const hero = (profile: string, lead: boolean | null, name: string) =>
  ({ id: name, perfil: profile, lead, urlImagemMobile: `/banners/${name}-mobile.svg`, urlImagemDesktop: `/banners/${name}-desktop.svg`, textoAlternativo: name }) as unknown as BannerHome;

function api(user: ReturnType<typeof makeUser>) {
  return (url: string) => {
    if (url === '/api/usuario/logged') return jsonResponse(user);
    if (url === '/api/banner') return jsonResponse([hero('geral', null, 'geral'), hero('outsider', false, 'outsider')]);
    return jsonResponse([]);
  };
}

const urls = (fetch: ReturnType<typeof mockFetch>) => fetch.mock.calls.map(([url]) => url);
const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=preload]')].map((l) => `${l.getAttribute('href')} ${l.media}`);
const wait = () => new Promise((r) => setTimeout(r, 0));

// docs/decisions/0018-home-on-a-phone.md
describe('prefetchInicial', () => {
  beforeEach(() => window.history.replaceState(null, '', '/home'));
  afterEach(() => {
    delete window.__legiaoPrefetch;
    document.head.querySelectorAll('link[rel=preload], link[rel=modulepreload]').forEach((l) => l.remove());
    window.history.replaceState(null, '', '/');
  });

  it('does nothing without a token or away from / and /home', async () => {
    const fetch = mockFetch(api(makeUser()));
    initialPrefetch(rules);
    localStorage.setItem('token', 'tok');
    window.history.replaceState(null, '', '/extrato');
    initialPrefetch(rules);
    await wait();
    expect(fetch).not.toHaveBeenCalled();
    expect(window.__legiaoPrefetch).toBeUndefined();
  });

  it("asks for the first screen's calls, the achievements and referrals the home will show, and preloads its hero", async () => {
    localStorage.setItem('token', 'tok');
    const fetch = mockFetch(api(makeUser({ perfil: 'outsider', lead: false, perfilCompleto: true, perfilDefinido: true })));
    initialPrefetch(rules);
    await vi.waitFor(() => expect(preloads()).toHaveLength(2));
    expect(urls(fetch).sort()).toEqual(['/api/Conquista', '/api/banner', '/api/indicacao', '/api/produto/cliente?lista=colecao', '/api/usuario/logged']);
    expect(fetch.mock.calls.every(([, init]) => (init.headers as Record<string, string>).Authorization === 'Bearer tok')).toBe(true);
    expect(preloads()).toEqual(['/banners/outsider-mobile.svg (max-width: 767px)', '/banners/outsider-desktop.svg (min-width: 768px)']);
  });

  it('the script the build writes (its own text, rules included) asks for the second wave and preloads the hero', async () => {
    localStorage.setItem('token', 'tok');
    const fetch = mockFetch(api(makeUser({ perfil: 'outsider', lead: false, perfilCompleto: true, perfilDefinido: true })));
    new Function(prefetchScript({ js: ['/assets/home-page-x.js'], css: [] }))();
    await vi.waitFor(() => expect(preloads()).toHaveLength(2));
    expect(urls(fetch)).toEqual(expect.arrayContaining(['/api/Conquista', '/api/indicacao']));
    expect(document.head.querySelector('link[rel=modulepreload]')?.getAttribute('href')).toBe('/assets/home-page-x.js');
  });

  it('leaves out what the home would not ask for: achievements for leads, referrals for staff', async () => {
    localStorage.setItem('token', 'tok');
    const fetch = mockFetch(api(makeUser({ colaborador: true, lead: true, perfilCompleto: true, perfilDefinido: true })));
    initialPrefetch(rules);
    await vi.waitFor(() => expect(preloads()).toHaveLength(2));
    expect(urls(fetch)).toContain('/api/Conquista'); // staff flagged as lead are staff
    expect(urls(fetch)).not.toContain('/api/indicacao');
  });

  it('hands each answer to the http client once, for the same token, and only for a GET', async () => {
    localStorage.setItem('token', 'tok');
    const fetch = mockFetch(api(makeUser({ nome: 'Prefetch' })));
    initialPrefetch(rules);
    await vi.waitFor(() => expect(preloads()).toHaveLength(2)); // the calls that follow the user went out
    const before = fetch.mock.calls.length;
    expect(await http<{ nome: string }>('/usuario/logged')).toMatchObject({ nome: 'Prefetch' });
    expect(fetch.mock.calls.length).toBe(before); // the prefetched answer, no new request
    await http('/usuario/logged');
    expect(fetch.mock.calls.length).toBe(before + 1);

    localStorage.setItem('token', 'outro');
    await http('/banner');
    expect(fetch.mock.calls.at(-1)![0]).toBe('/api/banner');
    expect(window.__legiaoPrefetch).toBeUndefined();
  });

  // Seen in the browser tests: on a reload the app's code comes from the cache, and its own calls for
  // the achievements and the referrals left before the prefetch's second wave, which asked again;
  // nobody read those answers, their connections stayed busy and the page never went idle.
  it('does not ask again for what the app asked first, and drops the bodies of answers nobody took', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      localStorage.setItem('token', 'tok');
      let releaseUser!: () => void;
      const userGate = new Promise<void>((r) => (releaseUser = r));
      const cancelled: string[] = [];
      const fetch = mockFetch(async (url: string) => {
        if (url === '/api/usuario/logged') await userGate;
        const response = api(makeUser({ perfil: 'outsider', lead: false, perfilCompleto: true, perfilDefinido: true }))(url);
        // The body the prefetch would drop (reading the answer uses the response's own stream).
        Object.defineProperty(response, 'body', { value: { cancel: async () => void cancelled.push(url) } });
        return response;
      });
      initialPrefetch(rules);
      // The app asks for the achievements before the user's answer is in.
      await http('/Conquista').catch(() => undefined);
      releaseUser();
      await vi.waitFor(() => expect(urls(fetch)).toContain('/api/indicacao'));
      expect(urls(fetch).filter((u) => u === '/api/Conquista')).toHaveLength(1); // the app's own
      // 15 s later, what the app never took (here: everything but the achievements) is dropped.
      expect(cancelled).toEqual([]);
      await vi.advanceTimersByTimeAsync(15_000);
      expect(cancelled.sort()).toEqual(['/api/banner', '/api/indicacao', '/api/produto/cliente?lista=colecao', '/api/usuario/logged']);
    } finally {
      vi.useRealTimers();
    }
  });

  it("starts the home's own chunks and styles beside the app's code, as the app's loader would ask for them", async () => {
    localStorage.setItem('token', 'tok');
    mockFetch(api(makeUser()));
    initialPrefetch({ ...rules, modules: { js: ['/assets/home-page-x.js', '/assets/conquistas-y.js'], css: ['/assets/home-page-z.css'] } });
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload], link[as=style]')];
    expect(links.map((l) => `${l.rel} ${l.getAttribute('href')} ${l.getAttribute('crossorigin')}`)).toEqual([
      'modulepreload /assets/home-page-x.js ',
      'modulepreload /assets/conquistas-y.js ',
      'preload /assets/home-page-z.css ',
    ]);
    await wait();
  });

  it("preloads the landing page's code, and none of the home's, for a visitor on /; nothing elsewhere", () => {
    const fetch = mockFetch(api(makeUser()));
    const code = { ...rules, modules: { js: ['/assets/home-page-x.js'], css: [] }, landing: { js: ['/assets/landing-l.js', '/assets/home-page-x.js'], css: ['/assets/landing-m.css'] } };
    window.history.replaceState(null, '', '/login');
    initialPrefetch(code);
    expect(document.head.querySelector('link[rel=modulepreload], link[as=style]')).toBeNull();
    window.history.replaceState(null, '', '/');
    initialPrefetch(code);
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload], link[as=style]')];
    expect(links.map((l) => `${l.rel} ${l.getAttribute('href')}`)).toEqual(['modulepreload /assets/landing-l.js', 'modulepreload /assets/home-page-x.js', 'preload /assets/landing-m.css']);
    expect(fetch).not.toHaveBeenCalled();
    expect(window.__legiaoPrefetch).toBeUndefined();
  });

  // docs/decisions/0022-home-first-screen.md: inline, so the calls leave without a request for the script first.
  it('is written inline at the top of index.html, with the home chunk and its styles from the bundle', () => {
    const plugin = initialPrefetchPlugin();
    const chunk = (fileName: string, extra: object) => ({ type: 'chunk', fileName, imports: [], moduleIds: [], isEntry: false, facadeModuleId: null, ...extra });
    const bundle = {
      'assets/index-a.js': chunk('assets/index-a.js', { isEntry: true, imports: ['assets/app-b.js'] }),
      'assets/app-b.js': chunk('assets/app-b.js', {}),
      'assets/home-c.js': chunk('assets/home-c.js', { imports: ['assets/app-b.js'], moduleIds: ['/w/src/features/home/pages/home-page.tsx'], viteMetadata: { importedCss: new Set(['assets/home-d.css']) } }),
      'assets/landing-e.js': chunk('assets/landing-e.js', { imports: ['assets/app-b.js', 'assets/home-c.js'], moduleIds: ['/w/src/features/landing/pages/landing-page.tsx'], viteMetadata: { importedCss: new Set(['assets/landing-f.css']) } }),
    };
    const hook = <T,>(h: unknown) => (h as { handler: T }).handler;
    hook<(o: unknown, b: unknown) => void>(plugin.generateBundle).call({}, {}, bundle);
    const tags = hook<() => { tag: string; attrs?: object; children: string; injectTo: string }[]>(plugin.transformIndexHtml)();
    expect(tags).toEqual([{ tag: 'script', children: prefetchScript({ js: ['/assets/home-c.js'], css: ['/assets/home-d.css'] }, { js: ['/assets/landing-e.js', '/assets/home-c.js'], css: ['/assets/landing-f.css', '/assets/home-d.css'] }), injectTo: 'head-prepend' }]);
  });
});
