import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel } from './carousel';

// jsdom lays nothing out: the viewport's geometry is set by hand where a test needs it.
function geometry(viewport: HTMLElement, { largura: width, total, x }: { largura: number; total: number; x: number }) {
  Object.defineProperty(viewport, 'clientWidth', { configurable: true, value: width });
  Object.defineProperty(viewport, 'scrollWidth', { configurable: true, value: total });
  viewport.scrollLeft = x;
}

const frame = () => act(() => new Promise<void>((r) => requestAnimationFrame(() => r())));

describe('Carousel', () => {
  let scrollTo: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    scrollTo = vi.fn();
    Element.prototype.scrollTo = scrollTo as unknown as typeof Element.prototype.scrollTo;
  });

  it('shows arrows and pages from the slide count alone, before anything is measured', () => {
    render(
      <Carousel label="Selos" byView={{ base: 2, since768: 5 }} pages>
        {['a', 'b', 'c', 'd', 'e'].map((s) => (
          <button key={s}>{s}</button>
        ))}
      </Carousel>,
    );
    const group = screen.getByRole('group', { name: 'Selos' });
    expect(within(group).getAllByRole('listitem').filter((li) => li.className === 'carousel__slide')).toHaveLength(5);
    expect(within(group).getByRole('list', { name: 'Página 1 de 3' })).toBeTruthy();
    expect(within(group).getByRole('button', { name: 'Anterior' })).toHaveProperty('disabled', true);
    expect(within(group).getByRole('button', { name: 'Próximo' })).toHaveProperty('disabled', false);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('has no arrows when every slide fits one view', () => {
    render(
      <Carousel label="Selos" byView={{ base: 2, since768: 5 }}>
        <button>a</button>
        <button>b</button>
      </Carousel>,
    );
    expect(screen.queryByRole('button', { name: 'Próximo' })).toBeNull();
  });

  it('moves one view (its width and one gap) per arrow and dot, and follows the scroller', async () => {
    const ui = userEvent.setup();
    render(
      <Carousel label="Selos" byView={{ base: 2, since768: 5 }} pages>
        {['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((s) => (
          <button key={s}>{s}</button>
        ))}
      </Carousel>,
    );
    const group = screen.getByRole('group', { name: 'Selos' });
    const viewport = group.querySelector<HTMLElement>('.carousel__viewport')!;
    (viewport.firstElementChild as HTMLElement).style.columnGap = '12px';
    geometry(viewport, { largura: 300, total: 1236, x: 0 });

    await ui.click(within(group).getByRole('button', { name: 'Próximo' }));
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ left: 312 }));
    expect(within(group).getByRole('list', { name: 'Página 2 de 4' })).toBeTruthy();
    expect(within(group).getByRole('button', { name: 'Anterior' })).toHaveProperty('disabled', false);

    await ui.click(within(group).getByRole('button', { name: 'Ir para a página 4' }));
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ left: 936 }));

    // The member swipes back to the second page; then to the end (the last page, Próximo off).
    geometry(viewport, { largura: 300, total: 1236, x: 312 });
    fireEvent.scroll(viewport);
    await frame();
    expect(within(group).getByRole('list', { name: 'Página 2 de 4' })).toBeTruthy();
    geometry(viewport, { largura: 300, total: 1236, x: 936 });
    fireEvent.scroll(viewport);
    await frame();
    expect(within(group).getByRole('list', { name: 'Página 4 de 4' })).toBeTruthy();
    expect(within(group).getByRole('button', { name: 'Próximo' })).toHaveProperty('disabled', true);
  });

  it('makes the track a tab stop only when its slides have no control of their own', () => {
    const { unmount } = render(
      <Carousel label="Figuras" byView={{ base: 1, since768: 3 }}>
        <figure>um</figure>
        <figure>dois</figure>
      </Carousel>,
    );
    expect(document.querySelector('.carousel__viewport')!.getAttribute('tabindex')).toBe('0');
    unmount();
    render(
      <Carousel label="Links" byView={{ base: 1, since768: 3 }}>
        <a href="/a">um</a>
        <a href="/b">dois</a>
      </Carousel>,
    );
    expect(document.querySelector('.carousel__viewport')!.hasAttribute('tabindex')).toBe(false);
  });
});
