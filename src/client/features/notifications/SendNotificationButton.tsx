/**
 * "Send notification" on the application detail (SPEC §2; issue 5 §5): staff with
 * send-notifications write a free-text message (at most 480 characters) that reaches the
 * applicant in the app, by SMS and by email (POST /api/applications/{id}/notify).
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { GrowingTextarea } from '../../components/GrowingTextarea';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../lib/api';
import { useCan } from '../../lib/auth';
import { tMessage } from '../../lib/i18n';
import { useFormat } from '../../lib/useFormat';
import { useOnceTrue } from '../../lib/useOnceTrue';

export const MESSAGE_MAX = 480;

export function SendNotificationButton({ applicationId }: { applicationId: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const qc = useQueryClient();
  const allowed = useCan('send-notifications');
  const [opened, setOpened] = useState(false);
  // The dialog is mounted when first opened (then kept, for its closing transition): a closed
  // Modal still mounts its Portal, which sets state as the detail's first commit is made, and
  // React renders that synchronously with every effect of the commit (components/LazyMenu.tsx).
  const drawn = useOnceTrue(opened);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setOpened(false);
    setMessage('');
    setError(null);
  };

  const send = useMutation({
    mutationFn: (text: string) =>
      api.post(`/applications/${applicationId}/notify`, { message: text }),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('notifications.sent') });
      void qc.invalidateQueries({ queryKey: ['outbox'] });
      close();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.errors.message?.length) setError(e.errors.message[0]);
    },
  });

  if (!allowed) return null;

  const submit = () => {
    const text = message.trim();
    if (!text) return setError('validation.required');
    if (text.length > MESSAGE_MAX) return setError('validation.tooLong');
    setError(null);
    send.mutate(text);
  };

  return (
    <>
      <Button variant="light" color="grape" onClick={() => setOpened(true)}>
        {t('notifications.send')}
      </Button>
      {drawn && (
        <Modal opened={opened} onClose={close} title={t('notifications.sendTitle')} size="lg">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('notifications.sendHelp')}
            </Text>
            <GrowingTextarea
              label={t('notifications.message')}
              required
              minRows={4}
              maxRows={10}
              maxLength={MESSAGE_MAX}
              value={message}
              onChange={(e) => {
                setMessage(e.currentTarget.value);
                setError(null);
              }}
              error={tMessage(error) || undefined}
              description={t('notifications.chars', {
                n: f.num(message.length),
                max: f.num(MESSAGE_MAX),
              })}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button onClick={submit} loading={send.isPending}>
                {t('notifications.sendButton')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </>
  );
}
