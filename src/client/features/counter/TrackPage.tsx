/**
 * Public status tracking (issue 19 §4): `/track/{code}` is what the QR code on an
 * acknowledgement slip opens, with no sign-in. It shows only the submission number, service,
 * business name, status, and the dates (BS); a code that is not genuine says so.
 */
import { Alert, Loader, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { TrackView } from '../../../shared/schemas/counter.js';
import { AuthCard } from '../../components/AuthCard';
import { StatusBadge } from '../../components/StatusBadge';
import { request, type Envelope } from '../../lib/api';
import { useFormat } from '../../lib/useFormat';

export default function TrackPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const { code = '' } = useParams();
  const q = useQuery({
    queryKey: ['/track', code],
    queryFn: ({ signal }) =>
      request<Envelope<TrackView>>(`/track/${encodeURIComponent(code)}`, { signal, silent: true }),
    retry: false,
  });
  const v = q.data?.data;
  const row = (label: string, value: ReactNode, testId?: string) => (
    <Table.Tr>
      <Table.Th w="42%">{label}</Table.Th>
      <Table.Td data-testid={testId}>{value}</Table.Td>
    </Table.Tr>
  );
  return (
    <AuthCard title={t('track.title')}>
      <Text size="sm" c="dimmed">
        {t('track.intro')}
      </Text>
      {q.isPending && <Loader size="sm" aria-label={t('track.title')} />}
      {q.isError && (
        <Alert color="red" role="alert">
          {t('track.notFound')}
        </Alert>
      )}
      {v && (
        <Table variant="vertical" layout="fixed">
          <Table.Tbody>
            {row(t('track.submissionNo'), f.digits(v.submissionNo))}
            {row(t('track.service'), t(`track.services.${v.service}`))}
            {row(t('track.business'), <span translate="no">{v.businessName}</span>)}
            {row(t('track.status'), <StatusBadge status={v.status} />, 'track-status')}
            {row(t('track.submitted'), f.date(v.submittedOn))}
            {row(t('track.updated'), f.date(v.updatedAt))}
          </Table.Tbody>
        </Table>
      )}
    </AuthCard>
  );
}
