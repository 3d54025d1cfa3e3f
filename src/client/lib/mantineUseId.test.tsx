/**
 * Mantine's useId as the build resolves it (lib/mantineUseId.ts): React's id, rendered once.
 * The client tests load Mantine as published (the build's replacement applies to the bundle;
 * scripts/mantine-use-id.test.ts checks that), so the last test shows what the replacement removes.
 */
import { useId as mantineOwnUseId } from '@mantine/hooks';
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useId } from './mantineUseId';

/** Shows the id it is given and counts its renders. */
function Probe({
  hook,
  staticId,
  label,
}: {
  hook: typeof useId;
  staticId?: string;
  label: string;
}) {
  const id = hook(staticId);
  const [renders] = useState(() => ({ n: 0 }));
  renders.n += 1;
  return <p data-testid={label} data-id={id} data-renders={renders.n} />;
}

describe('Mantine useId, as built', () => {
  it('is stable, unique per component, and a plain CSS identifier', async () => {
    let rerender!: () => void;
    function Two() {
      const [, set] = useState(0);
      rerender = () => set((n) => n + 1);
      return (
        <>
          <Probe hook={useId} label="a" />
          <Probe hook={useId} label="b" />
        </>
      );
    }
    await act(async () => {
      render(<Two />);
    });
    const a = screen.getByTestId('a').dataset.id!;
    const b = screen.getByTestId('b').dataset.id!;
    expect(a).toMatch(/^mantine-[\w-]+$/);
    expect(b).toMatch(/^mantine-[\w-]+$/);
    expect(a).not.toBe(b);
    await act(async () => rerender());
    expect(screen.getByTestId('a').dataset.id).toBe(a);
    expect(screen.getByTestId('a').dataset.renders).toBe('2');
  });

  it('returns the id it is given', async () => {
    await act(async () => {
      render(<Probe hook={useId} staticId="owner-name" label="s" />);
    });
    expect(screen.getByTestId('s').dataset.id).toBe('owner-name');
  });

  it('renders once as it mounts, where Mantine’s own renders twice (an id set after mount)', async () => {
    await act(async () => {
      render(
        <>
          <Probe hook={useId} label="built" />
          <Probe hook={mantineOwnUseId} label="published" />
        </>,
      );
    });
    expect(screen.getByTestId('built').dataset.renders).toBe('1');
    expect(screen.getByTestId('published').dataset.renders).toBe('2');
  });
});
