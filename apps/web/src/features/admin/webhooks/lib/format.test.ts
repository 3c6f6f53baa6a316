import { describe, expect, it } from 'vitest';
import { canRetry, endpointState, exampleEnvelope, hasPending, previousSecretText, prettyJson, replayText, responsePreview, todaySp, typesText } from './format';

describe('Webhooks: how endpoints and deliveries read', () => {
  it('says "Todos os eventos" for an endpoint without types, else lists them', () => {
    expect(typesText([])).toBe('Todos os eventos');
    expect(typesText(['compra.verificada', 'conta.excluida'])).toBe('compra.verificada, conta.excluida');
  });

  it('says whether an endpoint is active, or paused since when and why', () => {
    expect(endpointState({ pausadoEm: null, motivoPausa: null })).toEqual({ label: 'Ativo', tone: 'admin-selo--verde', detail: null });
    expect(endpointState({ pausadoEm: '2026-11-27T17:05:00.000Z', motivoPausa: null })).toEqual({ label: 'Pausado', tone: 'admin-selo--ambar', detail: 'Desde 27/11/2026, 14:05.' });
    expect(endpointState({ pausadoEm: '2026-11-27T17:05:00.000Z', motivoPausa: 'Pausado por alguém da equipe.' }).detail).toBe('Pausado por alguém da equipe. Desde 27/11/2026, 14:05.');
  });

  it('tells until when the previous secret still signs, and nothing once that passed', () => {
    const now = Date.parse('2026-11-27T17:05:00.000Z');
    expect(previousSecretText('2026-11-28T17:05:00.000Z', now)).toBe('O segredo anterior continua assinando junto com o novo até 28/11/2026, 14:05.');
    expect(previousSecretText('2026-11-27T17:00:00.000Z', now)).toBeNull();
    expect(previousSecretText(null, now)).toBeNull();
  });

  it('offers "Reenviar" for a failed or delivered delivery, never for one still on its way (the API answers 409)', () => {
    expect(canRetry({ status: 'falhou' })).toBe(true);
    expect(canRetry({ status: 'entregue' })).toBe(true);
    expect(canRetry({ status: 'pendente' })).toBe(false);
  });

  it('keeps asking for the log only while a delivery is pendente', () => {
    expect(hasPending(undefined)).toBe(false);
    expect(hasPending([{ status: 'entregue' }, { status: 'falhou' }])).toBe(false);
    expect(hasPending([{ status: 'entregue' }, { status: 'pendente' }])).toBe(true);
  });

  it("shows the start of an answer's body on one line", () => {
    expect(responsePreview(null)).toBe('—');
    expect(responsePreview('  \n ')).toBe('(corpo vazio)');
    expect(responsePreview('{"ok":\n  true}')).toBe('{"ok": true}');
    const long = 'x'.repeat(100);
    expect(responsePreview(long, 10)).toBe('xxxxxxxxx…');
    expect(responsePreview(long, 10)).toHaveLength(10);
  });

  it('says how many deliveries a replay queued', () => {
    expect(replayText(0)).toBe('Nenhuma entrega para reenviar: nenhuma falhou desde essa data.');
    expect(replayText(1)).toBe('1 entrega reenviada');
    expect(replayText(1234)).toBe('1.234 entregas reenviadas');
  });

  it('writes an example delivery body as the receiver gets it, indented', () => {
    const body = exampleEnvelope('conta.excluida', 1, { membroId: 'm1' });
    expect(body).toEqual({ type: 'conta.excluida', version: 1, timestamp: '2026-11-28T12:00:00.000Z', data: { membroId: 'm1' } });
    expect(prettyJson({ a: 1 })).toBe('{\n  "a": 1\n}');
  });

  it("gives today's date in São Paulo (a date input's value)", () => {
    // 01:30 UTC is still the day before in São Paulo (UTC-3).
    expect(todaySp(new Date('2026-11-28T01:30:00.000Z'))).toBe('2026-11-27');
    expect(todaySp(new Date('2026-11-28T03:30:00.000Z'))).toBe('2026-11-28');
  });
});
