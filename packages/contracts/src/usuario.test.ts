import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import { signupSchema, GENDERS, SIGNUP_GENDERS, PROFILE_GENDERS, genderSchema, type SignupInput } from './usuario.js';

describe('generoSchema', () => {
  it('maps the sign-up labels and the profile values to the canonical values', () => {
    expect(genderSchema.parse('homem')).toBe('homem');
    expect(genderSchema.parse('mulher')).toBe('mulher');
    expect(genderSchema.parse('nao binario')).toBe('naobinario');
    expect(genderSchema.parse('naobinario')).toBe('naobinario');
    expect(genderSchema.parse('outro')).toBe('outro');
    expect(genderSchema.parse('Prefiro nao dizer')).toBe('naodizer');
    expect(genderSchema.parse('naodizer')).toBe('naodizer');
  });

  it('ignores case and surrounding spaces', () => {
    expect(genderSchema.parse('  MULHER ')).toBe('mulher');
    expect(genderSchema.parse('PREFIRO NAO DIZER')).toBe('naodizer');
  });

  it('accepts every option both forms offer, and nothing else', () => {
    for (const { value } of [...SIGNUP_GENDERS, ...PROFILE_GENDERS]) expect(GENDERS).toContain(genderSchema.parse(value));
    for (const bad of ['', 'robo', 'não binário', 'masculino']) {
      const r = genderSchema.safeParse(bad);
      expect(r.success, bad).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(MSG.generoInvalido);
    }
  });
});

describe('cadastroSchema', () => {
  const valid: SignupInput = {
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
    expect(signupSchema.parse(valid)).toMatchObject({ email: 'maria@exemplo.com', cpf: '52998224725', celular: '11987654321', cep: '01310100', genero: 'naodizer', optin: false, optinSms: false });
  });

  it("answers 'Preencha todos os campos obrigatórios.' for any missing, empty or null required field", () => {
    for (const field of ['email', 'senha', 'cpf', 'nome', 'celular', 'cep', 'dataNascimento', 'genero'] as const) {
      for (const value of [undefined, '', null]) {
        const r = signupSchema.safeParse({ ...valid, [field]: value });
        expect(r.success, `${field}=${String(value)}`).toBe(false);
        expect(r.error?.issues[0]?.message, `${field}=${String(value)}`).toBe(MSG.camposObrigatorios);
      }
    }
  });
});
