import { describe, expect, it } from 'vitest';
import { originText } from './member-products';

describe('where a purchase came from (ADR 0041)', () => {
  it('names the import, the store integration with its client and order, staff, and the member own entries', () => {
    expect(originText({ origem: 'importacao', integracao: null, codigoPedido: '10452' })).toBe('Importação · pedido 10452');
    expect(originText({ origem: 'integracao', integracao: 'Site oficial (Shopify)', codigoPedido: 'SITE-1' })).toBe('Integração da loja (Site oficial (Shopify), pedido SITE-1)');
    expect(originText({ origem: 'integracao', integracao: null, codigoPedido: 'SITE-2' })).toBe('Integração da loja (integração removida, pedido SITE-2)');
    expect(originText({ origem: 'equipe', integracao: null, codigoPedido: 'TEL-9' })).toBe('Equipe · pedido TEL-9');
    expect(originText({ origem: null, integracao: null, codigoPedido: null })).toBe('Cadastrado pelo membro');
  });
});
