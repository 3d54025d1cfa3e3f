/** Label/value pairs in a responsive grid (one column on phones), as a description list. */
import { Box, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function InfoGrid({ items }: { items: [label: string, value: ReactNode][] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="xs" m={0}>
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
