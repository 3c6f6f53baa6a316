import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cepResponseSchema } from '@legiao/contracts';
import { buildTestApp, type TestApp } from './support/app.js';
import { CEP_PROVIDER_DOWN, UNKNOWN_CEP } from './support/fake-cep.js';
import { expectError } from './support/factories.js';
import { getFreePort } from './support/ports.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (cep: string) => t.app.inject({ method: 'GET', url: `/api/cep/${cep}` });
const UNAVAILABLE = 'Serviço temporariamente indisponível. Tente novamente em instantes.';

describe('GET /api/cep/:cep', () => {
  it('answers the address of a known CEP, masked or not', async () => {
    for (const cep of ['01310100', '01310-100']) {
      const res = await get(cep);
      expect(res.statusCode).toBe(200);
      expect(cepResponseSchema.parse(res.json())).toEqual({ cep: '01310100', logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' });
    }
  });

  it('answers { erro: true } for a CEP the postal service does not know', async () => {
    const res = await get(UNKNOWN_CEP);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ erro: true });
  });

  it("answers 400 'CEP inválido' for a malformed CEP", async () => {
    for (const bad of ['123', '0131010', '013101000', 'abcdefgh']) expectError(await get(bad), 400, 'CEP inválido');
  });

  it('answers 503 when the postal service fails', async () => {
    const body = expectError(await get(CEP_PROVIDER_DOWN), 503, UNAVAILABLE);
    expect(body.errors[0]!.code).toBe('CEP_INDISPONIVEL');
  });

  it('answers 503 when the postal service cannot be reached', async () => {
    const port = await getFreePort();
    const offline = await buildTestApp({ env: { CEP_PROVIDER_URL: `http://127.0.0.1:${port}/ws/{cep}/json/` } });
    try {
      expectError(await offline.app.inject({ method: 'GET', url: '/api/cep/01310100' }), 503, UNAVAILABLE);
    } finally {
      await offline.close();
    }
  });
});
