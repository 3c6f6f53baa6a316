import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { benefitsResponseSchema, signedInUserSchema } from '@legiao/contracts';
import { compileSerializer, serializerSchema } from '../src/lib/compiled-serializer.js';
import { buildTestApp } from './support/app.js';
import { bearer, createUser, login } from './support/factories.js';

// The compiled serializers (docs/decisions/0017-api-speed.md): fields a contract doesn't list never
// leave the server, nullable fields keep their nulls, and the checking mode used by the tests
// catches an answer that breaks its contract.

const signedIn = {
  id: '6f1c2a43-5c1e-4a55-9d77-6b1b6a3f0e11',
  hash: '0a8f4a34-1a8b-4a8e-9a43-38c7fd2f11a2',
  hashUsuario: '0a8f4a34-1a8b-4a8e-9a43-38c7fd2f11a2',
  nome: 'Marina',
  email: 'marina@legiao.dev',
  cpf: null,
  celular: null,
  cep: null,
  endereco: null,
  numero: null,
  complemento: null,
  cidade: null,
  uf: null,
  dataNascimento: null,
  genero: null,
  optIn: true,
  optInEmail: true,
  optInSms: false,
  optInWhatsapp: false,
  social: false,
  ativo: true,
  lead: false,
  colaborador: false,
  admin: false,
  perfil: 'geral',
  perfilCompleto: false,
  perfilDefinido: false,
  saldo: 3,
  hashPesquisaSatisfacao: null,
  dataCadastro: '2026-11-01T12:00:00.000Z',
  dataAtualizacao: '2026-11-01T12:00:00.000Z',
  emailDevolvidoEm: null,
};

describe('compiled serializer', () => {
  it('never writes a field the contract does not list (a password hash, an internal flag)', () => {
    for (const check of [false, true]) {
      const write = compileSerializer(signedInUserSchema, { check });
      const out = JSON.parse(write({ ...signedIn, senhaHash: '$2b$10$segredo', excluidoEm: null }));
      expect(out).not.toHaveProperty('senhaHash');
      expect(out).not.toHaveProperty('excluidoEm');
      expect(out).toEqual(signedInUserSchema.parse(signedIn));
    }
  });

  it('writes nulls and nested nullable objects as the contract says', () => {
    const schema = z.object({ a: z.string().nullable(), b: z.object({ n: z.number() }).nullable(), c: z.array(z.object({ d: z.enum(['x', 'y']).nullable() })) });
    const write = compileSerializer(schema, { check: true });
    expect(JSON.parse(write({ a: null, b: null, c: [{ d: null }, { d: 'x' }] }))).toEqual({ a: null, b: null, c: [{ d: null }, { d: 'x' }] });
    expect(JSON.parse(write({ a: 'ok', b: { n: 2, extra: 1 }, c: [] }))).toEqual({ a: 'ok', b: { n: 2 }, c: [] });
    // X | null becomes a type list: no validator runs per answer to pick the branch.
    expect((serializerSchema(schema).properties as Record<string, { type: unknown }>).a?.type).toEqual(['string', 'null']);
  });

  it('in checking mode refuses an answer that breaks its contract', () => {
    const write = compileSerializer(benefitsResponseSchema, { check: true, method: 'GET', url: '/beneficio' });
    expect(() => write([{ id: 'not a number' }])).toThrow();
  });

  it('an endpoint answers exactly its contract, nothing of the database row', async () => {
    const t = await buildTestApp();
    try {
      const u = await createUser(t.prisma);
      const token = await login(t.app, u.email);
      const res = await t.app.inject({ method: 'GET', url: '/api/usuario/logged', headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(Object.keys(signedInUserSchema.shape).sort());
      expect(JSON.stringify(body)).not.toContain('$2');
    } finally {
      await t.close();
    }
  });
});
