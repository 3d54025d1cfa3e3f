/** A report's totals as labelled figures in a row (two a row on a phone). */
import { Paper, SimpleGrid, Text } from '@mantine/core';

export function Totals({ items }: { items: { label: string; value: string; testId?: string }[] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: items.length }} spacing="xs" mb="sm">
      {items.map((i) => (
        <Paper key={i.label} withBorder p="xs" radius="md">
          <Text size="xs" c="dimmed">
            {i.label}
          </Text>
          <Text fw={700} data-testid={i.testId} style={{ whiteSpace: 'nowrap' }}>
            {i.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
