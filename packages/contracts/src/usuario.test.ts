import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import { cadastroSchema, GENEROS, GENEROS_CADASTRO, GENEROS_PERFIL, generoSchema, type CadastroInput } from './usuario.js';

describe('generoSchema', () => {
  it('maps the sign-up labels and the profile values to the canonical values', () => {
    expect(generoSchema.parse('homem')).toBe('homem');
    expect(generoSchema.parse('mulher')).toBe('mulher');
    expect(generoSchema.parse('nao binario')).toBe('naobinario');
    expect(generoSchema.parse('naobinario')).toBe('naobinario');
    expect(generoSchema.parse('outro')).toBe('outro');
    expect(generoSchema.parse('Prefiro nao dizer')).toBe('naodizer');
    expect(generoSchema.parse('naodizer')).toBe('naodizer');
  });

  it('ignores case and surrounding spaces', () => {
    expect(generoSchema.parse('  MULHER ')).toBe('mulher');
    expect(generoSchema.parse('PREFIRO NAO DIZER')).toBe('naodizer');
  });

  it('accepts every option both forms offer, and nothing else', () => {
    for (const { value } of [...GENEROS_CADASTRO, ...GENEROS_PERFIL]) expect(GENEROS).toContain(generoSchema.parse(value));
    for (const bad of ['', 'robo', 'não binário', 'masculino']) {
      const r = generoSchema.safeParse(bad);
      expect(r.success, bad).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(MSG.generoInvalido);
    }
  });
});

describe('cadastroSchema', () => {
  const valid: CadastroInput = {
    email: 'Maria@Exemplo.com',
    senha: 'Senha@123',
    cpf: '529.982.247-25',
    nome: 'Maria',
    celular: '(11) 98765-4321',
    cep: '01310-100',
    dataNascimento: '1990-05-17',
    genero: 'Prefiro nao dizer',
  };

  it('normalises a valid sign-up', () => {
    expect(cadastroSchema.parse(valid)).toMatchObject({ email: 'maria@exemplo.com', cpf: '52998224725', celular: '11987654321', cep: '01310100', genero: 'naodizer', optin: false, optinSms: false });
  });

  it("answers 'Preencha todos os campos obrigatórios.' for any missing, empty or null required field", () => {
    for (const field of ['email', 'senha', 'cpf', 'nome', 'celular', 'cep', 'dataNascimento', 'genero'] as const) {
      for (const value of [undefined, '', null]) {
        const r = cadastroSchema.safeParse({ ...valid, [field]: value });
        expect(r.success, `${field}=${String(value)}`).toBe(false);
        expect(r.error?.issues[0]?.message, `${field}=${String(value)}`).toBe(MSG.camposObrigatorios);
      }
    }
  });
});
