import { describe, expect, it } from 'vitest';
import { formatDateTime, keyStateText, lastUseText, sortedScopes } from './format';

describe('Integrações: how dates, keys and scopes read', () => {
  it('writes dates in pt-BR, in São Paulo time, and a dash for none', () => {
    expect(formatDateTime('2026-11-27T17:05:00.000Z')).toBe('27/11/2026, 14:05');
    expect(formatDateTime(null)).toBe('—');
  });

  it('says when and from where a client was last used, or that it never was', () => {
    expect(lastUseText(null, null)).toBe('Nunca usada');
    expect(lastUseText('2026-11-27T17:05:00.000Z', '203.0.113.9')).toBe('27/11/2026, 14:05 · de 203.0.113.9');
    expect(lastUseText('2026-11-27T17:05:00.000Z')).toBe('27/11/2026, 14:05');
  });

  it('says until when a key in rotation works, and when one stopped', () => {
    expect(keyStateText({ estado: 'ativa', expiraEm: null, revogadaEm: null })).toBe('Ativa');
    expect(keyStateText({ estado: 'em-rotacao', expiraEm: '2026-11-28T17:05:00.000Z', revogadaEm: null })).toBe('Em rotação: vale até 28/11/2026, 14:05');
    expect(keyStateText({ estado: 'expirada', expiraEm: '2026-11-28T17:05:00.000Z', revogadaEm: null })).toBe('Expirada em 28/11/2026, 14:05');
    expect(keyStateText({ estado: 'revogada', expiraEm: null, revogadaEm: '2026-11-29T03:00:00.000Z' })).toBe('Revogada em 29/11/2026, 00:00');
  });

  it('lists scopes in their fixed order, leaving out unknown ones', () => {
    expect(sortedScopes(['membros:ler', 'x', 'pedidos:enviar'])).toEqual(['pedidos:enviar', 'membros:ler']);
  });
});
