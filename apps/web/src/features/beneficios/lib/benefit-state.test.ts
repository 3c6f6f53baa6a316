import { describe, expect, it } from 'vitest';
import { makeBenefit } from '../testing/fixtures';
import { cardButton, futureStart, canOpen, firstAvailableDay, progress } from './benefit-state';

describe('botaoDoCard', () => {
  it('maps the five states to their buttons', () => {
    expect(cardButton(makeBenefit({ estado: 'esgotado', esgotado: true, podeResgatar: false }), true)).toEqual({ rotulo: 'Esgotado', acao: 'nenhuma', disabled: true });
    expect(cardButton(makeBenefit({ estado: 'bloqueado', codigoBloqueio: 'SALDO_INSUFICIENTE' }), true)).toEqual({ rotulo: 'Bloqueado', acao: 'nenhuma', disabled: true });
    expect(cardButton(makeBenefit({ estado: 'bloqueado', codigoBloqueio: 'EM_BREVE' }), true).rotulo).toBe('Em breve');
    expect(cardButton(makeBenefit({ estado: 'resgatavel' }), true)).toEqual({ rotulo: 'Resgatar!', acao: 'resgatar', disabled: false });
    expect(cardButton(makeBenefit({ estado: 'resgatado', jaResgatado: true }), true)).toEqual({ rotulo: 'Ver cupom!', acao: 'ver-cupom', disabled: false });
    expect(cardButton(makeBenefit({ estado: 'resgatado', jaResgatado: true, evento: true }), true).rotulo).toBe('Ver detalhes!');
    expect(cardButton(makeBenefit({ estado: 'utilizado', jaResgatado: true }), true)).toEqual({ rotulo: 'Utilizado!', acao: 'nenhuma', disabled: true });
  });

  it('shows the coupon of a multiple-redemption benefit already redeemed (redeeming again is in the modal)', () => {
    const b = makeBenefit({ estado: 'resgatavel', jaResgatado: true, multiploResgate: true });
    expect(cardButton(b, true)).toEqual({ rotulo: 'Ver cupom!', acao: 'ver-cupom', disabled: false });
  });

  it('disables every button while the profile is incomplete or undefined', () => {
    expect(cardButton(makeBenefit({ estado: 'resgatavel' }), false)).toEqual({ rotulo: 'Resgatar!', acao: 'resgatar', disabled: true });
    expect(cardButton(makeBenefit({ estado: 'resgatado', jaResgatado: true }), false).disabled).toBe(true);
  });
});

describe('podeAbrir', () => {
  it('opens when not sold out and redeemable, or already redeemed', () => {
    expect(canOpen({ esgotado: false, podeResgatar: true, jaResgatado: false })).toBe(true);
    expect(canOpen({ esgotado: true, podeResgatar: true, jaResgatado: false })).toBe(false);
    expect(canOpen({ esgotado: false, podeResgatar: false, jaResgatado: false })).toBe(false);
    expect(canOpen({ esgotado: true, podeResgatar: false, jaResgatado: true })).toBe(true);
  });
});

describe('progresso', () => {
  it('is saldo / valor × 100, whole, capped at 100', () => {
    expect(progress(1, 3)).toBe(33);
    expect(progress(2, 8)).toBe(25);
    expect(progress(3, 3)).toBe(100);
    expect(progress(12, 3)).toBe(100);
    expect(progress(0, 5)).toBe(0);
  });

  it('never goes below 0 and treats free benefits as reached', () => {
    expect(progress(-2, 5)).toBe(0);
    expect(progress(0, 0)).toBe(100);
  });
});

describe('primeiroDiaDisponivel', () => {
  const day = (id: number, soldOut: boolean) => ({ id, nome: `Dia ${id}`, data: '2027-01-17', esgotado: soldOut });

  it('preselects the first day that is not sold out', () => {
    expect(firstAvailableDay([day(1, true), day(2, false), day(3, false)])).toBe(2);
    expect(firstAvailableDay([day(1, false), day(2, true)])).toBe(1);
  });

  it('has nothing to preselect when every day is sold out or there are no days', () => {
    expect(firstAvailableDay([day(1, true), day(2, true)])).toBeUndefined();
    expect(firstAvailableDay([])).toBeUndefined();
  });
});

describe('inicioFuturo', () => {
  it('gives the start only while it is ahead', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(futureStart({ inicio: '2026-11-23T12:00:00Z' }, now)?.toISOString()).toBe('2026-11-23T12:00:00.000Z');
    expect(futureStart({ inicio: '2026-11-21T12:00:00Z' }, now)).toBeNull();
    expect(futureStart({ inicio: null }, now)).toBeNull();
  });
});
