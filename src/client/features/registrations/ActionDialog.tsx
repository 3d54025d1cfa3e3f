/**
 * One lifecycle action (verify, reject, approve, cancel, terminate, resubmit, accept) with
 * optional or required remarks. Destructive actions ask 'Are you sure?' first (SPEC §5), and
 * cancel and terminate say what happens, in the dialog and in the confirmation (issue 17 §7). On
 * success the detail answer of the server replaces the cached detail.
 *
 * `accept` takes an old paper registration into the system (issue 4 contract): like approve,
 * plus the optional validity printed on the paper certificate, typed in BS and sent as the AD
 * `expiryDate` (the server defaults it to the end of the old registration's fiscal year).
 */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { GrowingTextarea } from '../../components/GrowingTextarea';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bsToAd, parseBs } from '../../../shared/bs-date.js';
import { BsDatePicker } from '../../components/BsDatePicker';
import { api, ApiError, type Envelope } from '../../lib/api';
import { tMessage } from '../../lib/i18n';
import { useFormat } from '../../lib/useFormat';
import { detailKey } from './api';
import { ACTION_COLOR, DESTRUCTIVE, type RemarksAction } from './actionStyle';
import type { ApplicationDetail } from './types';

/** Actions whose remarks are compulsory (rejectSchema on the server). */
const REMARKS_REQUIRED: RemarksAction[] = ['reject', 'terminate'];
/** Actions that undo work and so ask for confirmation. */
const CONFIRM: RemarksAction[] = ['reject', 'cancel', 'terminate'];

export function ActionDialog({
  id,
  action,
  onClose,
}: {
  id: number;
  action: RemarksAction | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const qc = useQueryClient();
  const [remarks, setRemarks] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [expiryBs, setExpiryBs] = useState('');
  const [expiryError, setExpiryError] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: ({ a, expiryDate }: { a: RemarksAction; expiryDate?: string }) =>
      api.post<Envelope<ApplicationDetail>>(`/applications/${id}/${a}`, {
        remarks: remarks.trim() || undefined,
        expiryDate,
      }),
    onSuccess: (res) => {
      qc.setQueryData(detailKey(id), res);
      void qc.invalidateQueries({ queryKey: ['/applications', 'list'] });
      // Approving a renewal or accepting an old registration changes who is due for renewal.
      void qc.invalidateQueries({ queryKey: ['/applications/renewals'] });
      void qc.invalidateQueries({ queryKey: ['dashboard'] });
      notifications.show({ color: 'green', message: t('common.actionSuccess'), autoClose: 5000 });
      close();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.errors.remarks?.length) setError(e.errors.remarks[0]);
      if (e instanceof ApiError && e.errors.expiryDate?.length) {
        setExpiryError(e.errors.expiryDate[0]);
      }
    },
  });

  function close() {
    setRemarks('');
    setError(null);
    setExpiryBs('');
    setExpiryError(null);
    onClose();
  }

  function submit() {
    if (!action) return;
    if (REMARKS_REQUIRED.includes(action) && !remarks.trim()) {
      setError('validation.required');
      return;
    }
    let expiryDate: string | undefined;
    if (action === 'accept' && expiryBs.trim()) {
      const bs = parseBs(expiryBs);
      if (!bs) {
        setExpiryError('validation.date');
        return;
      }
      expiryDate = bsToAd(bs);
    }
    if (CONFIRM.includes(action)) {
      modals.openConfirmModal({
        title: t('common.areYouSure'),
        children: (
          <Text size="sm">
            {DESTRUCTIVE.includes(action)
              ? t(`staff.detail.effect.${action}`)
              : t(`actions.confirm.${action}`)}
          </Text>
        ),
        labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
        confirmProps: { color: 'red' },
        onConfirm: () => mutation.mutate({ a: action }),
      });
    } else {
      mutation.mutate({ a: action, expiryDate });
    }
  }

  return (
    <Modal
      opened={action !== null}
      onClose={close}
      title={action ? t(`actions.${action}`) : ''}
      centered
    >
      {action && (
        <Stack>
          {DESTRUCTIVE.includes(action) ? (
            <Alert color="red" variant="light">
              <Text size="sm">{t(`staff.detail.effect.${action}`)}</Text>
            </Alert>
          ) : (
            <Text size="sm" c="dimmed">
              {t(`actions.help.${action}`)}
            </Text>
          )}
          {action === 'accept' && (
            <BsDatePicker
              label={t('detail.expiryDate')}
              name="expiryDate"
              description={t('detail.acceptExpiryHelp')}
              placeholder={f.digits('2080-03-31')}
              value={expiryBs}
              onChange={(text) => {
                setExpiryBs(text);
                setExpiryError(null);
              }}
              error={tMessage(expiryError)}
            />
          )}
          <GrowingTextarea
            label={t('actions.remarks')}
            name="remarks"
            required={REMARKS_REQUIRED.includes(action)}
            minRows={3}
            maxLength={1000}
            value={remarks}
            onChange={(e) => {
              setRemarks(e.currentTarget.value);
              setError(null);
            }}
            error={tMessage(error)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button color={ACTION_COLOR[action]} loading={mutation.isPending} onClick={submit}>
              {t(`actions.${action}`)}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
