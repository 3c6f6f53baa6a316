import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';

describe('AtivacaoPage', () => {
  it('after a resend, disables Reenviar for 60 s with an mm:ss countdown, then clears the message', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = mockFetch(() => jsonResponse({ message: 'ok' }));
    const ui = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp('/ativacao');

    await ui.type(await screen.findByLabelText('E-mail'), 'ana@example.com');
    const button = screen.getByRole('button', { name: 'Reenviar' }) as HTMLButtonElement;
    await ui.click(button);

    expect(await screen.findByText('O e-mail de ativação de conta foi reenviado!')).toBeTruthy();
    // The answer is the same for any address: the page says when the link comes.
    expect(screen.getByText(/se este e-mail tiver um cadastro aguardando ativação/)).toBeTruthy();
    expect(JSON.parse(String(fetch.mock.calls[0]![1].body))).toEqual({ email: 'ana@example.com' });
    expect(button.disabled).toBe(true);
    expect(screen.getByRole('timer').textContent).toBe('01:00');

    act(() => void vi.advanceTimersByTime(15_000));
    expect(screen.getByRole('timer').textContent).toBe('00:45');
    expect(button.disabled).toBe(true);

    act(() => void vi.advanceTimersByTime(45_000));
    expect(button.disabled).toBe(false);
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByText('O e-mail de ativação de conta foi reenviado!')).toBeNull();
  });

  it('shows the first error message and keeps the button enabled', async () => {
    mockFetch(() => jsonResponse({ errors: [{ message: 'Muitas tentativas. Aguarde um minuto e tente novamente.' }] }, 429));
    const ui = userEvent.setup();
    renderApp('/ativacao');
    await ui.type(await screen.findByLabelText('E-mail'), 'ana@example.com');
    await ui.click(screen.getByRole('button', { name: 'Reenviar' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Muitas tentativas. Aguarde um minuto e tente novamente.');
    expect((screen.getByRole('button', { name: 'Reenviar' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
