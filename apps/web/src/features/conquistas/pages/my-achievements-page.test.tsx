import { STORAGE } from '@legiao/contracts/storage-keys';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { json, mockApi, route } from '../../produtos/testing/fixtures';
import { makeAchievement } from '../testing/fixtures';
import type { Achievement } from '@legiao/contracts/conquista';

const achievementApi = (c: Achievement) => route('GET', '/api/Conquista', () => json(c));

const group = (name: string) => screen.getByRole('region', { name: name });

describe('MinhasConquistasPage', () => {
  beforeEach(() => localStorage.setItem(STORAGE.token, 'tok'));

  it('a fresh member: only Novato earned, no founder banner, a call to personalise the portal', async () => {
    mockApi(achievementApi(makeAchievement()));
    renderApp('/minhas-conquistas');

    expect(await screen.findByRole('heading', { level: 1, name: 'Minhas conquistas' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Novato' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Voltar/ }).getAttribute('href')).toBe('/home');
    expect(within(group('Nossa Jornada')).getByRole('button', { name: 'Veterano bloqueado' })).toBeTruthy();
    expect(within(group('Nossa Jornada')).getByRole('button', { name: 'Legionário bloqueado' })).toBeTruthy();
    for (const name of ['Recrutador', 'Influenciador', 'Embaixador']) {
      expect(within(group('Nível de indicação')).getByRole('button', { name: `${name} bloqueado` })).toBeTruthy();
    }
    for (const name of ['Iniciante', 'Mestre', 'Lendário']) {
      expect(within(group('Colecionador')).getByRole('button', { name: `${name} bloqueado` })).toBeTruthy();
    }
    expect(within(group('Colecionador')).getByText('Falta 1 produto para Iniciante.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Membro fundador' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Personalizar o portal' }).getAttribute('href')).toBe('/personalizar-portal');
    expect(await screen.findByText('Carla Dias Souza')).toBeTruthy();

    const events = screen.getByRole('group', { name: 'Experiências lendárias' });
    expect(within(events).getAllByRole('button', { name: /bloqueado$/ })).toHaveLength(8);
  });

  it('a founder with a number, a profile and events: banner, seal, earned tiers', async () => {
    mockApi(
      achievementApi(
        makeAchievement({
          numeroLegionario: 1,
          membroFundador: true,
          perfil: 'estiloso',
          nivelTempo: 2,
          nivelColecao: 3,
          experiencias: ['jerseyBoys'],
          progresso: { diasDeLegiao: 200, indicacoesConfirmadas: 0, produtosNaColecao: 12 },
        }),
      ),
      route('GET', '/api/usuario/logged', () => json(makeUser({ nome: 'Marina Legionária' }))),
    );
    renderApp('/minhas-conquistas');

    const banner = await screen.findByRole('region', { name: 'Membro fundador' });
    expect(within(banner).getByText('#0001/1913')).toBeTruthy();
    const profile = screen.getByRole('region', { name: 'Seu perfil' });
    expect(within(profile).getByRole('button', { name: 'Lifestyle' })).toBeTruthy();
    expect(await within(profile).findByText('Marina Legionária')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Personalizar o portal' })).toBeNull();

    expect(within(group('Nossa Jornada')).getByRole('button', { name: 'Veterano' })).toBeTruthy();
    expect(within(group('Nossa Jornada')).getByText('Faltam 165 dias para Legionário.')).toBeTruthy();
    expect(within(group('Colecionador')).getByRole('button', { name: 'Lendário' })).toBeTruthy();
    expect(within(group('Colecionador')).getByText('Todos os selos conquistados!')).toBeTruthy();
    const events = screen.getByRole('group', { name: 'Experiências lendárias' });
    expect(within(events).getByRole('button', { name: 'Quatro Vozes' })).toBeTruthy();
    expect(within(events).getAllByRole('button', { name: /bloqueado$/ })).toHaveLength(7);
  });

  it('plain founder text when only membroFundador', async () => {
    mockApi(achievementApi(makeAchievement({ membroFundador: true })));
    renderApp('/minhas-conquistas');
    const banner = await screen.findByRole('region', { name: 'Membro fundador' });
    expect(within(banner).getByText('Você faz parte dos primeiros legionários.')).toBeTruthy();
    expect(within(banner).queryByText(/\/1913/)).toBeNull();
  });

  it('a badge opens its details only after 200 ms; Entendi closes them', async () => {
    mockApi(achievementApi(makeAchievement()));
    renderApp('/minhas-conquistas');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Mestre bloqueado' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await new Promise((r) => setTimeout(r, 120));
    expect(screen.queryByRole('dialog')).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Mestre' });
    expect(within(dialog).getByText('Ainda não conquistado')).toBeTruthy();
    expect(within(dialog).getByText('5 produtos na coleção.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Entendi' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('an API error is shown as its message', async () => {
    mockApi(route('GET', '/api/Conquista', () => json({ errors: [{ message: 'Algo deu errado na requisição' }] }, 503)));
    renderApp('/minhas-conquistas');
    expect((await screen.findByRole('alert')).textContent).toBe('Algo deu errado na requisição');
  });
});
