/**
 * "Remind now" on the list of registrations due for renewal (issue 19 §5): per row, and for the
 * rows selected, POST /api/applications/reminders queues each applicant's renewal reminder at
 * once (staff with send-notifications; the server scopes a ward admin to their ward). Each row
 * shows when the last reminder (the job's or staff's) was queued, or that the applicant turned
 * reminders off, in which case no button is offered and the server sends none either.
 */
import { Badge, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RemindOutcome } from '../../../shared/schemas/reminders.js';
import { BsDate } from '../../components/BsDate';
import { api, serverMessage, type Envelope } from '../../lib/api';
import { useFormat } from '../../lib/useFormat';
import type { RenewalRow } from '../registrations';

/** The permission a "remind now" needs (as the route requires). */
export const REMIND_PERMISSION = 'send-notifications';

/** The reminder facts of a renewals list row. */
export type ReminderFacts = Pick<RenewalRow, 'id' | 'businessName'> & {
  lastReminderAt?: string | null;
  remindersOff?: boolean;
};

/** The mutation: remind `ids` now, tell what happened, refresh the list. */
export function useRemindNow() {
  const { t } = useTranslation();
  const f = useFormat();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      api.post<Envelope<RemindOutcome>>('/applications/reminders', { ids }),
    onSuccess: (res) => {
      const { sent, optedOut, alreadyToday } = res.data;
      const lines = [
        sent.length === 1 && !optedOut.length && !alreadyToday.length
          ? serverMessage(res, 'reminders.sent')
          : sent.length
            ? t('reminders.sentCount', { n: f.num(sent.length) })
            : serverMessage(res, 'reminders.noneSent'),
        optedOut.length ? t('reminders.optedOutCount', { n: f.num(optedOut.length) }) : '',
        alreadyToday.length
          ? t('reminders.alreadyTodayCount', { n: f.num(alreadyToday.length) })
          : '',
      ].filter(Boolean);
      notifications.show({
        color: sent.length ? 'green' : 'yellow',
        message: lines.join(' '),
        autoClose: 8000,
      });
      void qc.invalidateQueries({ queryKey: ['/applications/renewals'] });
    },
  });
}

/** The last reminder (or none, or the opt-out) of a row, and its "Remind now" button. */
export function ReminderCell({ row, canRemind }: { row: ReminderFacts; canRemind: boolean }) {
  const { t } = useTranslation();
  const remind = useRemindNow();
  if (row.remindersOff) {
    return (
      <Badge
        color="gray"
        variant="light"
        tt="none"
        // a sentence: it wraps instead of being cut off
        styles={{
          root: { height: 'auto', paddingBlock: 2 },
          label: { whiteSpace: 'normal', overflow: 'visible' },
        }}
      >
        {t('reminders.optedOut')}
      </Badge>
    );
  }
  return (
    <Stack gap={4} align="flex-start">
      <Text size="xs" c="dimmed">
        {row.lastReminderAt ? (
          <>
            {t('reminders.lastSent')} <BsDate value={row.lastReminderAt} />
          </>
        ) : (
          t('reminders.never')
        )}
      </Text>
      {canRemind && (
        <Button
          size="compact-sm"
          variant="light"
          aria-label={t('reminders.remindNowLabel', { name: row.businessName })}
          loading={remind.isPending}
          onClick={(e: React.MouseEvent) => {
            e.stopPropagation();
            remind.mutate([row.id]);
          }}
        >
          {t('reminders.remindNow')}
        </Button>
      )}
    </Stack>
  );
}

/** "Remind selected (n)": the selected rows whose applicants have reminders on. */
export function RemindSelected({ rows, onDone }: { rows: ReminderFacts[]; onDone: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const remind = useRemindNow();
  if (rows.length === 0) return null;
  return (
    <Button
      variant="light"
      loading={remind.isPending}
      onClick={() =>
        remind.mutate(
          rows.map((r) => r.id),
          { onSuccess: onDone },
        )
      }
    >
      {t('reminders.remindSelected', { n: f.num(rows.length) })}
    </Button>
  );
}
