import { describe, expect, it } from 'vitest';
import { firstScreenGroups, groupOwners } from '../../vite/first-screen-chunks';

// vite/first-screen-chunks.ts, docs/decisions/0022-home-first-screen.md: the home's code as one file.
const root = '/app';
const graph: Record<string, string[]> = {
  '/app/src/main.tsx': ['/app/src/app.tsx'],
  '/app/src/app.tsx': ['/nm/react.js', '/app/src/shared/ui/button.tsx'],
  '/app/src/features/home/pages/home-page.tsx': ['/nm/react.js', '/app/src/shared/ui/button.tsx', '/app/src/shared/ui/carousel.tsx', '/app/src/features/home/home.css'],
  '/app/src/shared/ui/carousel.tsx': ['/app/src/shared/ui/carousel.css', '/app/src/features/fila/lib/estimate.ts'],
  '/app/src/features/fila/lib/create-waiting-room-controller.ts': ['/app/src/features/fila/lib/estimate.ts', '/app/src/features/fila/lib/connection.ts'],
  '/app/src/features/landing/pages/landing-page.tsx': ['/nm/react.js', '/app/src/shared/ui/carousel.tsx', '/app/src/features/landing/components/hero.tsx'],
};
const ctx = {
  getModuleInfo: (id: string) => (id in graph || Object.values(graph).some((d) => d.includes(id)) ? { importedIds: graph[id] ?? [] } : null),
} as unknown as Parameters<typeof groupOwners>[1];

describe('first-screen chunks', () => {
  it("puts the entry's modules in 'app', each page's own in its group, a shared one in the first group", () => {
    const owner = groupOwners(root, ctx);
    expect(owner.get('/app/src/main.tsx')).toBeUndefined(); // the entry chunk itself
    expect(owner.get('/app/src/app.tsx')).toBe('app');
    expect(owner.get('/nm/react.js')).toBe('app');
    expect(owner.get('/app/src/shared/ui/button.tsx')).toBe('app'); // the entry has it: not copied into the home
    for (const id of ['/app/src/features/home/pages/home-page.tsx', '/app/src/shared/ui/carousel.tsx', '/app/src/shared/ui/carousel.css', '/app/src/features/home/home.css']) {
      expect(owner.get(id), id).toBe('home');
    }
    expect(owner.get('/app/src/features/fila/lib/estimate.ts')).toBe('home'); // the home loads first
    expect(owner.get('/app/src/features/fila/lib/connection.ts')).toBe('fila');
    // The visitor's landing page: its own modules in its file, what it shares with the home in the home's.
    expect(owner.get('/app/src/features/landing/components/hero.tsx')).toBe('landing');
    expect(owner.get('/app/src/shared/ui/carousel.tsx')).toBe('home');
  });

  it("the 'app' group (higher priority) names only entry modules, the other only page modules", () => {
    const [app, pages] = firstScreenGroups(root) as [{ name: (id: string, c: typeof ctx) => string | null; priority: number }, { name: (id: string, c: typeof ctx) => string | null; priority: number }];
    expect(app.priority).toBeGreaterThan(pages.priority);
    expect(app.name('/nm/react.js', ctx)).toBe('app');
    expect(pages.name('/nm/react.js', ctx)).toBeNull();
    expect(app.name('/app/src/shared/ui/carousel.tsx', ctx)).toBeNull();
    expect(pages.name('/app/src/shared/ui/carousel.tsx', ctx)).toBe('home');
    expect(pages.name('/app/src/features/outra/page.tsx', ctx)).toBeNull(); // left to the bundler
  });

  it('refuses a build without one of its pages (a moved page must not silently undo the grouping)', () => {
    const without = { getModuleInfo: (id: string) => (id.includes('fila') ? null : ctx.getModuleInfo(id)) } as typeof ctx;
    expect(() => groupOwners(root, without)).toThrow(/create-waiting-room-controller/);
  });
});
