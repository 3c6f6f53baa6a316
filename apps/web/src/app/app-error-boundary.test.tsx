import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from './app-error-boundary';

function Break(): never {
  throw new Error('falha de render');
}

describe('AppErrorBoundary', () => {
  it('shows a Portuguese page with a reload link when a page fails to render', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <AppErrorBoundary>
        <Break />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Algo deu errado' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Carregar de novo' })).toBeTruthy();
  });

  it('renders its children when nothing fails', () => {
    render(
      <AppErrorBoundary>
        <p>tudo certo</p>
      </AppErrorBoundary>,
    );
    expect(screen.getByText('tudo certo')).toBeTruthy();
  });
});
