/**
 * One card of the applicant home (issue 17 §1): the business, its submission or registration
 * number, where it stands in plain words, why it was sent back (a rejected application), and
 * its ONE next step as a button (nextAction.ts).
 */
import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Service } from '../../../shared/lifecycle.js';
import { ServiceBadge } from '../../components/ServiceBadge';
import { useFormat, type Formatter } from '../../lib/useFormat';
import { downloadCertificate } from '../registrations';
import type { CardState, NextAction, Tone } from './nextAction';

/** Mantine colour of each tone (the card's edge and the state's text). */
const TONE_COLOR: Record<Tone, string> = {
  action: 'indigo',
  problem: 'red',
  waiting: 'orange',
  done: 'green',
  over: 'gray',
};

/**
 * The state's text colour: shade 9 of its tone, except orange and green, whose shade 9 is
 * under the 4.5:1 contrast of normal text on white (WCAG AA): a darker tint of each.
 */
const TONE_TEXT: Record<Tone, string> = {
  action: 'indigo.9',
  problem: 'red.9',
  waiting: '#a03e00',
  done: '#1f6d31',
  over: 'gray.8',
};

/** The state's sentence, with its date (BS) and amount in the reader's digits. */
export function stateText(t: TFunction, f: Formatter, c: CardState) {
  return t(`home.state.${c.state}`, { date: f.date(c.date), amount: f.money(c.amount) });
}

function actionLabel(t: TFunction, f: Formatter, a: NextAction) {
  return t(`home.action.${a.kind}`, { amount: a.kind === 'pay' ? f.money(a.amount) : '' });
}

/** The card's one button: a link, or the certificate's download. */
function ActionButton({
  action,
  business,
  main,
}: {
  action: NextAction;
  business: string;
  main: boolean;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const label = actionLabel(t, f, action);
  const common = {
    variant: main ? 'filled' : 'light',
    'aria-label': business ? t('home.actionFor', { action: label, business }) : undefined,
    w: { base: '100%', xs: 'auto' },
  } as const;
  if (action.kind === 'certificate') {
    const download = async () => {
      setBusy(true);
      setFailed(false);
      try {
        await downloadCertificate(action.id, action.registrationNo);
      } catch {
        setFailed(true);
      } finally {
        setBusy(false);
      }
    };
    return (
      <Stack gap={4} align="flex-start">
        <Button {...common} color="green" loading={busy} onClick={() => void download()}>
          {label}
        </Button>
        {failed && (
          <Text size="sm" c="red.8" role="alert">
            {t('home.downloadFailed')}
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <Button {...common} component={Link} to={action.to}>
      {label}
    </Button>
  );
}

export interface HomeCardProps {
  /** the business name ('' for a draft not named yet) */
  business: string;
  /** e.g. "Registration no." and "12/2082-83" (the number in the reader's digits) */
  reference?: { label: string; no: string };
  card: CardState;
  /** the staff's remarks on a rejected application */
  reason?: string | null;
  /** what the application asks for: a request (issue 19) shows a badge */
  service?: Service;
}

export function ApplicationCard({ business, reference, card, reason, service }: HomeCardProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const color = TONE_COLOR[card.tone];
  return (
    <Card
      component="li"
      withBorder
      radius="md"
      padding="md"
      data-state={card.state}
      style={{ borderLeft: `5px solid var(--mantine-color-${color}-6)` }}
    >
      <Stack gap="xs">
        <div>
          <Text
            fw={700}
            size="lg"
            style={{ overflowWrap: 'anywhere' }}
            translate={business ? 'no' : undefined}
          >
            {business || t('home.draftTitle')}
          </Text>
          <ServiceBadge service={service} />
          {reference && (
            <Text size="sm" c="dimmed">
              {/* the number as issued (an old paper registration's may have letters): data */}
              {reference.label} <span translate="no">{reference.no}</span>
            </Text>
          )}
        </div>
        <Group gap={8} wrap="nowrap" align="baseline">
          <span
            aria-hidden
            style={{
              flex: '0 0 auto',
              width: 10,
              height: 10,
              borderRadius: '50%',
              background: `var(--mantine-color-${color}-6)`,
            }}
          />
          <Text fw={600} c={TONE_TEXT[card.tone]} style={{ overflowWrap: 'anywhere' }}>
            {stateText(t, f, card)}
          </Text>
        </Group>
        {card.state === 'rejected' && (
          <Alert color="red" variant="light" title={t('home.reason')} p="sm">
            {/* the staff's remarks as written: data (translate="no"), unless there are none */}
            <Text
              size="sm"
              style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
              translate={reason?.trim() ? 'no' : undefined}
            >
              {reason?.trim() || t('home.noReason')}
            </Text>
          </Alert>
        )}
        <div>
          <ActionButton action={card.action} business={business} main={card.rank === 0} />
        </div>
      </Stack>
    </Card>
  );
}
