import { STORAGE } from '@legiao/contracts/storage-keys';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { json, mockApi, rota } from '../../produtos/testing/fixtures';
import { makeConquista } from '../testing/fixtures';
import { ConquistasSection } from './conquistas-section';

// jsdom has no canvas: the story drawing is replaced, the rest of the modal is real.
const gerar = vi.hoisted(() => vi.fn());
vi.mock('../lib/story-image', () => ({ gerarImagemStory: gerar }));

function renderSection() {
  const router = createMemoryRouter([{ path: '/home', element: <ConquistasSection /> }], { initialEntries: ['/home'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('ConquistasSection', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE.token, 'tok');
    gerar.mockReset();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:story'), revokeObjectURL: vi.fn() }));
  });

  const conquista = makeConquista({ perfil: 'funcional', nivelTempo: 1, nivelIndicacao: 1, experiencias: ['tardezinha'] });

  it('shows only the earned seals, Ver todos and a seal modal', async () => {
    mockApi(rota('GET', '/api/Conquista', () => json(conquista)));
    renderSection();
    const secao = await screen.findByRole('region', { name: 'Minhas conquistas' });
    const carrossel = await within(secao).findByRole('group', { name: 'Meus selos' });
    expect(within(carrossel).getAllByRole('listitem').map((b) => b.textContent)).toEqual([
      'Performance',
      'Novato',
      'Recrutador',
      'Tardezinha',
    ]);
    expect(within(secao).getByRole('link', { name: 'Ver todos' }).getAttribute('href')).toBe('/minhas-conquistas');

    const user = userEvent.setup();
    await user.click(within(carrossel).getByRole('button', { name: 'Recrutador' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const dialogo = await screen.findByRole('dialog', { name: 'Recrutador' });
    expect(within(dialogo).getByText('Conquistado')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Compartilhar no Instagram: seals, steps and the story image to download', async () => {
    mockApi(rota('GET', '/api/Conquista', () => json(conquista)));
    gerar.mockResolvedValue(new Blob(['png'], { type: 'image/png' }));
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Compartilhar no Instagram' }));

    const dialogo = await screen.findByRole('dialog', { name: 'Compartilhe no Instagram' });
    const selos = within(dialogo).getByRole('group', { name: 'Selos para compartilhar' });
    expect(within(selos).getAllByRole('figure')).toHaveLength(4);
    expect(within(dialogo).getAllByRole('listitem').length).toBeGreaterThanOrEqual(4);
    expect(within(dialogo).getByText(/Abra o Instagram/)).toBeTruthy();

    const baixar = await within(dialogo).findByRole('link', { name: 'Baixar imagem' });
    expect(baixar.getAttribute('href')).toBe('blob:story');
    expect(baixar.getAttribute('download')).toBe('legiao-minhas-conquistas.png');
    // The story carries the member's first name and exactly the earned seals.
    expect(gerar).toHaveBeenCalledWith('Carla', expect.any(Array));
    expect((gerar.mock.calls[0]![1] as { nome: string }[]).map((s) => s.nome)).toEqual(['Performance', 'Novato', 'Recrutador', 'Tardezinha']);
  });

  it('says so when the image cannot be drawn', async () => {
    mockApi(rota('GET', '/api/Conquista', () => json(conquista)));
    gerar.mockRejectedValue(new Error('canvas indisponível'));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderSection();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Compartilhar no Instagram' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Não foi possível preparar a imagem/);
    expect(screen.queryByRole('link', { name: 'Baixar imagem' })).toBeNull();
  });
});
