import { lazy, type ComponentType } from 'react';

/** React.lazy for a named export with props: each section below the first screen is its own chunk. */
export function lazySection<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}
