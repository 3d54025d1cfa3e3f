/**
 * A Mantine Menu committed just after the screen around it: in the screen's own commit its
 * button is drawn alone, with the attributes Menu.Target gives it (`aria-haspopup="menu"`,
 * `aria-expanded`), and the Menu takes its place in the next commit (`useDeferredValue`, as
 * components/Later.tsx). A click on the stand-in opens the Menu as soon as it is there.
 *
 * Why: a Menu sets state while React commits it (its Popover keeps the button's element in
 * state; its Portal creates its node), and React renders such updates synchronously in the
 * commit's own task, after running every passive effect of that commit. The header's user menu
 * is on every signed-in screen, so each screen's first commit ran all its effects (react-query's
 * subscriptions and requests) and a second render in one long task (docs/performance.md "Nothing
 * rendered again in the first commit", issue 18 §5). In a commit of its own, the Menu's update
 * runs only the Menu's effects.
 *
 * `target` is the button (it must take a ref, as Menu.Target requires); `children` are the
 * Menu's children (its Menu.Dropdown); the other props are Menu's.
 */
import { Menu, type MenuProps } from '@mantine/core';
import {
  cloneElement,
  useDeferredValue,
  useState,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

type TargetProps = { onClick?: (e: MouseEvent<HTMLElement>) => void; disabled?: boolean };

export function LazyMenu({
  target,
  children,
  ...menuProps
}: Omit<MenuProps, 'children' | 'opened' | 'defaultOpened'> & {
  target: ReactElement<TargetProps>;
  children: ReactNode;
}) {
  const mounted = useDeferredValue(true, false);
  const [clicked, setClicked] = useState(false);
  if (mounted) {
    return (
      <Menu {...menuProps} defaultOpened={clicked}>
        <Menu.Target>{target}</Menu.Target>
        {children}
      </Menu>
    );
  }
  return cloneElement(target, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onClick: (e: MouseEvent<HTMLElement>) => {
      target.props.onClick?.(e);
      if (!target.props.disabled) setClicked(true);
    },
  } as TargetProps);
}
