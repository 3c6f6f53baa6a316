import { STORAGE } from '@legiao/contracts/storage-keys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { headerOf, jsonResponse, mockFetch, textResponse } from '../../test/fetch-mock';
import { registerNavigator } from '../navigation/app-navigate';
import { ApiError } from './api-error';
import { http, UNAUTHORIZED_REDIRECT_DELAY_MS } from './http';

function seedSession() {
  localStorage.setItem(STORAGE.token, 'tok-123');
  localStorage.setItem(STORAGE.user, '{"nome":"Ana"}');
  localStorage.setItem(STORAGE.allDataUser, '{"nome":"Ana"}');
  localStorage.setItem(STORAGE.indicacao, '{"confirmados":1}');
  localStorage.setItem(STORAGE.hashIndicacao, 'ref-abc');
}

describe('http', () => {
  const navigate = vi.fn();

  beforeEach(() => {
    navigate.mockReset();
    registerNavigator(navigate);
    window.history.replaceState({}, '', '/home');
  });

  afterEach(() => registerNavigator(null));

  it('sends the stored token as a bearer header, under /api', async () => {
    localStorage.setItem(STORAGE.token, 'tok-123');
    const fetch = mockFetch(() => jsonResponse({ ok: true }));
    await expect(http('/usuario/logged')).resolves.toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/usuario/logged');
    expect(headerOf(init, 'Authorization')).toBe('Bearer tok-123');
  });

  it('sends no Authorization header without a token, and encodes the query', async () => {
    const fetch = mockFetch(() => jsonResponse({}));
    await http('/usuario/valid-email', { query: { email: 'a+b@x.com', nada: undefined } });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/usuario/valid-email?email=a%2Bb%40x.com');
    expect(headerOf(init, 'Authorization')).toBeUndefined();
  });

  it('posts JSON bodies', async () => {
    const fetch = mockFetch(() => jsonResponse({ email: 'a@b.com' }));
    await http('/usuario/ativar-conta', { method: 'POST', body: { hash: 'h' } });
    const [, init] = fetch.mock.calls[0]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"hash":"h"}');
    expect(headerOf(init, 'Content-Type')).toBe('application/json');
  });

  it('returns plain-text answers as text', async () => {
    mockFetch(() => textResponse('CPF existe'));
    await expect(http('/usuario/valid-cpf')).resolves.toBe('CPF existe');
  });

  it('throws an ApiError carrying the first errors[].message', async () => {
    mockFetch(() =>
      jsonResponse({ errors: [{ message: 'E-mail já cadastrado!' }, { message: 'segundo' }] }, 409),
    );
    const error = await http('/usuario/valid-email').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('E-mail já cadastrado!');
    expect((error as ApiError).status).toBe(409);
  });

  it('falls back to the generic message when the error has no body', async () => {
    mockFetch(() => new Response(null, { status: 500 }));
    await expect(http('/x')).rejects.toThrow('Algo deu errado na requisição');
  });

  it('falls back to the generic message when the body has no errors list', async () => {
    mockFetch(() => textResponse('<html>Bad Gateway</html>', 502));
    await expect(http('/x')).rejects.toThrow('Algo deu errado na requisição');
  });

  it('falls back to the generic message when there is no response at all', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const error = await http('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Algo deu errado na requisição');
  });

  it('on a 401 with a token: clears the session, then goes to /login after 1 second', async () => {
    vi.useFakeTimers();
    seedSession();
    mockFetch(() => jsonResponse({ errors: [{ message: 'Sua sessão expirou.' }] }, 401));

    await expect(http('/usuario/logged')).rejects.toThrow('Sua sessão expirou.');

    for (const key of [STORAGE.token, STORAGE.user, STORAGE.allDataUser, STORAGE.indicacao]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(localStorage.getItem(STORAGE.hashIndicacao)).toBe('ref-abc');
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_DELAY_MS - 1);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(window.scrollTo).toHaveBeenCalled();
  });

  it('on a 401 without a token (bad credentials): keeps everything and stays', async () => {
    vi.useFakeTimers();
    localStorage.setItem(STORAGE.hashIndicacao, 'ref-abc');
    mockFetch(() => jsonResponse({ errors: [{ message: 'E-mail ou senha inválidos.' }] }, 401));
    await expect(http('/auth/login', { method: 'POST', body: {} })).rejects.toThrow('E-mail ou senha inválidos.');
    vi.advanceTimersByTime(5000);
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE.hashIndicacao)).toBe('ref-abc');
  });

  it('on the public survey route a 401 only warns', async () => {
    vi.useFakeTimers();
    window.history.replaceState({}, '', '/pesquisa-de-satisfacao?hash=abc');
    seedSession();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch(() => jsonResponse({ errors: [{ message: 'Não autenticado' }] }, 401));

    await expect(http('/satisfacao', { query: { hash: 'abc' } })).rejects.toBeInstanceOf(ApiError);
    vi.advanceTimersByTime(5000);

    expect(warn).toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE.token)).toBe('tok-123');
    expect(navigate).not.toHaveBeenCalled();
  });
});
