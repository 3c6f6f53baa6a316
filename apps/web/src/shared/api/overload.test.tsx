import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OPS_MSG } from '@legiao/contracts/ops-constants';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { OverloadNotice } from '../notices/overload-notice';
import { ApiError } from './api-error';
import { http } from './http';
import { isOverloaded, OVERLOAD_GIVE_UP_MS, OVERLOAD_MAX_DELAY_MS, overloadDelay, overloadStore } from './overload';

/** The API shedding load: 503, Retry-After and the error body (issue 15). */
const overloaded = (retryAfter = '2', code = 'SOBRECARGA') => {
  const res = jsonResponse({ errors: [{ message: OPS_MSG.sobrecarga, code }] }, 503);
  res.headers.set('retry-after', retryAfter);
  return res;
};

describe('overloadDelay', () => {
  it("waits the server's Retry-After or the backoff, whichever is longer, capped, with ±20 % jitter", () => {
    const mid = () => 0.5;
    expect(overloadDelay('5', 0, mid)).toBe(5000);
    expect(overloadDelay('1', 0, mid)).toBe(1000);
    expect(overloadDelay('1', 3, mid)).toBe(8000);
    expect(overloadDelay(null, 10, mid)).toBe(OVERLOAD_MAX_DELAY_MS);
    expect(overloadDelay('abc', 0, () => 0)).toBe(800);
    expect(overloadDelay('2', 0, () => 0.999)).toBeLessThanOrEqual(2400);
  });

  it('takes only a 503 with Retry-After as overload; other methods only when the server did nothing', () => {
    expect(isOverloaded(503, '2', 'GET', undefined)).toBe(true);
    expect(isOverloaded(503, null, 'GET', undefined)).toBe(false);
    expect(isOverloaded(500, '2', 'GET', undefined)).toBe(false);
    expect(isOverloaded(503, '2', 'POST', { errors: [{ message: 'x', code: 'SOBRECARGA' }] })).toBe(true);
    expect(isOverloaded(503, '1', 'POST', { errors: [{ message: 'x', code: 'ENCERRANDO' }] })).toBe(true);
    expect(isOverloaded(503, '2', 'POST', { errors: [{ message: 'x', code: 'CEP_INDISPONIVEL' }] })).toBe(false);
    expect(isOverloaded(503, '2', 'POST', '<html>Service Unavailable</html>')).toBe(false);
  });
});

describe('http() when the API is overloaded', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('says "instabilidade momentânea", not "muita gente", while it waits for the database to come back', async () => {
    let calls = 0;
    mockFetch(() => (++calls <= 1 ? overloaded('2', 'BANCO_INDISPONIVEL') : jsonResponse({ nome: 'Ana' })));
    render(<OverloadNotice />);
    const answer = http('/usuario/logged');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('status').textContent).toContain('Instabilidade momentânea');
    expect(screen.getByRole('status').textContent).not.toContain('Muita gente');
    await act(() => vi.advanceTimersByTimeAsync(2500));
    await expect(answer).resolves.toEqual({ nome: 'Ana' });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows "muita gente agora", asks again after the wait and answers; the notice goes away', async () => {
    let calls = 0;
    const fetch = mockFetch(() => (++calls <= 2 ? overloaded('2') : jsonResponse({ nome: 'Ana' })));
    render(<OverloadNotice />);
    const answer = http('/usuario/logged');

    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toContain('Muita gente agora');
    expect(screen.getByRole('status').textContent).toMatch(/Nova tentativa em [1-3] s/);
    expect(screen.queryByRole('alert')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(2500)); // first wait: Retry-After 2 s (±20 %)
    expect(fetch).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(2500)); // second: max(2 s, 2 s backoff)
    expect(fetch).toHaveBeenCalledTimes(3);
    await expect(answer).resolves.toEqual({ nome: 'Ana' });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.queryByTestId('muita-gente')).toBeNull();
    expect(overloadStore.get().retryAt).toBeNull();
  });

  it('repeats a POST the server refused before doing anything (SOBRECARGA)', async () => {
    let calls = 0;
    const fetch = mockFetch(() => (++calls === 1 ? overloaded('1') : jsonResponse({ ok: true })));
    const answer = http('/auth/login', { method: 'POST', body: { email: 'a@b.com' } });
    await vi.advanceTimersByTimeAsync(1500);
    await expect(answer).resolves.toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]![1].body).toBe('{"email":"a@b.com"}');
  });

  it('does not repeat other 503s: an error as before', async () => {
    const fetch = mockFetch(() => jsonResponse({ errors: [{ message: 'Serviço indisponível', code: 'CEP_INDISPONIVEL' }] }, 503));
    await expect(http('/cep/01310100')).rejects.toThrow('Serviço indisponível');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('gives up after OVERLOAD_GIVE_UP_MS with the overload message', async () => {
    mockFetch(() => overloaded('30'));
    const answer = http('/beneficio').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(OVERLOAD_GIVE_UP_MS + 60_000);
    const error = await answer;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect((error as ApiError).message).toBe(OPS_MSG.sobrecarga);
    expect(overloadStore.get().retryAt).toBeNull();
  });

  it('stops waiting when the caller aborts (the page was left)', async () => {
    const fetch = mockFetch(() => overloaded('5'));
    const controller = new AbortController();
    const answer = http('/beneficio', { signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    expect((await answer as Error).name).toBe('AbortError');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(overloadStore.get().retryAt).toBeNull();
  });
});
