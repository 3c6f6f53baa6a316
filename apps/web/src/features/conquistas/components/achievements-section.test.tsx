import { STORAGE } from '@legiao/contracts/storage-keys';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { json, mockApi, route } from '../../produtos/testing/fixtures';
import { makeAchievement } from '../testing/fixtures';
import { AchievementsSection } from './achievements-section';

// jsdom has no canvas: the story drawing is replaced, the rest of the modal is real.
const generate = vi.hoisted(() => vi.fn());
vi.mock('../lib/story-image', () => ({ generateImageStory: generate }));

function renderSection() {
  const router = createMemoryRouter([{ path: '/home', element: <AchievementsSection /> }], { initialEntries: ['/home'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('ConquistasSection', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE.token, 'tok');
    generate.mockReset();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:story'), revokeObjectURL: vi.fn() }));
  });

  const achievement = makeAchievement({ perfil: 'funcional', nivelTempo: 1, nivelIndicacao: 1, experiencias: ['tardezinha'] });

  it('shows only the earned seals, Ver todos and a seal modal', async () => {
    mockApi(route('GET', '/api/Conquista', () => json(achievement)));
    renderSection();
    const section = await screen.findByRole('region', { name: 'Minhas conquistas' });
    const carousel = await within(section).findByRole('group', { name: 'Meus selos' });
    expect(within(carousel).getAllByRole('listitem').map((b) => b.textContent)).toEqual([
      'Performance',
      'Novato',
      'Recrutador',
      'Tardezinha',
    ]);
    expect(within(section).getByRole('link', { name: 'Ver todos' }).getAttribute('href')).toBe('/minhas-conquistas');

    const user = userEvent.setup();
    await user.click(within(carousel).getByRole('button', { name: 'Recrutador' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Recrutador' });
    expect(within(dialog).getByText('Conquistado')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Compartilhar no Instagram: seals, steps and the story image to download', async () => {
    mockApi(route('GET', '/api/Conquista', () => json(achievement)));
    generate.mockResolvedValue(new Blob(['png'], { type: 'image/png' }));
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Compartilhar no Instagram' }));

    const dialog = await screen.findByRole('dialog', { name: 'Compartilhe no Instagram' });
    const seals = within(dialog).getByRole('group', { name: 'Selos para compartilhar' });
    expect(within(seals).getAllByRole('figure')).toHaveLength(4);
    expect(within(dialog).getAllByRole('listitem').length).toBeGreaterThanOrEqual(4);
    expect(within(dialog).getByText(/Abra o Instagram/)).toBeTruthy();

    const download = await within(dialog).findByRole('link', { name: 'Baixar imagem' });
    expect(download.getAttribute('href')).toBe('blob:story');
    expect(download.getAttribute('download')).toBe('legiao-minhas-conquistas.png');
    // The story carries the member's first name and exactly the earned seals.
    expect(generate).toHaveBeenCalledWith('Carla', expect.any(Array));
    expect((generate.mock.calls[0]![1] as { nome: string }[]).map((s) => s.nome)).toEqual(['Performance', 'Novato', 'Recrutador', 'Tardezinha']);
  });

  it('says so when the image cannot be drawn', async () => {
    mockApi(route('GET', '/api/Conquista', () => json(achievement)));
    generate.mockRejectedValue(new Error('canvas indisponível'));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderSection();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Compartilhar no Instagram' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Não foi possível preparar a imagem/);
    expect(screen.queryByRole('link', { name: 'Baixar imagem' })).toBeNull();
  });
});
