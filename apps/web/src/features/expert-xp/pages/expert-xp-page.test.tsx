import { FIXED_LEAD_COUPON, LEAD_MSG } from '@legiao/contracts/leads';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';

async function fill() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Nome completo'), 'Paula Expert');
  await user.type(screen.getByLabelText('E-mail'), 'paula@example.com');
  await user.type(screen.getByLabelText('Celular'), '11987654321');
  await user.type(screen.getByLabelText('Data de nascimento'), '1990-05-20');
  await user.type(screen.getByLabelText('CEP'), '01310100');
  await user.click(screen.getByLabelText('Aceito receber novidades e ofertas por e-mail'));
  await user.click(screen.getByRole('button', { name: 'CADASTRAR' }));
}

describe('/expert-xp/', () => {
  it('sends the lead (digits, ISO date, consents), shows the coupon it gets back and says the personal one goes by e-mail', async () => {
    // The same answer for a new e-mail and a known one (ADR 0039): the campaign's coupon.
    const fetch = mockFetch(() => jsonResponse({ message: 'CUPOM RESGATADO!', cupom: FIXED_LEAD_COUPON, percentual: 40 }));
    renderApp('/expert-xp/');
    await fill();
    expect(await screen.findByRole('heading', { name: 'CUPOM RESGATADO!' })).toBeTruthy();
    expect(screen.getByTestId('cupom').textContent).toBe(FIXED_LEAD_COUPON);
    expect(screen.getByText(LEAD_MSG.cupomPorEmail)).toBeTruthy();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/Leads/Create');
    expect(JSON.parse(String(init.body))).toEqual({
      nome: 'Paula Expert',
      email: 'paula@example.com',
      celular: '11987654321',
      dtNascimento: '1990-05-20T00:00:00.000Z',
      cep: '01310100',
      optinEmail: true,
      optinCelular: false,
    });
  });

  it('still shows the success view, with the fixed coupon, when the call fails', async () => {
    mockFetch(() => jsonResponse({ errors: [{ message: 'Muitas tentativas.' }] }, 429));
    renderApp('/expert-xp/');
    await fill();
    expect(await screen.findByRole('heading', { name: 'CUPOM RESGATADO!' })).toBeTruthy();
    expect(screen.getByTestId('cupom').textContent).toBe(FIXED_LEAD_COUPON);
    expect(await screen.findAllByText('Muitas tentativas.')).not.toHaveLength(0);
    expect(screen.queryByText(LEAD_MSG.cupomPorEmail)).toBeNull(); // nothing was sent
  });

  it('does not call the API while the form is invalid', async () => {
    const fetch = mockFetch(() => jsonResponse({}, 500));
    renderApp('/expert-xp/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'CADASTRAR' }));
    expect(await screen.findAllByText('Preencha todos os campos obrigatórios.')).toHaveLength(5);
    expect(fetch).not.toHaveBeenCalled();
  });
});
