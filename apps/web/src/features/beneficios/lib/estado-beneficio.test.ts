import { describe, expect, it } from 'vitest';
import { makeBeneficio } from '../testing/fixtures';
import { botaoDoCard, inicioFuturo, podeAbrir, primeiroDiaDisponivel, progresso } from './estado-beneficio';

describe('botaoDoCard', () => {
  it('maps the five states to their buttons', () => {
    expect(botaoDoCard(makeBeneficio({ estado: 'esgotado', esgotado: true, podeResgatar: false }), true)).toEqual({ rotulo: 'Esgotado', acao: 'nenhuma', desabilitado: true });
    expect(botaoDoCard(makeBeneficio({ estado: 'bloqueado', codigoBloqueio: 'SALDO_INSUFICIENTE' }), true)).toEqual({ rotulo: 'Bloqueado', acao: 'nenhuma', desabilitado: true });
    expect(botaoDoCard(makeBeneficio({ estado: 'bloqueado', codigoBloqueio: 'EM_BREVE' }), true).rotulo).toBe('Em breve');
    expect(botaoDoCard(makeBeneficio({ estado: 'resgatavel' }), true)).toEqual({ rotulo: 'Resgatar!', acao: 'resgatar', desabilitado: false });
    expect(botaoDoCard(makeBeneficio({ estado: 'resgatado', jaResgatado: true }), true)).toEqual({ rotulo: 'Ver cupom!', acao: 'ver-cupom', desabilitado: false });
    expect(botaoDoCard(makeBeneficio({ estado: 'resgatado', jaResgatado: true, evento: true }), true).rotulo).toBe('Ver detalhes!');
    expect(botaoDoCard(makeBeneficio({ estado: 'utilizado', jaResgatado: true }), true)).toEqual({ rotulo: 'Utilizado!', acao: 'nenhuma', desabilitado: true });
  });

  it('shows the coupon of a multiple-redemption benefit already redeemed (redeeming again is in the modal)', () => {
    const b = makeBeneficio({ estado: 'resgatavel', jaResgatado: true, multiploResgate: true });
    expect(botaoDoCard(b, true)).toEqual({ rotulo: 'Ver cupom!', acao: 'ver-cupom', desabilitado: false });
  });

  it('disables every button while the profile is incomplete or undefined', () => {
    expect(botaoDoCard(makeBeneficio({ estado: 'resgatavel' }), false)).toEqual({ rotulo: 'Resgatar!', acao: 'resgatar', desabilitado: true });
    expect(botaoDoCard(makeBeneficio({ estado: 'resgatado', jaResgatado: true }), false).desabilitado).toBe(true);
  });
});

describe('podeAbrir', () => {
  it('opens when not sold out and redeemable, or already redeemed', () => {
    expect(podeAbrir({ esgotado: false, podeResgatar: true, jaResgatado: false })).toBe(true);
    expect(podeAbrir({ esgotado: true, podeResgatar: true, jaResgatado: false })).toBe(false);
    expect(podeAbrir({ esgotado: false, podeResgatar: false, jaResgatado: false })).toBe(false);
    expect(podeAbrir({ esgotado: true, podeResgatar: false, jaResgatado: true })).toBe(true);
  });
});

describe('progresso', () => {
  it('is saldo / valor × 100, whole, capped at 100', () => {
    expect(progresso(1, 3)).toBe(33);
    expect(progresso(2, 8)).toBe(25);
    expect(progresso(3, 3)).toBe(100);
    expect(progresso(12, 3)).toBe(100);
    expect(progresso(0, 5)).toBe(0);
  });

  it('never goes below 0 and treats free benefits as reached', () => {
    expect(progresso(-2, 5)).toBe(0);
    expect(progresso(0, 0)).toBe(100);
  });
});

describe('primeiroDiaDisponivel', () => {
  const dia = (id: number, esgotado: boolean) => ({ id, nome: `Dia ${id}`, data: '2027-01-17', esgotado });

  it('preselects the first day that is not sold out', () => {
    expect(primeiroDiaDisponivel([dia(1, true), dia(2, false), dia(3, false)])).toBe(2);
    expect(primeiroDiaDisponivel([dia(1, false), dia(2, true)])).toBe(1);
  });

  it('has nothing to preselect when every day is sold out or there are no days', () => {
    expect(primeiroDiaDisponivel([dia(1, true), dia(2, true)])).toBeUndefined();
    expect(primeiroDiaDisponivel([])).toBeUndefined();
  });
});

describe('inicioFuturo', () => {
  it('gives the start only while it is ahead', () => {
    const agora = Date.parse('2026-11-22T12:00:00Z');
    expect(inicioFuturo({ inicio: '2026-11-23T12:00:00Z' }, agora)?.toISOString()).toBe('2026-11-23T12:00:00.000Z');
    expect(inicioFuturo({ inicio: '2026-11-21T12:00:00Z' }, agora)).toBeNull();
    expect(inicioFuturo({ inicio: null }, agora)).toBeNull();
  });
});
