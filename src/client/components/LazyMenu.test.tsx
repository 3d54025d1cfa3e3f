/**
 * LazyMenu: the button alone in the screen's commit, Mantine's Menu in the next; a click on the
 * stand-in opens the Menu once it is there; afterwards it is a menu as any other.
 */
import { Button, Menu } from '@mantine/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { LazyMenu } from './LazyMenu';

const dropdown = (
  <Menu.Dropdown>
    <Menu.Item>CSV</Menu.Item>
    <Menu.Item>Excel</Menu.Item>
  </Menu.Dropdown>
);

/** Runs `onCommit` with the Export button as the first commit leaves it. */
function FirstCommit({
  children,
  onCommit,
}: {
  children: ReactNode;
  onCommit: (b: HTMLElement) => void;
}) {
  useLayoutEffect(() => {
    onCommit(screen.getByRole('button', { name: 'Export' }));
    // the first commit only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <>{children}</>;
}

describe('LazyMenu', () => {
  it('commits the button alone, as a menu button, and the Menu in the next commit', async () => {
    let first!: { haspopup: string | null; expanded: string | null; id: string | null };
    await act(async () => {
      renderWithApp(
        <FirstCommit
          onCommit={(b) =>
            (first = {
              haspopup: b.getAttribute('aria-haspopup'),
              expanded: b.getAttribute('aria-expanded'),
              id: b.getAttribute('id'),
            })
          }
        >
          <LazyMenu withinPortal target={<Button>Export</Button>}>
            {dropdown}
          </LazyMenu>
        </FirstCommit>,
      );
    });
    // Mantine's Menu.Target gives the button an id (its dropdown refers to it); the stand-in none.
    expect(first).toEqual({ haspopup: 'menu', expanded: 'false', id: null });
    const button = screen.getByRole('button', { name: 'Export' });
    expect(button).toHaveAttribute('id');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens on a click made before the Menu is there', async () => {
    await act(async () => {
      renderWithApp(
        <FirstCommit onCommit={(b) => b.click()}>
          <LazyMenu withinPortal target={<Button>Export</Button>}>
            {dropdown}
          </LazyMenu>
        </FirstCommit>,
      );
    });
    expect(await screen.findByRole('menuitem', { name: 'CSV', hidden: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('is a menu: opens on click, keeps the button’s own handler, closes on Escape', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    renderWithApp(
      <LazyMenu withinPortal target={<Button onClick={onClick}>Export</Button>}>
        {dropdown}
      </LazyMenu>,
    );
    const button = await screen.findByRole('button', { name: 'Export' });
    await waitFor(() => expect(button).toHaveAttribute('id'));
    await user.click(button);
    expect(await screen.findByRole('menuitem', { name: 'CSV', hidden: true })).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(onClick).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'false'));
  });

  it('stays closed when its button is disabled', async () => {
    await act(async () => {
      renderWithApp(
        <FirstCommit onCommit={(b) => b.click()}>
          <LazyMenu withinPortal target={<Button disabled>Export</Button>}>
            {dropdown}
          </LazyMenu>
        </FirstCommit>,
      );
    });
    const button = screen.getByRole('button', { name: 'Export' });
    await waitFor(() => expect(button).toHaveAttribute('id'));
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu', { hidden: true })).toBeNull();
  });
});
