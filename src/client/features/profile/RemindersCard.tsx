/**
 * The applicant's renewal reminders (issue 19 §5): on by default; the switch turns the SMS (and
 * email) reminders before and after the registration's expiry off or on at once (GET and PUT
 * /api/profiles/reminders). The reminder SMS itself says that it is turned off here.
 */
import { Alert, Card, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, serverMessage, type Envelope } from '../../lib/api';

type Preference = { renewalReminders: boolean };
const KEY = ['profile-reminders'];

export function RemindersCard() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  // The value asked for, held in the click's own render: the mutation's pending state reaches
  // React only on react-query's next notify batch (a timer), and until then the controlled
  // switch would spring back to the saved value under the user's finger.
  const [asked, setAsked] = useState<boolean | null>(null);
  const q = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api.get<Envelope<Preference>>('/profiles/reminders', {}, signal),
  });
  const change = useMutation({
    mutationFn: (on: boolean) =>
      api.put<Envelope<Preference>>('/profiles/reminders', { renewalReminders: on }),
    onSuccess: (res) => {
      qc.setQueryData(KEY, res);
      const key = res.data.renewalReminders
        ? 'reminders.profile.savedOn'
        : 'reminders.profile.savedOff';
      notifications.show({ color: 'green', message: serverMessage(res, key) });
    },
    onSettled: () => setAsked(null),
  });
  const on = asked ?? q.data?.data.renewalReminders;

  return (
    <Card
      withBorder
      radius="md"
      maw={720}
      mt="md"
      id="reminders"
      component="section"
      aria-labelledby="reminders-title"
      style={{ scrollMarginTop: 72 }}
    >
      <Title order={3} size="h4" id="reminders-title">
        {t('reminders.profile.title')}
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="sm">
        {t('reminders.profile.intro')}
      </Text>
      <Switch
        label={t('reminders.profile.toggle')}
        checked={on ?? true}
        disabled={q.isPending || asked !== null}
        onChange={(e) => {
          const next = e.currentTarget.checked;
          setAsked(next);
          change.mutate(next);
        }}
      />
      {on === false && (
        <Alert color="yellow" mt="sm" variant="light">
          {t('reminders.profile.off')}
        </Alert>
      )}
    </Card>
  );
}
