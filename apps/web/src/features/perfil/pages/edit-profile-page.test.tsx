import { STORAGE } from '@legiao/contracts/storage-keys';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('EditarPerfilPage', () => {
  beforeEach(() => localStorage.setItem(STORAGE.token, 'tok'));

  it('fills the form, blocks on a failed CEP lookup, and PUTs the profile', async () => {
    const puts: unknown[] = [];
    mockFetch((url, init) => {
      if (url === '/api/usuario/logged') return jsonResponse(makeUser());
      if (url === '/api/cep/99999999') return jsonResponse({ erro: true });
      if (url === '/api/cep/20040002')
        return jsonResponse({ cep: '20040-002', logradouro: 'Rua da Assembleia', bairro: 'Centro', localidade: 'Rio de Janeiro', uf: 'RJ' });
      if (url === '/api/usuario' && init.method === 'PUT') {
        puts.push(JSON.parse(String(init.body)));
        return jsonResponse({ message: 'ok' });
      }
      return jsonResponse({ errors: [{ message: `inesperado ${url}` }] }, 500);
    });
    const ui = userEvent.setup();
    renderApp('/editar-perfil');

    expect(await screen.findByRole('heading', { name: 'Meu perfil' })).toBeTruthy();
    expect(((await screen.findByLabelText('Nome completo')) as HTMLInputElement).value).toBe('Carla Dias Souza');
    expect(input('E-mail').readOnly).toBe(true);
    expect(input('CPF').readOnly).toBe(true);
    expect(input('CPF').value).toBe('529.982.247-25');
    expect(input('Celular').value).toBe('(11) 98765-4321');
    expect(input('Data de nascimento').value).toBe('1991-03-04');
    expect(input('Endereço').disabled).toBe(true);
    expect(input('Cidade').disabled).toBe(true);
    expect(input('Estado').disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Alterar senha' })).toBeTruthy();

    await ui.clear(input('CEP'));
    await ui.type(input('CEP'), '99999999');
    await ui.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('CEP não encontrado')).toBeTruthy();
    await ui.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect((await screen.findByRole('alert')).textContent).toContain('CEP inválido');
    expect(puts).toHaveLength(0);

    await ui.clear(input('CEP'));
    await ui.type(input('CEP'), '20040002');
    await ui.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByDisplayValue('Rua da Assembleia')).toBeTruthy();
    expect(input('Cidade').value).toBe('Rio de Janeiro');
    expect(input('Estado').value).toBe('RJ');
    await ui.click(screen.getByLabelText('Aceito receber comunicações por SMS e WhatsApp'));
    await ui.click(screen.getByRole('button', { name: 'Atualizar' }));

    expect(await screen.findByRole('heading', { name: 'Perfil atualizado com sucesso!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir para a home' }).getAttribute('href')).toBe('/home');
    expect(puts).toEqual([
      {
        nome: 'Carla Dias Souza',
        celular: '11987654321',
        dataNascimento: '1991-03-04T00:00:00.000Z',
        genero: 'mulher',
        cep: '20040002',
        endereco: 'Rua da Assembleia',
        numero: '100',
        complemento: '',
        cidade: 'Rio de Janeiro',
        uf: 'RJ',
        optIn: true,
        optInSms: true,
      },
    ]);
  });

  it('hides the change-password link for social-login users and lets them fill a missing CPF', async () => {
    mockFetch(() => jsonResponse(makeUser({ social: true, cpf: null })));
    renderApp('/editar-perfil');
    expect(await screen.findByLabelText('Nome completo')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Alterar senha' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Alterar e-mail' })).toBeTruthy();
    expect(input('CPF').readOnly).toBe(false);
  });
});
