import { BENEFIT_MSG } from '@legiao/contracts/beneficio';
import { MSG } from '@legiao/contracts/messages';
import { STORAGE } from '@legiao/contracts/storage-keys';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { json, makeBenefit, makeRedemption, releasedMember, mockApi, route, type Call } from '../testing/fixtures';

const referral = { confirmados: 3, pendentes: 1, saldo: 5, confirmacoes: [], emailsConfirmados: [], emailsPendentes: [], valorIndicacao: 1 };

function api(opts: { user?: ReturnType<typeof makeUser>; beneficios: unknown[]; cupons?: unknown[] }, ...extra: ((c: Call) => Response | Promise<Response> | undefined)[]) {
  return mockApi(
    ...extra,
    route('GET', '/api/usuario/logged', () => json(opts.user ?? releasedMember())),
    route('GET', '/api/beneficio', () => json(opts.beneficios)),
    route('GET', '/api/beneficio/cupom', () => json(opts.cupons ?? [])),
    route('GET', '/api/indicacao', () => json(referral)),
  );
}

const card = (name: string) => screen.getByRole('article', { name: name });
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path === '/api/beneficio/resgate');

describe('BeneficiosPage', () => {
  beforeEach(() => localStorage.setItem(STORAGE.token, 'tok'));

  it('shows the balance, the five card states and Meus cupons', async () => {
    const used = { dataResgate: '2026-11-01T12:00:00Z', usoCupom: true, dataUsoCupom: '2026-11-05T15:00:00Z', cupom: 'MISSAO-1', numeroCupom: 3, opcao: null };
    api({
      beneficios: [
        makeBenefit({ id: 1, nome: 'Resgatável' }),
        makeBenefit({ id: 2, nome: 'Esgotado', estado: 'esgotado', esgotado: true, podeResgatar: false }),
        makeBenefit({ id: 3, nome: 'Caro', valor: 8, estado: 'bloqueado', podeResgatar: false, codigoBloqueio: 'SALDO_INSUFICIENTE', motivoBloqueio: 'Saldo insuficiente para resgatar este benefício. Faltam 3 pontos.' }),
        makeBenefit({ id: 4, nome: 'Show', evento: true, estado: 'resgatado', jaResgatado: true, podeResgatar: false, resgates: [{ ...used, usoCupom: false, dataUsoCupom: null, cupom: 'QV-1' }] }),
        makeBenefit({ id: 5, nome: 'Missão', valor: 0, estado: 'utilizado', jaResgatado: true, podeResgatar: false, resgates: [used] }),
      ],
      cupons: [{ idBeneficio: 5, nomeBeneficio: 'Missão', evento: false, urlBeneficio: null, opcao: null, dataResgate: used.dataResgate, cupom: 'MISSAO-1', usoCupom: true, dataUsoCupom: used.dataUsoCupom, numeroCupom: 3 }],
    });
    renderApp('/beneficios');

    expect(await screen.findByRole('heading', { level: 1, name: 'Benefícios' })).toBeTruthy();
    expect(await screen.findByText('5 pontos')).toBeTruthy();
    expect(await screen.findByText('3 indicações confirmadas')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver saldo' }).getAttribute('href')).toBe('/extrato');

    expect(within(await screen.findByRole('article', { name: 'Resgatável' })).getByRole('button', { name: 'Resgatar!' })).toHaveProperty('disabled', false);
    const bar = within(card('Resgatável')).getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(within(card('Esgotado')).getByRole('button', { name: 'Esgotado' })).toHaveProperty('disabled', true);
    expect(within(card('Caro')).getByRole('button', { name: 'Bloqueado' })).toHaveProperty('disabled', true);
    expect(within(card('Caro')).getByText(/Faltam 3 pontos/)).toBeTruthy();
    expect(within(card('Caro')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('62');
    expect(within(card('Show')).getByRole('button', { name: 'Ver detalhes!' })).toHaveProperty('disabled', false);
    expect(within(card('Missão')).getByRole('button', { name: 'Utilizado!' })).toHaveProperty('disabled', true);
    expect(within(card('Missão')).getByText('Usado em 05/11/2026')).toBeTruthy();

    const coupons = await screen.findByRole('list', { name: 'Meus cupons' });
    expect(within(coupons).getByText('MISSAO-1')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Como funciona o saldo?' }));
    const explanation = screen.getByRole('dialog', { name: 'Como funciona o saldo' });
    expect(within(explanation).getByText(/amigo indicado/)).toBeTruthy();
  });

  it('locks the section until the profile is complete and defined, with both links', async () => {
    const calls = api({ user: makeUser({ perfilCompleto: false, perfilDefinido: false, saldo: 0 }), beneficios: [makeBenefit({ estado: 'bloqueado', podeResgatar: false, codigoBloqueio: 'PERFIL_INCOMPLETO', motivoBloqueio: BENEFIT_MSG.perfilIncompleto })] });
    renderApp('/beneficios');
    expect((await screen.findByRole('link', { name: 'Concluir cadastro' })).getAttribute('href')).toBe('/editar-perfil');
    expect(screen.getByRole('link', { name: 'Personalizar meu portal' }).getAttribute('href')).toBe('/personalizar-portal');
    expect(await screen.findByRole('button', { name: 'Bloqueado' })).toHaveProperty('disabled', true);
    expect(calls.some((c) => c.path === '/api/beneficio/resgate')).toBe(false);
  });

  it('disables a redeemable card when only the portal is not personalised', async () => {
    api({ user: releasedMember({ perfilDefinido: false }), beneficios: [makeBenefit()] });
    renderApp('/beneficios');
    expect((await screen.findByRole('link', { name: 'Personalizar meu portal' })).getAttribute('href')).toBe('/personalizar-portal');
    expect(screen.queryByRole('link', { name: 'Concluir cadastro' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Resgatar!' })).toHaveProperty('disabled', true);
  });

  it('never asks staff for the referral summary and shows no balance', async () => {
    const calls = api({ user: releasedMember({ colaborador: true }), beneficios: [makeBenefit({ nome: 'Loja do Colaborador' })] });
    renderApp('/beneficios');
    expect(await screen.findByRole('article', { name: 'Loja do Colaborador' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Ver saldo' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/indicacao')).toBe(false);
  });

  it('requires the terms, redeems with an Idempotency-Key, shows the coupon and reloads the list', async () => {
    let redeemed = false;
    const calls = api(
      { beneficios: [] },
      route('GET', '/api/beneficio', () =>
        json([redeemed ? makeBenefit({ estado: 'resgatado', jaResgatado: true, podeResgatar: false, resgates: [{ ...makeRedemption(), opcao: null }] }) : makeBenefit()]),
      ),
      route('POST', '/api/beneficio/resgate', () => {
        redeemed = true;
        return json(makeRedemption(), 201);
      }),
    );
    renderApp('/beneficios');
    fireEvent.click(await screen.findByRole('button', { name: 'Resgatar!' }));
    const modal = screen.getByRole('dialog', { name: 'Cupom 20% OFF' });
    expect(within(modal).getByText('Uso único por CPF.')).toBeTruthy();

    fireEvent.click(within(modal).getByRole('button', { name: 'Resgatar' }));
    expect(within(modal).getByText(BENEFIT_MSG.termos)).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);

    fireEvent.click(within(modal).getByLabelText('Li e concordo com os termos de uso deste benefício.'));
    fireEvent.click(within(modal).getByRole('button', { name: 'Resgatar' }));
    expect(await within(modal).findByText('LEG20-ABCD-EFGH')).toBeTruthy();
    expect(within(modal).getByText(/Seu saldo agora é de 2 pontos/)).toBeTruthy();
    const [post] = posts(calls);
    expect(post!.body).toEqual({ idBeneficio: 1, aceiteTermos: true });
    expect(post!.headers['idempotency-key']).toMatch(/^[A-Za-z0-9._:-]{8,128}$/);

    fireEvent.click(within(modal).getByRole('button', { name: 'Fechar' }));
    expect(await screen.findByRole('button', { name: 'Ver cupom!' })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/usuario/logged').length).toBeGreaterThan(1);
  });

  it('retries a lost request with the same key, a refused one with a new key, and shows the server message', async () => {
    let attempt = 0;
    const calls = api(
      { beneficios: [makeBenefit()] },
      route('POST', '/api/beneficio/resgate', () => {
        attempt += 1;
        if (attempt === 1) throw new TypeError('Failed to fetch');
        return json({ errors: [{ message: BENEFIT_MSG.saldoInsuficiente, code: 'SALDO_INSUFICIENTE' }] }, 409);
      }),
    );
    renderApp('/beneficios');
    fireEvent.click(await screen.findByRole('button', { name: 'Resgatar!' }));
    const modal = screen.getByRole('dialog');
    fireEvent.click(within(modal).getByLabelText('Li e concordo com os termos de uso deste benefício.'));
    fireEvent.click(within(modal).getByRole('button', { name: 'Resgatar' }));
    expect(await screen.findByText(MSG.fallback)).toBeTruthy();

    fireEvent.click(within(modal).getByRole('button', { name: 'Resgatar' }));
    expect(await screen.findByText(BENEFIT_MSG.saldoInsuficiente)).toBeTruthy();
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    fireEvent.click(within(modal).getByRole('button', { name: 'Resgatar' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(3));

    const [a, b, c] = posts(calls).map((p) => p.headers['idempotency-key']);
    expect(b).toBe(a);
    expect(c).not.toBe(a);
  });

  it('preselects the first day that is not sold out and sends it', async () => {
    const days = [
      { id: 11, nome: 'Sábado, 17/01', data: '2027-01-17', esgotado: true },
      { id: 12, nome: 'Domingo, 18/01', data: '2027-01-18', esgotado: false },
      { id: 13, nome: 'Segunda, 19/01', data: '2027-01-19', esgotado: false },
    ];
    const calls = api(
      { beneficios: [makeBenefit({ id: 9, nome: 'Spanta', evento: true, dias: days })] },
      route('POST', '/api/beneficio/resgate', () => json(makeRedemption({ idBeneficio: 9, evento: true, opcao: { id: 13, nome: 'Segunda, 19/01', data: '2027-01-19' } }), 201)),
    );
    renderApp('/beneficios');
    fireEvent.click(await screen.findByRole('button', { name: 'Resgatar!' }));
    const modal = screen.getByRole('dialog', { name: 'Spanta' });
    const select = within(modal).getByLabelText<HTMLSelectElement>('Escolha o dia');
    expect(select.value).toBe('12');
    expect(within(select).getByRole('option', { name: 'Sábado, 17/01 (esgotado)' })).toHaveProperty('disabled', true);
    fireEvent.change(select, { target: { value: '13' } });
    fireEvent.click(within(modal).getByLabelText('Li e concordo com os termos de uso deste benefício.'));
    fireEvent.click(within(modal).getByRole('button', { name: 'Resgatar' }));
    expect(await within(modal).findByText('Segunda, 19/01')).toBeTruthy();
    expect(posts(calls)[0]!.body).toEqual({ idBeneficio: 9, idOpcao: 13, aceiteTermos: true });
  });

  it('offers a multiple-redemption benefit again, with the terms again', async () => {
    const redemption = { ...makeRedemption({ cupom: 'LEG10-PRIM-EIRO' }), opcao: null };
    const calls = api(
      { beneficios: [makeBenefit({ nome: 'Cupom 10% OFF', multiploResgate: true, limitePorMembro: 3, jaResgatado: true, resgates: [redemption] })] },
      route('POST', '/api/beneficio/resgate', () => json(makeRedemption({ cupom: 'LEG10-SEGU-NDOO' }), 201)),
    );
    renderApp('/beneficios');
    fireEvent.click(await screen.findByRole('button', { name: 'Ver cupom!' }));
    const modal = screen.getByRole('dialog', { name: 'Cupom 10% OFF' });
    expect(within(modal).getByText('LEG10-PRIM-EIRO')).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: 'Resgatar novamente' }));
    fireEvent.click(within(modal).getByRole('button', { name: 'Resgatar' }));
    expect(within(modal).getByText(BENEFIT_MSG.termos)).toBeTruthy();
    fireEvent.click(within(modal).getByLabelText('Li e concordo com os termos de uso deste benefício.'));
    fireEvent.click(within(modal).getByRole('button', { name: 'Resgatar' }));
    expect(await within(modal).findByText('LEG10-SEGU-NDOO')).toBeTruthy();
    expect(posts(calls)).toHaveLength(1);
  });

  it('shows a countdown on a benefit that opens later', async () => {
    const start = new Date(Date.now() + (2 * 86_400 + 3 * 3600) * 1000 + 30_000).toISOString();
    api({ beneficios: [makeBenefit({ nome: 'Pré-estreia', estado: 'bloqueado', podeResgatar: false, codigoBloqueio: 'EM_BREVE', motivoBloqueio: BENEFIT_MSG.emBreve, inicio: start })] });
    renderApp('/beneficios');
    const timer = await screen.findByRole('timer');
    expect(timer.textContent).toMatch(/^Abre em 2d 03h 00m \d\ds$/);
    expect(within(card('Pré-estreia')).getByRole('button', { name: 'Em breve' })).toHaveProperty('disabled', true);
  });

  it("opens the chatbot's benefit once and forgets it; an unknown one is only logged", async () => {
    localStorage.setItem(STORAGE.beneficioChatbot, '7');
    api({ beneficios: [makeBenefit({ id: 7, nome: 'Do chatbot' })] }, route('GET', '/api/beneficio/7', () => json(makeBenefit({ id: 7, nome: 'Do chatbot' }))));
    renderApp('/beneficios');
    expect(await screen.findByRole('dialog', { name: 'Do chatbot' })).toBeTruthy();
    expect(localStorage.getItem(STORAGE.beneficioChatbot)).toBeNull();
  });

  it("keeps the chatbot's benefit stored while the profile still locks the benefits", async () => {
    localStorage.setItem(STORAGE.beneficioChatbot, '7');
    const calls = api(
      { user: releasedMember({ perfilDefinido: false }), beneficios: [makeBenefit({ id: 7, nome: 'Do chatbot' })] },
      route('GET', '/api/beneficio/7', () => json(makeBenefit({ id: 7, nome: 'Do chatbot' }))),
    );
    renderApp('/beneficios');
    expect(await screen.findByRole('link', { name: 'Personalizar meu portal' })).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Do chatbot' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.path === '/api/beneficio/7')).toBe(false);
    expect(localStorage.getItem(STORAGE.beneficioChatbot)).toBe('7');
  });

  it('logs a chatbot benefit that is not found', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(STORAGE.beneficioChatbot, '99');
    api({ beneficios: [makeBenefit()] }, route('GET', '/api/beneficio/99', () => json({ errors: [{ message: BENEFIT_MSG.naoEncontrado }] }, 404)));
    renderApp('/beneficios');
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Benefício do chatbot não encontrado:', 99, expect.anything()));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(BENEFIT_MSG.naoEncontrado)).toBeNull();
    expect(localStorage.getItem(STORAGE.beneficioChatbot)).toBeNull();
    warn.mockRestore();
  });
});
