/**
 * Counter filing, step 2 (issue 19 §4): the applicant's scanned photo and citizenship, uploaded
 * to their profile on their behalf (POST /api/counter/applicants/{id}/documents, audited). Each
 * replaces the one on the profile; what the profile already has is shown as such.
 */
import { Badge, Button, Card, FileInput, Group, SimpleGrid, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CounterApplicant } from '../../../shared/schemas/counter.js';
import { checkUpload } from '../../lib/forms';
import { applicantKey, uploadScans } from './api';

export function ScansCard({ applicant: a }: { applicant: CounterApplicant }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [files, setFiles] = useState<{ photo: File | null; citizenship: File | null }>({
    photo: null,
    citizenship: null,
  });
  const [busy, setBusy] = useState(false);
  const problems = {
    photo: files.photo ? checkUpload(files.photo) : null,
    citizenship: files.citizenship ? checkUpload(files.citizenship) : null,
  };
  const upload = async () => {
    setBusy(true);
    try {
      const res = await uploadScans(a.id, files);
      qc.setQueryData(applicantKey(a.id), res);
      setFiles({ photo: null, citizenship: null });
      notifications.show({ color: 'green', message: t('counter.scansSaved') });
    } finally {
      setBusy(false);
    }
  };
  const input = (kind: 'photo' | 'citizenship', accept: string) => (
    <div>
      <Group gap="xs" mb={4}>
        <Badge
          color={a[`${kind}FileId`] != null ? 'green' : 'orange'}
          variant="light"
          data-testid={`scan-${kind}`}
        >
          {t(a[`${kind}FileId`] != null ? 'counter.present' : 'counter.missing')}
        </Badge>
      </Group>
      <FileInput
        name={kind}
        label={t(`counter.${kind}`)}
        accept={accept}
        value={files[kind]}
        onChange={(f) => setFiles((old) => ({ ...old, [kind]: f }))}
        error={problems[kind]}
        clearable
      />
    </div>
  );
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h4" mb="xs">
        {t('counter.scansTitle')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {input('photo', 'image/jpeg,image/png')}
        {input('citizenship', 'image/jpeg,image/png,application/pdf')}
      </SimpleGrid>
      <Group mt="md">
        <Button
          onClick={() => void upload()}
          loading={busy}
          disabled={
            (!files.photo && !files.citizenship) || !!problems.photo || !!problems.citizenship
          }
        >
          {t('counter.upload')}
        </Button>
      </Group>
    </Card>
  );
}
