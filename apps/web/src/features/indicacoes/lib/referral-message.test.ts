import { COUPONS_OUTSIDE_LINE } from '@legiao/contracts/friends-family';
import { describe, expect, it } from 'vitest';
import { mailtoUrl, whatsappUrl } from '../../../shared/lib/clipboard';
import { REFERRAL_SUBJECT, referralMessage } from './referral-message';

const REFERRAL_URL = 'https://legiao.exemplo.com/?r=abc-123';

describe('mensagemIndicacao', () => {
  const text = referralMessage(REFERRAL_URL);

  it('mentions the 20% coupon valid until the end of the month', () => {
    expect(text).toContain('cupom de 20% OFF válido até o fim do mês');
  });

  it('excludes the largest cup line and mentions up to 30% off', () => {
    expect(text).toContain(`Não válido para a linha ${COUPONS_OUTSIDE_LINE}.`);
    expect(text).toContain('até 30% off');
  });

  it('ends with the member link', () => {
    expect(text.trim().endsWith(REFERRAL_URL)).toBe(true);
  });
});

describe('share links', () => {
  it('encodes subject and body in the mailto link', () => {
    const url = mailtoUrl(REFERRAL_SUBJECT, referralMessage(REFERRAL_URL));
    expect(url.startsWith('mailto:?subject=')).toBe(true);
    const params = new URLSearchParams(url.slice('mailto:?'.length));
    expect(params.get('subject')).toBe(REFERRAL_SUBJECT);
    expect(params.get('body')).toBe(referralMessage(REFERRAL_URL));
  });

  it('builds the wa.me link with the whole text', () => {
    const url = new URL(whatsappUrl(referralMessage(REFERRAL_URL)));
    expect(url.origin + url.pathname).toBe('https://wa.me/');
    expect(url.searchParams.get('text')).toBe(referralMessage(REFERRAL_URL));
  });
});
