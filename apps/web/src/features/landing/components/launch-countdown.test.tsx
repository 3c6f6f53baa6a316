import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LaunchCountdown } from './launch-countdown';

const values = () => screen.getAllByText(/^\d\d$/).map((el) => el.textContent);

describe('LaunchCountdown (useCountdown)', () => {
  it('ticks every second and stops at zero', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-07-21T10:59:58-03:00'));
    render(<LaunchCountdown />);
    expect(values()).toEqual(['01', '00', '00', '02']);

    act(() => void vi.advanceTimersByTime(1000));
    expect(values()).toEqual(['01', '00', '00', '01']);

    act(() => void vi.advanceTimersByTime(24 * 3600 * 1000 + 5000));
    expect(values()).toEqual(['00', '00', '00', '00']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows zeros for a target in the past', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    render(<LaunchCountdown />);
    expect(values()).toEqual(['00', '00', '00', '00']);
    for (const label of ['Dias', 'Horas', 'Minutos', 'Segundos']) expect(screen.getByText(label)).toBeTruthy();
  });
});
