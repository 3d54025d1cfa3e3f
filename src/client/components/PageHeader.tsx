/** Page title with optional actions on the right; wraps on phones. */
import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <Group justify="space-between" align="center" mb="md" gap="sm">
      <Title order={2} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {title}
      </Title>
      {children && <Group gap="xs">{children}</Group>}
    </Group>
  );
}
