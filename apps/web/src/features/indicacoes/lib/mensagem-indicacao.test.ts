import { LINHA_FORA_DOS_CUPONS } from '@legiao/contracts/friends-family';
import { describe, expect, it } from 'vitest';
import { mailtoUrl, whatsappUrl } from '../../../shared/lib/clipboard';
import { ASSUNTO_INDICACAO, mensagemIndicacao } from './mensagem-indicacao';

const URL_INDICACAO = 'https://legiao.exemplo.com/?r=abc-123';

describe('mensagemIndicacao', () => {
  const texto = mensagemIndicacao(URL_INDICACAO);

  it('mentions the 20% coupon valid until the end of the month', () => {
    expect(texto).toContain('cupom de 20% OFF válido até o fim do mês');
  });

  it('excludes the largest cup line and mentions up to 30% off', () => {
    expect(texto).toContain(`Não válido para a linha ${LINHA_FORA_DOS_CUPONS}.`);
    expect(texto).toContain('até 30% off');
  });

  it('ends with the member link', () => {
    expect(texto.trim().endsWith(URL_INDICACAO)).toBe(true);
  });
});

describe('share links', () => {
  it('encodes subject and body in the mailto link', () => {
    const url = mailtoUrl(ASSUNTO_INDICACAO, mensagemIndicacao(URL_INDICACAO));
    expect(url.startsWith('mailto:?subject=')).toBe(true);
    const params = new URLSearchParams(url.slice('mailto:?'.length));
    expect(params.get('subject')).toBe(ASSUNTO_INDICACAO);
    expect(params.get('body')).toBe(mensagemIndicacao(URL_INDICACAO));
  });

  it('builds the wa.me link with the whole text', () => {
    const url = new URL(whatsappUrl(mensagemIndicacao(URL_INDICACAO)));
    expect(url.origin + url.pathname).toBe('https://wa.me/');
    expect(url.searchParams.get('text')).toBe(mensagemIndicacao(URL_INDICACAO));
  });
});
