import { resolve } from 'node:path';
import type { Rolldown } from 'vite';

type ChunkingContext = Parameters<Extract<Rolldown.CodeSplittingGroup['name'], (...args: never[]) => unknown>>[1];

/**
 * Code loaded after the entry as one file each instead of the bundler's many small shared chunks:
 * the member home (its page and everything it imports that the entry does not) and the waiting
 * room's controller. On a phone's HTTP/1.1 link a browser opens at most six connections to a host,
 * so the home's 13 scripts and 5 style sheets were three rounds of requests before its first screen;
 * as one script and one style sheet they are one. Other pages that share a module with the home
 * (a product picture, the modal) load the home's file instead of a small one: every session starts
 * on the home, so it is in the cache already. docs/decisions/0022-home-first-screen.md
 */
export const FIRST_SCREEN_GROUPS = {
  home: 'src/features/home/pages/home-page.tsx',
  fila: 'src/features/fila/lib/create-waiting-room-controller.ts',
  // The visitor's first screen (`/`): what it needs beyond the home's file, as one file too.
  landing: 'src/features/landing/pages/landing-page.tsx',
} as const;

const ENTRY = 'src/main.tsx';

/** The modules a module imports statically, itself included, stopping at what `stop` holds. */
function staticClosure(ctx: ChunkingContext, from: string, stop: ReadonlySet<string>): Set<string> {
  const seen = new Set<string>();
  const queue = [from];
  while (queue.length) {
    const id = queue.pop()!;
    if (seen.has(id) || stop.has(id)) continue;
    seen.add(id);
    queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/** Which group each module belongs to, worked out once per build from the module graph. */
export function groupOwners(root: string, ctx: ChunkingContext): Map<string, string> {
  const owner = new Map<string, string>();
  const entryPath = resolve(root, ENTRY);
  const entry = staticClosure(ctx, entryPath, new Set());
  for (const m of entry) if (m !== entryPath) owner.set(m, 'app');
  for (const [group, page] of Object.entries(FIRST_SCREEN_GROUPS)) {
    const path = resolve(root, page);
    if (!ctx.getModuleInfo(path)) throw new Error(`first-screen-chunks: o build não tem ${page}`);
    for (const m of staticClosure(ctx, path, entry)) if (!owner.has(m)) owner.set(m, group);
  }
  return owner;
}

/**
 * The code-splitting groups: first what the entry imports (its own chunk, loaded with it: so the
 * groups below, which take their modules' dependencies with them, find React and the router there
 * instead of copying them), then each FIRST_SCREEN_GROUPS page with what it imports beyond the entry
 * (the first group wins a shared module: the home loads first). Every other module is left to the
 * bundler's default splitting.
 */
export function firstScreenGroups(root: string): Rolldown.CodeSplittingGroup[] {
  let owner: Map<string, string> | undefined;
  const nameIn = (group: 'app' | 'pages') => (id: string, ctx: ChunkingContext): string | null => {
    owner ??= groupOwners(root, ctx);
    const name = owner.get(id);
    return name && (name === 'app') === (group === 'app') ? name : null;
  };
  return [
    { name: nameIn('app'), priority: 2 },
    { name: nameIn('pages'), priority: 1 },
  ];
}
