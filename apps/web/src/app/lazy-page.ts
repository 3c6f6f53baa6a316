import { createElement, lazy, type ComponentType } from 'react';

/** A route's page, loaded on first use (its own chunk); `preload` loads it ahead of the first render. */
export type LazyPage = ComponentType & { preload: () => Promise<void> };

/**
 * React.lazy for a named export: each route becomes its own chunk. Once the module is here the page
 * renders straight away, without suspending: React.lazy suspends on its first render even when the
 * module has already loaded, and the root layout's Suspense would put its loader over landing.html's
 * static first screen for a frame (a flash; vite/prerender-landing-plugin.ts). main.tsx preloads the
 * landing page when that screen is there.
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(load: () => Promise<M>, name: K): LazyPage {
  let loaded: ComponentType | undefined;
  const fetchPage = async () => (loaded ??= (await load())[name] as ComponentType);
  const Lazy = lazy(async () => ({ default: await fetchPage() }));
  const Page = (props: object) => createElement(loaded ?? Lazy, props);
  return Object.assign(Page, { preload: async () => void (await fetchPage()) });
}
