/** useOnceTrue: true from the first render that sees the condition, and for good after. */
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useOnceTrue } from './useOnceTrue';

describe('useOnceTrue', () => {
  it('is false until the condition holds, then true even when it no longer does', () => {
    const { result, rerender } = renderHook(({ c }) => useOnceTrue(c), {
      initialProps: { c: false },
    });
    expect(result.current).toBe(false);
    rerender({ c: true });
    expect(result.current).toBe(true);
    rerender({ c: false });
    expect(result.current).toBe(true);
  });

  it('is true in the first render when the condition already holds', () => {
    const { result } = renderHook(() => useOnceTrue(true));
    expect(result.current).toBe(true);
  });
});
