import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findForbiddenCharacter, INT4_MAX, int4Id, rejectingControlCharacters } from './input-guard.js';
import { REQUEST_MSG } from './messages.js';

describe('findForbiddenCharacter', () => {
  it('finds NUL, other C0 controls, DEL and lone surrogates anywhere, and names the path', () => {
    expect(findForbiddenCharacter('a\u0000b')).toEqual([]);
    expect(findForbiddenCharacter({ nome: 'ok', endereco: { rua: 'x\u001b' } })).toEqual(['endereco', 'rua']);
    expect(findForbiddenCharacter({ lista: ['ok', 'a\u007f'] })).toEqual(['lista', 1]);
    expect(findForbiddenCharacter({ t: 'a\ud800' })).toEqual(['t']);
    expect(findForbiddenCharacter({ 'k\u0000': 1 })).toEqual(['k\u0000']);
  });

  it('lets through tabs, line breaks, accents and emoji (a pair of surrogates)', () => {
    expect(findForbiddenCharacter({ texto: 'Olá,\tLegião!\r\nAté 😀', n: 1, b: true, z: null })).toBeNull();
  });
});

describe('rejectingControlCharacters', () => {
  it('answers the Portuguese message before the schema runs, and the schema otherwise', () => {
    const schema = rejectingControlCharacters(z.object({ nome: z.string().trim() }));
    const bad = schema.safeParse({ nome: 'Maria\u0000' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues).toEqual([expect.objectContaining({ path: ['nome'], message: REQUEST_MSG.caractereInvalido })]);
    expect(schema.parse({ nome: ' Maria ' })).toEqual({ nome: 'Maria' });
  });
});

describe('int4Id', () => {
  it('keeps ids inside a PostgreSQL integer column', () => {
    expect(int4Id('x').parse(INT4_MAX)).toBe(INT4_MAX);
    expect(int4Id('x').safeParse(INT4_MAX + 1).error!.issues[0]!.message).toBe('x');
    expect(int4Id('x').safeParse(0).success).toBe(false);
  });
});
