/**
 * The "Current year" cell of the fiscal-year list (issue 17 §7): a badge on the current year,
 * and on every other year a "Make current" button for those who may edit fiscal years. The
 * button opens a confirmation that names what changes — new applications and fee estimates,
 * renewals and registration numbers use this year; the old current year stays active — and
 * only then calls POST /api/fiscal-years/{id}/make-current with the year it said would be
 * replaced (the server answers 409 when another admin changed it meanwhile, 422 when the year's
 * tax setup is missing; the answer is shown in the dialog). The status switch never does this.
 */
import { Alert, Badge, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError, type Envelope } from '../../lib/api';
import { useCan } from '../../lib/auth';
import { useFormat } from '../../lib/useFormat';
import { useAllOptions } from '../../lib/useOptions';
import type { ResourceRow } from './types';

interface YearRow extends ResourceRow {
  code?: string;
  isCurrent?: boolean;
}

/** The list cell: "Current" badge, or the make-current action. */
export function CurrentYearCell({ row }: { row: YearRow }) {
  const { t } = useTranslation();
  const f = useFormat();
  const canEdit = useCan('edit-fiscal-years');
  const [opened, setOpened] = useState(false);
  if (row.isCurrent) {
    return (
      <Badge color="green" variant="filled">
        {t('staff.fiscalYear.current')}
      </Badge>
    );
  }
  if (!canEdit) return <>—</>;
  const year = f.digits(row.code ?? String(row.id));
  return (
    <>
      <Button
        size="compact-sm"
        variant="light"
        aria-label={t('staff.fiscalYear.makeCurrentName', { year })}
        onClick={(e) => {
          e.stopPropagation();
          setOpened(true);
        }}
      >
        {t('staff.fiscalYear.makeCurrent')}
      </Button>
      {opened && <MakeCurrentDialog row={row} onClose={() => setOpened(false)} />}
    </>
  );
}

/** The confirmation naming the effect of making `row` the current year. */
export function MakeCurrentDialog({ row, onClose }: { row: YearRow; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const qc = useQueryClient();
  const years = useAllOptions<YearRow>('fiscal-years');
  const old = years.data?.find((y) => y.isCurrent && y.id !== row.id) ?? null;
  const year = f.digits(row.code ?? String(row.id));
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () =>
      api.post<Envelope<YearRow>>(`/fiscal-years/${row.id}/make-current`, {
        replacing: old ? old.id : 'none',
      }),
    onSuccess: (res) => {
      notifications.show({
        color: 'green',
        message: res.message || t('staff.fiscalYear.madeCurrent', { year }),
        autoClose: 5000,
      });
      void qc.invalidateQueries({ queryKey: ['/fiscal-years'] });
      void qc.invalidateQueries({ queryKey: ['dashboard'] });
      onClose();
    },
    onError: (e) => setError(e instanceof ApiError && e.message ? e.message : t('errors.server')),
  });
  return (
    <Modal
      opened
      onClose={onClose}
      centered
      title={t('staff.fiscalYear.dialogTitle', { year })}
      onClick={(e) => e.stopPropagation()}
    >
      <Stack gap="sm">
        <List size="sm" spacing="xs">
          <List.Item>{t('staff.fiscalYear.effectNew', { year })}</List.Item>
          <List.Item>{t('staff.fiscalYear.effectRenewals', { year })}</List.Item>
          <List.Item>
            {old
              ? t('staff.fiscalYear.effectOld', { old: f.digits(old.code ?? String(old.id)) })
              : years.isPending
                ? '…'
                : t('staff.fiscalYear.effectNoOld')}
          </List.Item>
        </List>
        {error && (
          <Alert color="red" role="alert">
            <Text size="sm">{error}</Text>
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            loading={mutation.isPending}
            disabled={years.isPending}
            onClick={() => {
              setError(null);
              mutation.mutate();
            }}
          >
            {t('staff.fiscalYear.confirm', { year })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
