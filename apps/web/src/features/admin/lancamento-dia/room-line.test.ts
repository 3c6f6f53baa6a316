import { describe, expect, it } from 'vitest';
import type { LaunchDayPanel } from '@legiao/contracts/admin/lancamentos-painel';
import { roomLine } from './room-line';

// 2026-12-01 00:00 in São Paulo is 03:00 UTC; the room's schedule 5 minutes before to 15 after.
const panel = (over: { registros?: LaunchDayPanel['fila']['registros']; ativa?: boolean; status?: LaunchDayPanel['lancamento']['status'] } = {}) =>
  ({
    lancamento: { id: 'x', slug: 'aurora', nome: 'Garrafa Aurora', status: over.status ?? 'publicado', acessoInicio: '2026-12-01T00:00:00.000-03:00', acessoFim: '2026-12-03T00:00:00.000-03:00', dataPublica: '2026-12-05T00:00:00.000-03:00', cotaPorMembro: 2, emJanela: false },
    em: '2026-11-30T23:00:00.000-03:00',
    totais: { elegiveis: 0, elegiveisEm: '', vistos: 0, vistosElegiveis: 0, acessaram: 0, pediram: 0, unidadesUsadas: 0, unidadesRestantes: 0 },
    serie: { de: '', ate: '', minutos: [] },
    avisos: { pedidos: 0, cancelados: 0, aguardandoOnda: 0, emEnvio: 0, enviados: 0, ignorados: 0, falharam: 0, incertos: 0, devolvidos: 0, chegaram: 0, prazoMin: 30, prazoAte: '', ondas: [], problemas: [] },
    fila: { estado: null, agenda: { ativa: over.ativa ?? true, antesMin: 5, depoisMin: 15, ligaEm: '2026-11-30T23:55:00.000-03:00', desligaEm: '2026-12-01T00:15:00.000-03:00' }, registros: over.registros ?? [] },
  }) satisfies LaunchDayPanel;
const at = (iso: string) => Date.parse(iso);

describe('roomLine', () => {
  it('before the opening says when it will switch on and off', () => {
    expect(roomLine(panel(), at('2026-11-30T23:00:00-03:00'))).toBe('Sala de espera: vai ligar sozinha às 23:55 (5 min antes da abertura) e desligar às 00:15.');
  });
  it('while on and after, says when the launch switched it on and off, and why', () => {
    const on = { abertura: '2026-12-01T00:00:00.000-03:00', ligadaEm: '2026-11-30T23:55:02.000-03:00', ate: '2026-12-01T00:15:00.000-03:00', desligadaEm: null, motivo: null };
    expect(roomLine(panel({ registros: [on] }))).toBe('Sala de espera: ligada às 23:55 pelo lançamento Garrafa Aurora, até 00:15.');
    expect(roomLine(panel({ registros: [{ ...on, desligadaEm: '2026-12-01T00:15:00.000-03:00', motivo: 'horario' }] }))).toBe(
      'Sala de espera: ligada às 23:55 pelo lançamento Garrafa Aurora; desligada às 00:15 (no horário previsto).',
    );
    expect(roomLine(panel({ registros: [{ ...on, desligadaEm: '2026-11-30T23:58:00.000-03:00', motivo: 'arquivado' }] }))).toContain('desligada às 23:58 (o lançamento foi arquivado)');
    // The opening moved after it switched on: the line speaks of the new opening's schedule.
    expect(roomLine(panel({ registros: [{ ...on, desligadaEm: '2026-11-30T23:58:00.000-03:00', motivo: 'alterado' }] }), at('2026-11-30T23:00:00-03:00'))).toMatch(/^Sala de espera: vai ligar sozinha às 23:55/);
  });
  it('says when it did not switch on, or will not', () => {
    expect(roomLine(panel(), at('2026-11-30T23:56:00-03:00'))).toBe('Sala de espera: prevista para ligar às 23:55; ainda não ligou.');
    expect(roomLine(panel(), at('2026-12-01T01:00:00-03:00'))).toBe('Sala de espera: não ligou por este lançamento.');
    expect(roomLine(panel({ ativa: false }))).toContain('FILA_LANCAMENTO desligado');
    expect(roomLine(panel({ status: 'arquivado' }))).toBe('Sala de espera: este lançamento não está publicado, então não a liga.');
  });
});
