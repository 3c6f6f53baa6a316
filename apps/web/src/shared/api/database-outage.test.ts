import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OPS_MSG } from '@legiao/contracts/ops-constants';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { ApiError } from './api-error';
import { http } from './http';
import { isOverloaded, OVERLOAD_GIVE_UP_MS } from './overload';

// The API with its database away (docs/decisions/0038-database-outage.md): 503 + Retry-After with
// BANCO_INDISPONIVEL (nothing was done) or BANCO_INTERROMPIDO (the connection broke mid-call: it
// may have been done). What the web app repeats by itself, and what it leaves to the person.

const databaseAway = (code: 'BANCO_INDISPONIVEL' | 'BANCO_INTERROMPIDO', retryAfter: string | null = '2') => {
  const res = jsonResponse({ errors: [{ message: code === 'BANCO_INDISPONIVEL' ? OPS_MSG.bancoIndisponivel : OPS_MSG.bancoInterrompido, code }] }, 503);
  if (retryAfter !== null) res.headers.set('retry-after', retryAfter);
  return res;
};
const bodyOf = (code: string) => ({ errors: [{ message: 'x', code }] });

describe('isOverloaded with the database away', () => {
  it('repeats any method when nothing was done; a call that may have been done only as a GET or with an Idempotency-Key', () => {
    expect(isOverloaded(503, '2', 'POST', bodyOf('BANCO_INDISPONIVEL'))).toBe(true);
    expect(isOverloaded(503, '2', 'PUT', bodyOf('BANCO_INDISPONIVEL'))).toBe(true);
    expect(isOverloaded(503, '2', 'GET', bodyOf('BANCO_INTERROMPIDO'))).toBe(true);
    expect(isOverloaded(503, '2', 'POST', bodyOf('BANCO_INTERROMPIDO'))).toBe(false);
    expect(isOverloaded(503, '2', 'DELETE', bodyOf('BANCO_INTERROMPIDO'))).toBe(false);
    expect(isOverloaded(503, '2', 'POST', bodyOf('BANCO_INTERROMPIDO'), true)).toBe(true);
    // The key doesn't make other refusals repeatable, nor a 503 without Retry-After.
    expect(isOverloaded(503, '2', 'POST', bodyOf('TENTE_NOVAMENTE'), true)).toBe(false);
    expect(isOverloaded(503, null, 'POST', bodyOf('BANCO_INDISPONIVEL'))).toBe(false);
  });
});

describe('http() with the database away', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends a sign-up again by itself when the server did nothing, and answers', async () => {
    let calls = 0;
    const fetch = mockFetch(() => (++calls <= 2 ? databaseAway('BANCO_INDISPONIVEL') : jsonResponse({ message: 'ok' }, 201)));
    const answer = http('/usuario', { method: 'POST', body: { email: 'a@b.com' } });
    await vi.advanceTimersByTimeAsync(6000);
    await expect(answer).resolves.toEqual({ message: 'ok' });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(fetch.mock.calls.map((c) => c[1].body)).toEqual(Array(3).fill('{"email":"a@b.com"}'));
  });

  it('does not send a write again when it may have been done: the person sees why and checks', async () => {
    const fetch = mockFetch(() => databaseAway('BANCO_INTERROMPIDO'));
    const error = await http('/produto/cliente', { method: 'POST', body: { id: 1 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect((error as ApiError).message).toBe(OPS_MSG.bancoInterrompido);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('sends a redemption again with the same Idempotency-Key: the server replays it if it was done', async () => {
    let calls = 0;
    const fetch = mockFetch(() => (++calls === 1 ? databaseAway('BANCO_INTERROMPIDO') : jsonResponse({ cupom: 'ABC' })));
    const answer = http('/beneficio/resgatar', { method: 'POST', body: { idBeneficio: 7 }, headers: { 'Idempotency-Key': 'chave-0123456789' } });
    await vi.advanceTimersByTimeAsync(3000);
    await expect(answer).resolves.toEqual({ cupom: 'ABC' });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls.map((c) => (c[1].headers as Record<string, string>)['Idempotency-Key'])).toEqual(['chave-0123456789', 'chave-0123456789']);
  });

  it('gives up after OVERLOAD_GIVE_UP_MS with the server\'s own message', async () => {
    mockFetch(() => databaseAway('BANCO_INDISPONIVEL', '30'));
    const answer = http('/usuario/logged').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(OVERLOAD_GIVE_UP_MS + 60_000);
    const error = await answer;
    expect((error as ApiError).status).toBe(503);
    expect((error as ApiError).message).toBe(OPS_MSG.bancoIndisponivel);
  });
});
