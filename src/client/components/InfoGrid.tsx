/** Label/value pairs in a responsive grid (one column on phones), as a description list. */
import { Box, SimpleGrid, Text, type SimpleGridProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A value as the user typed it (a name, an address): marked `translate="no"`, the app's
 * convention for data, which may stay Latin in Nepali (e2e/nepali-text.spec.ts). Empty values
 * stay empty, so InfoGrid still shows its dash.
 */
export function data(value: string | null | undefined): ReactNode {
  return value ? <span translate="no">{value}</span> : value;
}

export function InfoGrid({
  items,
  cols = { base: 1, xs: 2, md: 3 },
}: {
  items: [label: string, value: ReactNode][];
  cols?: SimpleGridProps['cols'];
}) {
  return (
    <SimpleGrid component="dl" cols={cols} spacing="sm" verticalSpacing="xs" m={0}>
      {items.map(([label, value]) => (
        <Box key={label}>
          <Text component="dt" size="xs" c="dimmed" fw={500}>
            {label}
          </Text>
          <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
            {value === null || value === undefined || value === '' ? '—' : value}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}
