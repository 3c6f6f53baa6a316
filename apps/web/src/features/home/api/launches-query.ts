import type { MemberLaunch } from '@legiao/contracts/lancamentos';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

// GET /lancamentos (docs/decisions/0047-launches.md): each published launch the member still waits
// for, as this member gets it. Asked by the home's pre-sale and coming-soon sections only, which
// mount below the first screen: the call never holds the first paint. A minute fresh: the access
// code and the units left change at the window's opening and with the member's orders.
export const memberLaunchesQuery = () =>
  queryOptions({
    queryKey: ['lancamentos'],
    queryFn: async ({ signal }) => {
      const data: unknown = await http('/lancamentos', { signal });
      return Array.isArray(data) ? (data as MemberLaunch[]) : [];
    },
    staleTime: 60_000,
  });

/** The opening as a calendar file (GET /lancamentos/{slug}/agenda.ics), with the member's token. */
export const getLaunchCalendar = (slug: string) => http<string>(`/lancamentos/${encodeURIComponent(slug)}/agenda.ics`);

/**
 * The member opens their personal access (POST /lancamentos/{slug}/acesso): the portal records the
 * first time, the launch day's "acessaram" (ADR 0047, part 2). The store link itself is a plain link
 * (it opens in a new tab and works even if this call fails), so this is only the count.
 */
export const recordLaunchAccess = (slug: string) => http(`/lancamentos/${encodeURIComponent(slug)}/acesso`, { method: 'POST' });

/** The member's "Avise-me" for one launch (docs/decisions/0049-launch-alert-waves.md). */
export type LaunchAlertState = MemberLaunch['aviso'];

/**
 * "Avise-me" (POST /lancamentos/{slug}/aviso): `consentirEmail` gives the e-mail consent in the same
 * click when the member has not given it (the API refuses the request without it).
 */
export const askLaunchAlert = (slug: string, consentirEmail: boolean) =>
  http<LaunchAlertState>(`/lancamentos/${encodeURIComponent(slug)}/aviso`, { method: 'POST', body: consentirEmail ? { consentirEmail: true } : {} });

/** Cancels the "Avise-me" (DELETE /lancamentos/{slug}/aviso). */
export const cancelLaunchAlert = (slug: string) => http<LaunchAlertState>(`/lancamentos/${encodeURIComponent(slug)}/aviso`, { method: 'DELETE' });
