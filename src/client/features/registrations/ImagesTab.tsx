/**
 * The images tab of the application detail: the documents, each with the staff checklist
 * (POST /api/applications/{id}/documents/{documentId}/checks).
 */
import { Box, Button, Card, Checkbox, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthImage, FileLink } from '../../components/AuthImage';
import { api, serverMessage, type Envelope } from '../../lib/api';
import { useFormat } from '../../lib/useFormat';
import { useAllOptions } from '../../lib/useOptions';
import { detailKey } from './api';
import type { ApplicationDetail, ApplicationDocument, CheckboxOption } from './types';

/**
 * The staff checklist of one document: editable by staff who verify (`canCheckDocuments`),
 * otherwise the ticked items read-only.
 */
function DocumentChecks({
  appId,
  doc,
  boxes,
  editable,
}: {
  appId: number;
  doc: ApplicationDocument;
  boxes: CheckboxOption[];
  editable: boolean;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const qc = useQueryClient();
  const saved = (doc.checks ?? []).map(String);
  const [value, setValue] = useState<string[]>(saved);
  const save = useMutation({
    // JSON: an all-cleared checklist is an empty list, which multipart cannot send.
    mutationFn: (checks: number[]) =>
      api.postJson<Envelope<ApplicationDetail>>(
        `/applications/${appId}/documents/${doc.id}/checks`,
        { checks },
      ),
    onSuccess: (res) => {
      qc.setQueryData(detailKey(appId), res);
      notifications.show({ color: 'green', message: serverMessage(res, 'common.updated') });
    },
  });
  if (!editable) {
    const ticked = boxes.filter((b) => saved.includes(String(b.id)));
    return (
      <Box mt="xs">
        <Text size="sm" fw={500}>
          {t('actions.checklist')}
        </Text>
        {ticked.length ? (
          <Box component="ul" m={0} pl="md">
            {ticked.map((b) => (
              <Text component="li" size="sm" key={b.id}>
                ✓ {f.name(b)}
              </Text>
            ))}
          </Box>
        ) : (
          <Text size="sm" c="dimmed">
            {t('documents.noChecks')}
          </Text>
        )}
      </Box>
    );
  }
  const dirty = [...value].sort().join(',') !== [...saved].sort().join(',');
  return (
    <Box mt="xs">
      <Checkbox.Group label={t('actions.checklist')} value={value} onChange={setValue}>
        <Stack gap={6} mt={6}>
          {boxes.map((b) => (
            <Checkbox key={b.id} value={String(b.id)} label={f.name(b)} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Button
        size="xs"
        mt="sm"
        variant={dirty ? 'filled' : 'light'}
        loading={save.isPending}
        onClick={() => save.mutate(value.map(Number))}
      >
        {t('documents.saveChecks')}
      </Button>
    </Box>
  );
}

export function ImagesTab({ d }: { d: ApplicationDetail }) {
  const { t } = useTranslation();
  const f = useFormat();
  const boxes = useAllOptions<CheckboxOption>('checkboxes');
  // Each file once (issue 17 §3): the profile's photo and citizenship serve every application,
  // so a file attached under two kinds is shown under the first.
  const documents = d.documents.filter(
    (doc, i) => d.documents.findIndex((x) => x.fileId === doc.fileId) === i,
  );
  if (!documents.length) return <Text c="dimmed">{t('detail.noDocuments')}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
      {documents.map((doc) => {
        const label = doc.nameEn
          ? f.name({ nameEn: doc.nameEn, nameNe: doc.nameNe })
          : t(`documents.${doc.kind}`, { defaultValue: doc.kind });
        return (
          <Card
            key={doc.id}
            withBorder
            radius="md"
            padding="sm"
            component="section"
            aria-label={label}
          >
            <Text fw={500} mb="xs">
              {label}
            </Text>
            {doc.mime.startsWith('image/') ? (
              <AuthImage fileId={doc.fileId} alt={label} h={200} radius="sm" />
            ) : (
              <FileLink fileId={doc.fileId} filename={doc.originalName}>
                {t('detail.openPdf')} ({doc.originalName})
              </FileLink>
            )}
            {boxes.data && boxes.data.length > 0 && (
              <DocumentChecks
                // A new server answer (another document saved) restarts the local ticks.
                key={(doc.checks ?? []).join(',')}
                appId={d.id}
                doc={doc}
                boxes={boxes.data}
                editable={Boolean(d.canCheckDocuments)}
              />
            )}
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
