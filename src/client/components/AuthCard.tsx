/**
 * Centered card used by the public screens (login, register), with the language switch; `header`
 * (the login page's palika name and emblem) goes above the card.
 */
import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './LanguageSwitch';

export function AuthCard({
  title,
  children,
  header,
  width = 440,
}: {
  title: string;
  children: ReactNode;
  header?: ReactNode;
  /** the card's largest width in px (a list of results needs more than a form) */
  width?: number;
}) {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="sm" bg="gray.0">
      <Box w="100%" maw={width}>
        {header}
        <Group justify="space-between" mb="sm" wrap="nowrap">
          <div>
            <Title order={2} c="indigo.8">
              {t('app.name')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('app.tagline')}
            </Text>
          </div>
          <LanguageSwitch />
        </Group>
        <Paper withBorder shadow="sm" p="lg" radius="md">
          <Stack gap="md">
            <Title order={3}>{title}</Title>
            {children}
          </Stack>
        </Paper>
      </Box>
    </Center>
  );
}
