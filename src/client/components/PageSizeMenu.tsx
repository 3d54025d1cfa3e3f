/**
 * The rows-per-page menu of the lists: mantine-datatable's own selector prints the raw numbers,
 * so this one (same look and classes) writes them in the language's digits.
 */
import { Button, Group, Menu, rem, Text } from '@mantine/core';
import type { Formatter } from '../lib/useFormat';
import { LazyMenu } from './LazyMenu';

const PAGE_SIZES = [10, 25, 50, 100];

function UpDownIcon() {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      strokeWidth="2"
      stroke="currentColor"
      fill="none"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M8 9l4 -4l4 4" />
      <path d="M16 15l-4 4l-4 -4" />
    </svg>
  );
}

/** The menu; `f.num` writes the numbers ('25' → '२५' in ne). */
export function PageSizeMenu({
  value,
  onChange,
  f,
  label,
  sizes = PAGE_SIZES,
}: {
  value: number;
  onChange: (n: number) => void;
  f: Formatter;
  label: string;
  /** The choices; the list pages' 10/25/50/100 by default. */
  sizes?: number[];
}) {
  return (
    <Group gap="xs">
      <Text component="div" size="sm">
        {label}
      </Text>
      <LazyMenu
        withinPortal
        withArrow
        offset={2}
        classNames={{ arrow: 'mantine-datatable-page-size-selector-menu-arrow' }}
        target={
          <Button
            size="sm"
            variant="default"
            aria-label={`${label}: ${f.num(value)}`}
            classNames={{ section: 'mantine-datatable-page-size-selector-button-icon' }}
            rightSection={<UpDownIcon />}
            style={(theme) => ({
              fontWeight: 'normal',
              height: rem(26),
              paddingLeft: theme.spacing.sm,
              paddingRight: theme.spacing.sm,
            })}
          >
            {f.num(value)}
          </Button>
        }
      >
        <Menu.Dropdown>
          {sizes.map((n) => (
            <Menu.Item
              key={n}
              className={n === value ? 'mantine-datatable-page-size-selector-active' : undefined}
              style={{ height: rem(26) }}
              disabled={n === value}
              onClick={() => onChange(n)}
            >
              <Text component="div" size="sm">
                {f.num(n)}
              </Text>
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </LazyMenu>
    </Group>
  );
}
