/** Own profile (SPEC §2 `profile`): the signed-in user's details, photo and citizenship scan. */
import { Badge, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AuthImage } from '../../components/AuthImage';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentUser } from '../../lib/auth';
import { useFormat } from '../../lib/useFormat';

export default function ProfilePage() {
  const { t } = useTranslation();
  const f = useFormat();
  const user = useCurrentUser();

  const rows: [string, string][] = [
    [t('auth.name'), user.name],
    [t('auth.username'), user.username],
    [t('auth.phone'), f.digits(user.phone)],
    [t('auth.email'), user.email ?? '—'],
    [t('auth.gender'), t(`gender.${user.gender}`)],
    [t('profile.role'), t(`roles.${user.userType}`)],
  ];

  return (
    <>
      <PageHeader title={t('profile.title')} />
      <Card withBorder radius="md" maw={720}>
        <Table variant="vertical" layout="fixed" withRowBorders>
          <Table.Tbody>
            {rows.map(([k, v]) => (
              <Table.Tr key={k}>
                <Table.Th w="40%">{k}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{v}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {user.roles.length > 0 && (
          <Group gap="xs" mt="md">
            <Text size="sm" c="dimmed">
              {t('profile.roles')}:
            </Text>
            {user.roles.map((r) => (
              <Badge key={r} variant="light">
                {t(`roles.${r}`, { defaultValue: r })}
              </Badge>
            ))}
          </Group>
        )}
        {(user.photoFileId != null || user.citizenshipFileId != null) && (
          <SimpleGrid cols={{ base: 1, xs: 2 }} mt="md">
            {user.photoFileId != null && (
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('profile.photo')}
                </Text>
                <AuthImage fileId={user.photoFileId} alt={t('profile.photo')} h={180} />
              </Stack>
            )}
            {user.citizenshipFileId != null && (
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('profile.citizenship')}
                </Text>
                <AuthImage fileId={user.citizenshipFileId} alt={t('profile.citizenship')} h={180} />
              </Stack>
            )}
          </SimpleGrid>
        )}
      </Card>
    </>
  );
}
