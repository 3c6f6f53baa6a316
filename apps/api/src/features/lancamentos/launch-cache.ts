import type { LaunchRule } from '@legiao/contracts/lancamentos';
import type { SqlPool } from '../../db/prisma.js';
import { publishedLaunch, ruleOf, type LaunchRow } from './lancamentos.service.js';

// The store's crowd asks GET .../lancamentos/{slug}/direito thousands of times a minute about one
// launch (docs/decisions/0047-launches.md, part 2): the published launch by slug, with its rule
// already parsed, is kept per process for TTL_MS. Staleness bound: an edit, publication or archive
// made through THIS process is seen at once (the back office's routes forget the cache after their
// commit); one made through another process (WORKERS > 1, several machines) is seen within TTL_MS.
// Only the entitlement check reads it: the orders read the launches in their own transaction, so an
// allowance never depends on a cached row. A slug that is not published is never kept (no unbounded
// map of made-up slugs), and the map is emptied whole past MAX_ENTRIES.

export const LAUNCH_CACHE_TTL_MS = 5000;
const MAX_ENTRIES = 200;

const entries = new Map<string, { launch: LaunchRow; rule: LaunchRule; until: number }>();

/** The published launch by slug (404 as publishedLaunch) and its rule, at most LAUNCH_CACHE_TTL_MS old. */
export async function cachedLaunch(pool: SqlPool, slug: string): Promise<{ launch: LaunchRow; rule: LaunchRule }> {
  const hit = entries.get(slug);
  if (hit && hit.until > Date.now()) return hit;
  const launch = await publishedLaunch(pool, slug);
  const entry = { launch, rule: ruleOf(launch), until: Date.now() + LAUNCH_CACHE_TTL_MS };
  if (entries.size >= MAX_ENTRIES) entries.clear();
  entries.set(slug, entry);
  return entry;
}

/** After this process's own write of a launch (any launch: the slug may have changed). */
export function forgetLaunches(): void {
  entries.clear();
}
