import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useVisibleUntil } from './use-visible-until';

describe('useVisivelAte', () => {
  it('stays visible while active and for the delay after, and shows again on a new load', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ ativo: active }) => useVisibleUntil(active, 600), { initialProps: { ativo: true } });
    expect(result.current).toBe(true);
    rerender({ ativo: false });
    act(() => vi.advanceTimersByTime(599));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(false);
    rerender({ ativo: true });
    expect(result.current).toBe(true);
  });
});
