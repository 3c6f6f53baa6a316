import type { StatementItem } from '@legiao/contracts/extrato';
import { describe, expect, it } from 'vitest';
import { itemDescription, formatStatementDate, formatPoints, formatValue, negativeBalanceNote, balanceText, valueDirection } from './statement-format';
import { filterYears, filterDescription, activeFilter, paramsFilter, filterParams } from './statement-filters';

const item = (over: Partial<StatementItem>): StatementItem => ({
  id: '1',
  motivo: 'Indicação',
  valor: 1,
  dataTransacao: '2025-03-10T15:00:00.000Z',
  indicado: 'ana@example.com',
  produto: null,
  cupom: null,
  numeroCupom: null,
  usoCupom: null,
  dataUsoCupom: null,
  opcao: null,
  beneficio: null,
  ...over,
});

describe('extrato formatting', () => {
  it('shows credits with a plus sign and keeps the sign of redemptions', () => {
    expect(formatValue(1)).toBe('+1');
    expect(formatValue(12)).toBe('+12');
    expect(formatValue(-2)).toBe('-2');
    expect(formatValue(0)).toBe('0');
    expect(formatPoints(1)).toBe('+1 ponto');
    expect(formatPoints(-2)).toBe('-2 pontos');
    expect(formatPoints(0)).toBe('0 pontos');
  });

  it('formats dates as dd/MM/yyyy in São Paulo time', () => {
    expect(formatStatementDate('2025-03-10T15:00:00.000Z')).toBe('10/03/2025');
    // 01:30 UTC on 1 April is still 31 March in São Paulo (UTC-3).
    expect(formatStatementDate('2025-04-01T01:30:00.000Z')).toBe('31/03/2025');
    expect(formatStatementDate('nada')).toBe('');
  });

  it('describes each reason by its cause', () => {
    expect(itemDescription(item({}))).toBe('ana@example.com');
    expect(itemDescription(item({ motivo: 'Compra', indicado: null, produto: 'Copo 473ml' }))).toBe('Copo 473ml');
    expect(
      itemDescription(
        item({
          motivo: 'Resgate de Benefício',
          valor: -2,
          indicado: null,
          opcao: 'Domingo, 18/01',
          beneficio: { id: 3, nome: 'Ingresso', urlImagem: '/b.svg', evento: true, textoLegal: '' },
        }),
      ),
    ).toBe('Ingresso · Domingo, 18/01');
  });
});

describe('reversals and a negative balance (ADR 0041)', () => {
  it('names what a reversal takes back, with the product or the friend', () => {
    const purchase = item({ motivo: 'Estorno: compra cancelada', valor: -1, indicado: null, produto: 'Garrafa 750ml' });
    expect(itemDescription(purchase)).toBe('Garrafa 750ml · a loja cancelou a compra');
    expect(itemDescription({ ...purchase, produto: null })).toBe('A loja cancelou a compra');
    expect(formatPoints(purchase.valor)).toBe('-1 ponto');
    expect(valueDirection(purchase.valor)).toBe('debito');
    const referral = item({ motivo: 'Estorno: indicação', valor: -1, indicado: 'ana@example.com' });
    expect(itemDescription(referral)).toBe('ana@example.com · a compra que confirmou a indicação foi cancelada');
    expect(itemDescription({ ...referral, indicado: null })).toBe('A compra que confirmou a indicação foi cancelada');
  });

  it('shows a negative balance with its sign and says why, in Portuguese', () => {
    expect(balanceText(-1)).toBe('-1 ponto');
    expect(balanceText(-3)).toBe('-3 pontos');
    expect(negativeBalanceNote(0)).toBeNull();
    expect(negativeBalanceNote(2)).toBeNull();
    expect(negativeBalanceNote(-1)).toContain('Seu saldo está negativo: uma compra foi cancelada pela loja');
    expect(negativeBalanceNote(-1)).toContain('O próximo ponto que você ganhar cobre essa diferença');
    expect(negativeBalanceNote(-3)).toContain('Os próximos 3 pontos que você ganhar cobrem essa diferença');
  });
});

describe('extrato filter', () => {
  it('reads month and year from the URL and ignores invalid values', () => {
    expect(paramsFilter(new URLSearchParams('mes=3&ano=2025'))).toEqual({ mes: 3, ano: 2025 });
    expect(paramsFilter(new URLSearchParams('mes=13&ano=abc'))).toEqual({ mes: undefined, ano: undefined });
    expect(paramsFilter(new URLSearchParams('mes=0&ano=1999'))).toEqual({ mes: undefined, ano: undefined });
    expect(paramsFilter(new URLSearchParams(''))).toEqual({ mes: undefined, ano: undefined });
  });

  it('writes only what is set, so Ver tudo is an empty query', () => {
    expect(filterParams({ mes: 1, ano: 2024 }).toString()).toBe('mes=1&ano=2024');
    expect(filterParams({ ano: 2024 }).toString()).toBe('ano=2024');
    expect(filterParams({}).toString()).toBe('');
    expect(activeFilter({})).toBe(false);
    expect(activeFilter({ mes: 5 })).toBe(true);
  });

  it('offers the years from the current one back to 2024 and names the filter', () => {
    expect(filterYears(new Date('2026-06-01T12:00:00Z'))).toEqual([2026, 2025, 2024]);
    // New Year's Eve 23:00 in São Paulo is already 2027 in UTC: still 2026 there.
    expect(filterYears(new Date('2027-01-01T02:00:00Z'))[0]).toBe(2026);
    expect(filterDescription({ mes: 3, ano: 2025 })).toBe('Março de 2025');
    expect(filterDescription({})).toBe('Todos os lançamentos');
  });
});
