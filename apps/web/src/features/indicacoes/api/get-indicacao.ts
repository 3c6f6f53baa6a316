import type { IndicacaoCodigo, IndicacaoResumo } from '@legiao/contracts/indicacao';
import { STORAGE } from '@legiao/contracts/storage-keys';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/api-error';
import { http } from '../../../shared/api/http';
import { readValue, storeValue } from '../../../shared/session/session';

export const indicacaoKey = ['indicacao'] as const;

/** GET /indicacao/codigo: the member's link (staff get 403: they have no referral program). */
export async function getIndicacaoCodigo(signal?: AbortSignal): Promise<IndicacaoCodigo> {
  return http<IndicacaoCodigo>('/indicacao/codigo', { signal });
}

/** GET /indicacao, kept in storage as `indicacao` (spec 001 section 2.1) so a revisit paints at once. */
export async function getIndicacaoResumo(signal?: AbortSignal): Promise<IndicacaoResumo> {
  const resumo = await http<IndicacaoResumo>('/indicacao', { signal });
  storeValue(STORAGE.indicacao, JSON.stringify(resumo));
  return resumo;
}

const numero = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
const textos = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** A hand check instead of the zod schema: the home must not load zod (docs/decisions/0016-home-performance.md). */
export function temFormatoDeResumo(v: unknown): v is IndicacaoResumo {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return (
    numero(r.confirmados) &&
    numero(r.pendentes) &&
    numero(r.saldo) &&
    numero(r.valorIndicacao) &&
    Array.isArray(r.confirmacoes) &&
    r.confirmacoes.every((c) => typeof c === 'object' && c !== null) &&
    textos(r.emailsConfirmados) &&
    textos(r.emailsPendentes)
  );
}

/** The stored summary, if it still has the contract's shape (an older app version may have left another). */
export function readStoredResumo(): IndicacaoResumo | undefined {
  const raw = readValue(STORAGE.indicacao);
  if (!raw) return undefined;
  try {
    const stored: unknown = JSON.parse(raw);
    return temFormatoDeResumo(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

export function useIndicacaoCodigo() {
  return useQuery({
    queryKey: [...indicacaoKey, 'codigo'],
    queryFn: ({ signal }) => getIndicacaoCodigo(signal),
    staleTime: Infinity,
  });
}

export function useIndicacaoResumo() {
  return useQuery({
    queryKey: [...indicacaoKey, 'resumo'],
    queryFn: ({ signal }) => getIndicacaoResumo(signal),
    placeholderData: readStoredResumo,
    staleTime: 30_000,
  });
}

/** Staff are outside the referral program: the API answers 403 to both calls. */
export const semProgramaIndicacao = (error: unknown) => error instanceof ApiError && error.status === 403;
