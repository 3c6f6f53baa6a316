import { describe, expect, it } from 'vitest';
import { LAUNCH_MSG } from '@legiao/contracts/lancamentos';
import { ApiError } from '../../../../shared/api/api-error';
import { fieldOfServerError, toInput, valuesOf } from './form-values';
import { checkedRule, draftOf, emptyDraft } from './rule-drafts';

describe('the rule composer drafts', () => {
  it('make the contract rule when every draft is a condition', () => {
    const drafts = [emptyDraft('legionarioAtivo'), { ...emptyDraft('comprasVerificadas'), minimo: '2' }, { ...emptyDraft('possuiProduto'), produtoId: '7', productName: 'Garrafa' }];
    expect(checkedRule(drafts)).toEqual({
      rule: { condicoes: [{ tipo: 'legionarioAtivo' }, { tipo: 'comprasVerificadas', minimo: 2 }, { tipo: 'possuiProduto', produtoId: 7 }] },
      problem: null,
      index: null,
    });
  });

  it('make no rule while a draft is half typed, naming the condition (the count waits)', () => {
    const r = checkedRule([emptyDraft('legionarioAtivo'), { ...emptyDraft('saldoMinimo'), minimo: '' }]);
    expect(r.rule).toBeNull();
    expect(r.index).toBe(1);
    expect(r.problem).toBe('Saldo mínimo: de 1 a 1.000.000 pontos.');
    expect(checkedRule([emptyDraft('possuiProduto')]).rule).toBeNull();
    expect(checkedRule([{ ...emptyDraft('comprasVerificadas'), minimo: '1,5' }]).rule).toBeNull();
  });

  it('refuse a kind that may appear once, twice', () => {
    const r = checkedRule([emptyDraft('incluirLeads'), emptyDraft('incluirLeads')]);
    expect(r).toMatchObject({ rule: null, index: 1, problem: LAUNCH_MSG.condicaoRepetida });
  });

  it('read a stored condition back', () => {
    expect(draftOf({ tipo: 'conquista', chave: 'veterano' }).chave).toBe('veterano');
    expect(draftOf({ tipo: 'possuiProduto', produtoId: 3 }, new Map([[3, 'Copo']]))).toMatchObject({ produtoId: '3', productName: 'Copo' });
  });
});

describe('the launch form', () => {
  it('sends the dates typed in São Paulo time with their offset, the SKUs and tabs by line', () => {
    const v = { ...valuesOf(undefined), nome: 'Aurora', slug: ' aurora ', skus: 'A-1\nB-2, C-3', cores: 'Aurora #f2a900', produtos: 'Copo | /p.svg', acessoInicio: '2026-12-01T00:00', acessoFim: '2026-12-02T00:00', dataPublica: '2026-12-05T10:00', cotaPorMembro: '2' };
    const body = toInput(v);
    expect(body).toMatchObject({
      slug: 'aurora',
      skus: ['A-1', 'B-2', 'C-3'],
      acessoInicio: '2026-12-01T00:00:00-03:00',
      dataPublica: '2026-12-05T10:00:00-03:00',
      cotaPorMembro: 2,
      avisoPrazoMin: 30,
      abas: { cores: [{ nome: 'Aurora', hex: '#f2a900' }], produtos: [{ nome: 'Copo', urlImagem: '/p.svg' }] },
      regra: { condicoes: [] },
    });
    expect(Number.isNaN(toInput({ ...v, cotaPorMembro: 'dois' }).cotaPorMembro)).toBe(true);
  });

  it('puts the server refusals on their field', () => {
    const err = (message: string, code?: string) => new ApiError(400, message, { errors: [{ message, code }] });
    expect(fieldOfServerError(err(LAUNCH_MSG.slugEmUso, 'SLUG_EM_USO'))).toBe('slug');
    expect(fieldOfServerError(err(`${LAUNCH_MSG.skuDesconhecido} X.`))).toBe('skus');
    expect(fieldOfServerError(err(`${LAUNCH_MSG.produtoDesconhecido} 9.`))).toBe('regra');
    expect(fieldOfServerError(err('Outra coisa.'))).toBe('root');
    expect(fieldOfServerError(new Error('rede'))).toBe('root');
  });
});
