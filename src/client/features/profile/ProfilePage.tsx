/**
 * Own profile (SPEC §2 `profile`): the signed-in user's details, the forms to edit them and
 * to change the password (issue 5 §3, AccountForms.tsx), and the photo and
 * citizenship certificate that every application takes from the profile (SPEC §5 "Please
 * upload photos first"; issue 4 contract: POST /api/profiles/documents). `/profile#documents`
 * scrolls to the upload card, the target of the 'Please upload photos first' link; an applicant
 * also turns renewal reminders off or on here (RemindersCard.tsx, `/profile#reminders`).
 */
import {
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { User } from '../../../shared/schemas/auth.js';
import { AuthImage } from '../../components/AuthImage';
import { ChangePasswordCard, EditDetailsCard } from './AccountForms';
import { RemindersCard } from './RemindersCard';
import { PageHeader } from '../../components/PageHeader';
import { api, ApiError, serverMessage, type Envelope } from '../../lib/api';
import { PROFILE_KEY, useCurrentUser } from '../../lib/auth';
import { checkUpload, UPLOAD_ACCEPT } from '../../lib/forms';
import { tMessage } from '../../lib/i18n';
import { USER_KEY } from '../../lib/session';
import { useFormat } from '../../lib/useFormat';

/** The profile photo is shown as a picture: no PDF. */
const PHOTO_ACCEPT = 'image/jpeg,image/png';

type DocField = 'photo' | 'citizenship';

function DocumentsCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [files, setFiles] = useState<Record<DocField, File | null>>({
    photo: null,
    citizenship: null,
  });
  const [errors, setErrors] = useState<Partial<Record<DocField, string>>>({});
  const [saving, setSaving] = useState(false);

  const check = (k: DocField, file: File | null): string | null => {
    if (k === 'photo' && file?.type && !PHOTO_ACCEPT.split(',').includes(file.type)) {
      return 'errors.fileType';
    }
    return checkUpload(file);
  };

  const choose = (k: DocField) => (file: File | null) => {
    setFiles((prev) => ({ ...prev, [k]: file }));
    setErrors((prev) => ({ ...prev, [k]: check(k, file) ?? undefined }));
  };

  async function upload() {
    const next: Partial<Record<DocField, string>> = {};
    for (const k of ['photo', 'citizenship'] as const) {
      const problem = check(k, files[k]);
      if (problem) next[k] = problem;
    }
    if (!files.photo && !files.citizenship) next.photo = 'profileDocs.chooseOne';
    setErrors(next);
    if (Object.keys(next).length) return;
    setSaving(true);
    try {
      const res = await api.post<Envelope<User>>('/profiles/documents', {
        photo: files.photo ?? undefined,
        citizenship: files.citizenship ?? undefined,
      });
      // The new file ids go to the cached profile and to the stored `user` (SPEC §9), which
      // is what the 'Please upload photos first' check reads.
      qc.setQueryData(PROFILE_KEY, res.data);
      localStorage.setItem(USER_KEY, JSON.stringify(res.data));
      setFiles({ photo: null, citizenship: null });
      notifications.show({ color: 'green', message: serverMessage(res, 'common.updated') });
    } catch (e) {
      if (e instanceof ApiError) {
        setErrors({ photo: e.errors.photo?.[0], citizenship: e.errors.citizenship?.[0] });
      }
    } finally {
      setSaving(false);
    }
  }

  const current = (k: DocField, fileId: number | null, label: string) => (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {fileId != null ? (
        <AuthImage fileId={fileId} alt={label} h={180} w="auto" />
      ) : (
        <Text size="sm" c="dimmed" data-testid={`${k}-missing`}>
          {t('profileDocs.missing')}
        </Text>
      )}
    </Stack>
  );

  return (
    <Card
      withBorder
      radius="md"
      maw={720}
      mt="md"
      id="documents"
      component="section"
      aria-labelledby="documents-title"
      // Clear of the fixed app header when scrolled to by the #documents link.
      style={{ scrollMarginTop: 72 }}
    >
      <Title order={3} size="h4" id="documents-title">
        {t('profileDocs.title')}
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="sm">
        {t('profileDocs.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {current('photo', user.photoFileId, t('profile.photo'))}
        {current('citizenship', user.citizenshipFileId, t('profile.citizenship'))}
        <FileInput
          name="photo"
          label={t('profileDocs.photo')}
          description={`${t('profileDocs.photoHelp')}. ${t('profileDocs.replaceHelp')}`}
          placeholder={t('form.chooseFile')}
          accept={PHOTO_ACCEPT}
          clearable
          value={files.photo}
          onChange={choose('photo')}
          error={tMessage(errors.photo)}
        />
        <FileInput
          name="citizenship"
          label={t('profileDocs.citizenship')}
          description={`${t('form.uploadHelp')}. ${t('profileDocs.replaceHelp')}`}
          placeholder={t('form.chooseFile')}
          accept={UPLOAD_ACCEPT}
          clearable
          value={files.citizenship}
          onChange={choose('citizenship')}
          error={tMessage(errors.citizenship)}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button onClick={() => void upload()} loading={saving}>
          {t('profileDocs.upload')}
        </Button>
      </Group>
    </Card>
  );
}

export default function ProfilePage() {
  const { t } = useTranslation();
  const f = useFormat();
  const user = useCurrentUser();
  const { hash } = useLocation();

  // The router does not scroll to a #fragment by itself.
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [hash]);

  // [label, value, is the value the user's own data (shown as typed, not translated)]
  const rows: [string, string, boolean][] = [
    [t('auth.name'), user.name, true],
    [t('auth.username'), user.username, true],
    [t('auth.phone'), f.digits(user.phone), true],
    [t('auth.email'), user.email ?? '—', true],
    [t('auth.gender'), t(`gender.${user.gender}`), false],
    [t('profile.role'), t(`roles.${user.userType}`), false],
  ];

  return (
    <>
      <PageHeader title={t('profile.title')} />
      <Card withBorder radius="md" maw={720}>
        <Table variant="vertical" layout="fixed" withRowBorders>
          <Table.Tbody>
            {rows.map(([k, v, isData]) => (
              <Table.Tr key={k}>
                <Table.Th w="40%">{k}</Table.Th>
                <Table.Td
                  style={{ overflowWrap: 'anywhere' }}
                  translate={isData ? 'no' : undefined}
                >
                  {v}
                </Table.Td>
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
      </Card>
      <EditDetailsCard
        key={`${user.id}-${user.name}-${user.email}-${user.gender}-${user.lang}`}
        user={user}
      />
      <ChangePasswordCard />
      <DocumentsCard user={user} />
      {user.userType === 'user' && <RemindersCard />}
    </>
  );
}
