import type { SignedInUser } from '@legiao/contracts/usuario';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { achievementQueryOptions } from '../../conquistas/api/get-achievement';
import { memberProductsQueryOptions } from '../../produtos/api/get-member-products';
import { bannersHomeQuery, referralSummaryQuery } from '../api/home-queries';
import { roleOf, profileReady } from './perfil';

/** Past this the first screen shows with what it has: a slow call keeps only its own section waiting. */
export const FIRST_SCREEN_WAIT_MS = 1500;

/**
 * Whether the first screen's calls (hero banners, achievements, collection, referral count: the
 * ones the prefetch script started) have all answered, or FIRST_SCREEN_WAIT_MS passed. The home
 * builds its first screen once, with every answer in the cache, instead of once per answer:
 * each answer was its own render, commit and layout (docs/decisions/0022-home-first-screen.md).
 * The sections keep their own queries; these are the same keys, so nothing is asked twice.
 */
export function useFirstScreenReady(user: SignedInUser | undefined): boolean {
  const role = user ? roleOf(user) : undefined;
  const settled = useQueries({
    queries: [
      { ...bannersHomeQuery(), enabled: !!user },
      { ...achievementQueryOptions(), enabled: !!user && role !== 'lead' && profileReady(user) },
      { ...memberProductsQueryOptions('colecao'), enabled: !!user },
      { ...referralSummaryQuery(), enabled: role === 'membro' },
    ],
    // A disabled query stays pending without fetching: it is not waited for.
    combine: (results) => results.every((r) => !r.isPending || r.fetchStatus === 'idle'),
  });
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!user) return;
    const timer = window.setTimeout(() => setLate(true), FIRST_SCREEN_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [user]);
  // Once ready, ready for good: a section mounted later may start one of these queries again (the
  // referral invitation asks for the referral count a lead's first screen did not wait for), and
  // the home must not fall back to its loader and remount every section.
  const [ready, setReady] = useState(false);
  if (!ready && !!user && (settled || late)) setReady(true);
  return ready;
}
