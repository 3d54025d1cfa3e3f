/**
 * "Revoke certificate" on the application detail (issue 7 §2): an admin with
 * approve-applications gives a reason; the public verification page shows the certificate as
 * revoked at once (POST /api/certificates/{id}/revoke).
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { GrowingTextarea } from '../../components/GrowingTextarea';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../lib/api';
import { useCan } from '../../lib/auth';
import { tMessage } from '../../lib/i18n';

export function RevokeCertificateButton({
  certificateId,
  revoked,
}: {
  certificateId: number;
  revoked: boolean;
}) {
  const { t } = useTranslation();
  const allowed = useCan('approve-applications');
  const [opened, setOpened] = useState(false);
  if (!allowed || revoked) return null;
  return (
    <>
      <Button variant="subtle" color="red" onClick={() => setOpened(true)}>
        {t('verify.revoke')}
      </Button>
      <RevokeCertificateDialog
        certificateId={certificateId}
        opened={opened}
        onClose={() => setOpened(false)}
      />
    </>
  );
}

/**
 * The revoke dialog alone (issue 17 §7: the detail page opens it from its "More actions"
 * menu): what revoking does, the reason, then POST /api/certificates/{id}/revoke.
 */
export function RevokeCertificateDialog({
  certificateId,
  opened,
  onClose,
}: {
  certificateId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    onClose();
    setReason('');
    setError(null);
  };
  const revoke = useMutation({
    mutationFn: (remarks: string) => api.post(`/certificates/${certificateId}/revoke`, { remarks }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['/applications'] });
      close();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.errors.remarks?.length) setError(e.errors.remarks[0]);
    },
  });
  const submit = () => {
    const text = reason.trim();
    if (!text) return setError('validation.required');
    setError(null);
    revoke.mutate(text);
  };
  return (
    <Modal opened={opened} onClose={close} title={t('verify.revoke')}>
      <Stack gap="sm">
        <Text size="sm">{t('verify.revokeHelp')}</Text>
        <GrowingTextarea
          label={t('verify.revokeReason')}
          required
          minRows={3}
          maxLength={1000}
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setError(null);
          }}
          error={tMessage(error) || undefined}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={submit} loading={revoke.isPending}>
            {t('verify.revoke')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
