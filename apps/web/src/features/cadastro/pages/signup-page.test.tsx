import { MSG } from '@legiao/contracts/messages';
import { STORAGE } from '@legiao/contracts/storage-keys';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, textResponse } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';

const VALID_CPF = '52998224725';

interface Api {
  cpfAnswer?: string;
  cep?: unknown;
  posted?: unknown[];
}

function mockApi(api: Api = {}) {
  return mockFetch((url, init) => {
    if (url.startsWith('/api/usuario/valid-email')) return jsonResponse({ message: 'ok' });
    if (url.startsWith('/api/usuario/valid-optin')) return jsonResponse({ optin: true, optinSms: false, optout: false });
    if (url.startsWith('/api/usuario/valid-cpf')) return textResponse(api.cpfAnswer ?? 'CPF disponível');
    if (url.startsWith('/api/cep/'))
      return jsonResponse(api.cep ?? { cep: '01001-000', logradouro: 'Praça da Sé', bairro: 'Sé', localidade: 'São Paulo', uf: 'SP' });
    if (url === '/api/usuario' && init.method === 'POST') {
      api.posted?.push(JSON.parse(String(init.body)));
      return jsonResponse({ message: 'ok', email: 'nova@example.com' }, 201);
    }
    return jsonResponse({ errors: [{ message: `inesperado ${url}` }] }, 500);
  });
}

async function goToStep4(ui: ReturnType<typeof userEvent.setup>) {
  await ui.type(await screen.findByLabelText('E-mail'), 'nova@example.com');
  await ui.type(screen.getByLabelText('Confirme seu e-mail'), 'nova@example.com');
  await ui.click(screen.getByRole('button', { name: 'AVANÇAR' }));
  expect(await screen.findByText('Etapa 1 de 3')).toBeTruthy();
  await ui.type(screen.getByLabelText('Senha'), 'Segredo1!');
  await ui.type(screen.getByLabelText('Confirme sua senha'), 'Segredo1!');
  await ui.click(screen.getByRole('button', { name: 'AVANÇAR' }));
  expect(await screen.findByText('Etapa 2 de 3')).toBeTruthy();
  await ui.type(screen.getByLabelText('Nome completo'), 'Nova Pessoa');
  await ui.type(screen.getByLabelText('CPF'), VALID_CPF);
  await ui.click(screen.getByRole('button', { name: 'AVANÇAR' }));
}

describe('CadastroPage', () => {
  it('enables AVANÇAR only for a valid e-mail equal to its confirmation, and blocks paste', async () => {
    mockApi();
    const ui = userEvent.setup();
    renderApp('/cadastro');
    const email = await screen.findByLabelText('E-mail');
    const confirm = screen.getByLabelText('Confirme seu e-mail');
    const next = screen.getByRole('button', { name: 'AVANÇAR' }) as HTMLButtonElement;

    await ui.type(email, 'nova@example');
    await ui.type(confirm, 'nova@example');
    expect(next.disabled).toBe(true); // no dot in the domain
    await ui.type(email, '.com');
    expect(next.disabled).toBe(true); // differs from the confirmation
    await ui.type(confirm, '.com');
    expect(next.disabled).toBe(false);

    expect(fireEvent.paste(confirm)).toBe(false);
    expect(fireEvent.drop(confirm)).toBe(false);
  });

  it('walks the four steps and posts the sign-up payload', async () => {
    localStorage.setItem(STORAGE.hashIndicacao, 'ref-123');
    const posted: unknown[] = [];
    mockApi({ posted });
    const ui = userEvent.setup();
    const { router } = renderApp('/cadastro?origem=instagram');

    await goToStep4(ui);
    expect(await screen.findByText('Etapa 3 de 3')).toBeTruthy();
    // optin already given: the e-mail box is hidden, the SMS one stays.
    expect(screen.queryByLabelText('Quero receber novidades e ofertas por e-mail')).toBeNull();
    expect(screen.getByLabelText('Quero receber novidades por SMS e WhatsApp')).toBeTruthy();

    await ui.click(screen.getByRole('button', { name: 'FINALIZAR' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Preencha todos os campos obrigatórios.');

    await ui.type(screen.getByLabelText('Celular'), '11987654321');
    expect((screen.getByLabelText('Celular') as HTMLInputElement).value).toBe('(11) 98765-4321');
    fireEvent.change(screen.getByLabelText('Data de nascimento'), { target: { value: '1990-05-20' } });
    await ui.type(screen.getByLabelText('CEP'), '01001000');
    await ui.selectOptions(screen.getByLabelText('Gênero'), 'nao binario');
    await ui.click(screen.getByLabelText('Li e aceito os termos de uso'));
    await ui.click(screen.getByLabelText('Quero receber novidades por SMS e WhatsApp'));
    await ui.click(screen.getByRole('button', { name: 'FINALIZAR' }));

    expect(await screen.findByRole('heading', { name: 'Inscrição realizada com sucesso!' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cadastro/confirmacao');
    expect(posted).toEqual([
      {
        email: 'nova@example.com',
        senha: 'Segredo1!',
        cpf: VALID_CPF,
        nome: 'Nova Pessoa',
        celular: '11987654321',
        cep: '01001000',
        endereco: 'Praça da Sé',
        cidade: 'São Paulo',
        uf: 'SP',
        dataNascimento: '1990-05-20T00:00:00.000Z',
        genero: 'nao binario',
        optin: true,
        optinSms: true,
        hashIndicacao: 'ref-123',
        origem: 'instagram',
      },
    ]);
  });

  it("stays on the CPF step with 'CPF já cadastrado!' when the server says 'CPF existe'", async () => {
    mockApi({ cpfAnswer: 'CPF existe' });
    const ui = userEvent.setup();
    renderApp('/cadastro');
    await goToStep4(ui);
    expect((await screen.findByRole('alert')).textContent).toContain('CPF já cadastrado!');
    expect(screen.getByText('Etapa 2 de 3')).toBeTruthy();
  });

  it("reports 'CEP inválido' when the lookup answers erro", async () => {
    const posted: unknown[] = [];
    mockApi({ cep: { erro: true }, posted });
    const ui = userEvent.setup();
    renderApp('/cadastro');
    await goToStep4(ui);
    await screen.findByText('Etapa 3 de 3');
    await ui.type(screen.getByLabelText('Celular'), '11987654321');
    fireEvent.change(screen.getByLabelText('Data de nascimento'), { target: { value: '1990-05-20' } });
    await ui.type(screen.getByLabelText('CEP'), '99999999');
    await ui.selectOptions(screen.getByLabelText('Gênero'), 'homem');
    await ui.click(screen.getByLabelText('Li e aceito os termos de uso'));
    await ui.click(screen.getByRole('button', { name: 'FINALIZAR' }));
    expect((await screen.findByRole('alert')).textContent).toContain('CEP inválido');
    expect(posted).toHaveLength(0);
  });

  it('on the password step, says a password over 72 bytes is too long and keeps AVANÇAR disabled', async () => {
    mockApi();
    const ui = userEvent.setup();
    renderApp('/cadastro');
    await ui.type(await screen.findByLabelText('E-mail'), 'nova@example.com');
    await ui.type(screen.getByLabelText('Confirme seu e-mail'), 'nova@example.com');
    await ui.click(screen.getByRole('button', { name: 'AVANÇAR' }));
    expect(await screen.findByText('Etapa 1 de 3')).toBeTruthy();
    const long = `S@1ab${'ç'.repeat(36)}`; // 41 characters, 77 bytes: bcrypt would read only 72
    await ui.type(screen.getByLabelText('Senha'), long);
    await ui.type(screen.getByLabelText('Confirme sua senha'), long);
    expect(screen.getByText(MSG.senhaLonga)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'AVANÇAR' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Etapa 1 de 3')).toBeTruthy();
  });
});
