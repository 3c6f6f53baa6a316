import type { ReferralCode, ReferralSummary } from '@legiao/contracts/indicacao';
import { STORAGE } from '@legiao/contracts/storage-keys';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/api-error';
import { http } from '../../../shared/api/http';
import { readValue, storeValue } from '../../../shared/session/session';

export const referralKey = ['indicacao'] as const;

/** GET /indicacao/codigo: the member's link (staff get 403: they have no referral program). */
export async function getReferralCode(signal?: AbortSignal): Promise<ReferralCode> {
  return http<ReferralCode>('/indicacao/codigo', { signal });
}

/** GET /indicacao, kept in storage as `indicacao` (spec 001 section 2.1) so a revisit paints at once. */
export async function getReferralSummary(signal?: AbortSignal): Promise<ReferralSummary> {
  const summary = await http<ReferralSummary>('/indicacao', { signal });
  storeValue(STORAGE.indicacao, JSON.stringify(summary));
  return summary;
}

const number = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
const texts = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** A hand check instead of the zod schema: the home must not load zod (docs/decisions/0016-home-performance.md). */
export function hasSummaryShape(v: unknown): v is ReferralSummary {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return (
    number(r.confirmados) &&
    number(r.pendentes) &&
    number(r.saldo) &&
    number(r.valorIndicacao) &&
    Array.isArray(r.confirmacoes) &&
    r.confirmacoes.every((c) => typeof c === 'object' && c !== null) &&
    texts(r.emailsConfirmados) &&
    texts(r.emailsPendentes)
  );
}

/** The stored summary, if it still has the contract's shape (an older app version may have left another). */
export function readStoredSummary(): ReferralSummary | undefined {
  const raw = readValue(STORAGE.indicacao);
  if (!raw) return undefined;
  try {
    const stored: unknown = JSON.parse(raw);
    return hasSummaryShape(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

export function useReferralCode() {
  return useQuery({
    queryKey: [...referralKey, 'codigo'],
    queryFn: ({ signal }) => getReferralCode(signal),
    staleTime: Infinity,
  });
}

export function useReferralSummary() {
  return useQuery({
    queryKey: [...referralKey, 'resumo'],
    queryFn: ({ signal }) => getReferralSummary(signal),
    placeholderData: readStoredSummary,
    staleTime: 30_000,
  });
}

/** Staff are outside the referral program: the API answers 403 to both calls. */
export const outsideReferralProgram = (error: unknown) => error instanceof ApiError && error.status === 403;
