/**
 * "BS calendar" (issue 16 §6, route /settings/calendar): the years of the BS month table with
 * their number of days and status — published, provisional, corrected — and, for a provisional
 * year, an editor of its 12 month lengths. Saving or removing a correction asks first; the
 * server audits it, and this browser (like the server) converts dates with it at once. For whoever
 * may edit fiscal years (system administrators): the API refuses everyone else too.
 */
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { GrowingTextarea } from '../../components/GrowingTextarea';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bsMonthName, bsToAd } from '../../../shared/bs-date.js';
import { toLatinDigits } from '../../../shared/format.js';
import {
  isValidYearTotal,
  MAX_MONTH_DAYS,
  MIN_MONTH_DAYS,
  type CalendarYearView,
} from '../../../shared/schemas/calendar.js';
import { Forbidden } from '../../components/Forbidden';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { ApiError, type FieldErrors } from '../../lib/api';
import { useCan } from '../../lib/auth';
import { useFormat, type Formatter } from '../../lib/useFormat';
import { useCalendar, useChangeCorrection } from './api';

/** Who may correct the calendar (as PUT /api/calendar/{year} requires). */
const EDIT_CALENDAR = 'edit-fiscal-years';

const sum = (ns: readonly number[]) => ns.reduce((a, b) => a + b, 0);

export default function CalendarPage() {
  return useCan(EDIT_CALENDAR) ? <CalendarSettings /> : <Forbidden />;
}

function CalendarSettings() {
  const { t } = useTranslation();
  const q = useCalendar();
  const [show, setShow] = useState<'provisional' | 'all'>('provisional');
  const [open, setOpen] = useState<number | null>(null);
  if (q.isPending) return <PageLoader />;
  if (q.isError) {
    return (
      <Alert color="red" role="alert">
        {t('calendar.loadFailed')}
      </Alert>
    );
  }
  const years = q.data.years;
  const provisional = years.filter((y) => y.correctable || y.correction);
  const shown = show === 'all' ? years : provisional;
  const editing = years.find((y) => y.year === open);
  return (
    <>
      <PageHeader title={t('calendar.title')} />
      <Stack gap="md">
        <Text size="sm" maw={720}>
          {t('calendar.intro')}
        </Text>
        <SegmentedControl
          value={show}
          onChange={(v) => setShow(v as 'provisional' | 'all')}
          data={[
            { value: 'provisional', label: t('calendar.showProvisional') },
            { value: 'all', label: t('calendar.showAll') },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        <YearTable years={shown} onOpen={setOpen} />
      </Stack>
      {editing && <YearDialog key={editing.year} y={editing} onClose={() => setOpen(null)} />}
    </>
  );
}

/** A badge whose text wraps rather than being cut off in a narrow column (phones). */
const WRAPPING = { label: { whiteSpace: 'normal', overflow: 'visible', paddingBlock: 2 } } as const;

/** The status badges of a year. */
function YearStatus({ y }: { y: CalendarYearView }) {
  const { t } = useTranslation();
  const badges = [];
  if (!y.correctable) badges.push(['gray', 'calendar.status.published'] as const);
  else if (y.correction && !y.correction.provisional)
    badges.push(['teal', 'calendar.status.official'] as const);
  else if (y.correction) badges.push(['blue', 'calendar.status.corrected'] as const);
  else badges.push(['yellow', 'calendar.status.provisional'] as const);
  if (y.correction && !y.correctable) badges.push(['red', 'calendar.status.ignored'] as const);
  return (
    <Group gap={4}>
      {badges.map(([color, key]) => (
        <Badge key={key} color={color} variant="light" tt="none" h="auto" styles={WRAPPING}>
          {t(key)}
        </Badge>
      ))}
    </Group>
  );
}

function YearTable({
  years,
  onOpen,
}: {
  years: CalendarYearView[];
  onOpen: (year: number) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table striped highlightOnHover verticalSpacing="xs" horizontalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('calendar.year')}</Table.Th>
            <Table.Th>{t('calendar.days')}</Table.Th>
            <Table.Th>{t('calendar.statusLabel')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('calendar.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {years.map((y) => (
            <Table.Tr key={y.year}>
              <Table.Td>{f.digits(y.year)}</Table.Td>
              <Table.Td>{f.num(sum(y.months))}</Table.Td>
              <Table.Td>
                <YearStatus y={y} />
              </Table.Td>
              <Table.Td ta="right">
                <Button
                  size="compact-sm"
                  variant={y.correctable ? 'light' : 'subtle'}
                  onClick={() => onOpen(y.year)}
                  aria-label={t(y.correctable ? 'calendar.editYear' : 'calendar.viewYear', {
                    year: f.digits(y.year),
                  })}
                >
                  {t(y.correctable ? 'calendar.edit' : 'calendar.view')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A month's days typed in Latin or Devanagari digits; NaN when not a whole number. */
function parseDays(s: string): number {
  const v = toLatinDigits(s).trim();
  return /^\d{1,3}$/.test(v) ? Number(v) : NaN;
}
const monthOk = (n: number) => Number.isInteger(n) && n >= MIN_MONTH_DAYS && n <= MAX_MONTH_DAYS;

/** 1 Baishakh of the next year in AD, when a year of `total` days starts on 1 Baishakh `year`. */
function nextNewYearAd(year: number, total: number): string {
  const start = Date.parse(`${bsToAd({ year, month: 1, day: 1 })}T00:00:00Z`);
  return new Date(start + total * 86_400_000).toISOString().slice(0, 10);
}

/** One year's months: read only for a published year, the correction editor otherwise. */
function YearDialog({ y, onClose }: { y: CalendarYearView; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const phone = useMediaQuery('(max-width: 36em)');
  const title = t('calendar.yearTitle', { year: f.digits(y.year) });
  return (
    <Modal opened onClose={onClose} title={title} size="lg" fullScreen={!!phone}>
      {y.correctable ? (
        <Editor y={y} f={f} onDone={onClose} />
      ) : (
        <ReadOnlyYear y={y} f={f} onClose={onClose} />
      )}
    </Modal>
  );
}

function ReadOnlyYear({
  y,
  f,
  onClose,
}: {
  y: CalendarYearView;
  f: Formatter;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text size="sm">{t('calendar.publishedHelp')}</Text>
      {y.correction && (
        <Alert color="red" variant="light">
          {t('calendar.ignoredHelp')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="xs">
        {y.months.map((n, i) => (
          <div key={i}>
            <Text size="xs" c="dimmed">
              {bsMonthName(i + 1, f.lang)}
            </Text>
            <Text fw={500}>{t('calendar.nDays', { n: f.num(n) })}</Text>
          </div>
        ))}
      </SimpleGrid>
      <Text size="sm" fw={500}>
        {t('calendar.total', { n: f.num(sum(y.months)) })}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('calendar.close')}
        </Button>
      </Group>
    </Stack>
  );
}

function Editor({ y, f, onDone }: { y: CalendarYearView; f: Formatter; onDone: () => void }) {
  const { t } = useTranslation();
  const change = useChangeCorrection(y.year);
  const [values, setValues] = useState(() => y.months.map((n) => f.digits(n)));
  const [published, setPublished] = useState(y.correction ? !y.correction.provisional : false);
  const [note, setNote] = useState(y.correction?.note ?? '');
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const days = values.map(parseDays);
  const monthsOk = days.every(monthOk);
  const total = monthsOk ? sum(days) : NaN;
  const valid = monthsOk && isValidYearTotal(total);

  const onError = (e: unknown) => {
    if (e instanceof ApiError && e.status === 422) setServerErrors(e.errors);
  };
  const done = (message: string) => {
    notifications.show({ color: 'green', message, autoClose: 5000 });
    onDone();
  };
  const save = () =>
    modals.openConfirmModal({
      title: t('calendar.confirmSaveTitle', { year: f.digits(y.year) }),
      centered: true,
      children: <Text size="sm">{t('calendar.confirmSave', { year: f.digits(y.year) })}</Text>,
      labels: { confirm: t('calendar.save'), cancel: t('common.cancel') },
      onConfirm: () =>
        change.mutate(
          { monthLengths: days, provisional: !published, note: note.trim() || null },
          { onSuccess: () => done(t('calendar.saved')), onError },
        ),
    });
  const remove = () =>
    modals.openConfirmModal({
      title: t('calendar.confirmRemoveTitle', { year: f.digits(y.year) }),
      centered: true,
      children: <Text size="sm">{t('calendar.confirmRemove', { year: f.digits(y.year) })}</Text>,
      labels: { confirm: t('calendar.remove'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        change.mutate(null, { onSuccess: () => done(t('calendar.removed')), onError }),
    });
  const setMonth = (i: number, v: string) => {
    setValues((old) => old.map((o, j) => (j === i ? v : o)));
    setServerErrors({});
  };
  const serverTotalError = serverErrors.monthLengths?.[0] ?? serverErrors.year?.[0];

  return (
    <Stack gap="sm">
      <Text size="sm">{t('calendar.editHelp')}</Text>
      <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="xs" verticalSpacing="xs">
        {values.map((v, i) => {
          const changed = days[i] !== y.tableMonths[i];
          return (
            <TextInput
              key={i}
              label={bsMonthName(i + 1, f.lang)}
              value={v}
              onChange={(e) => setMonth(i, e.currentTarget.value)}
              inputMode="numeric"
              maxLength={3}
              autoComplete="off"
              error={
                monthOk(days[i])
                  ? serverErrors[`monthLengths.${i}`]?.[0]
                  : t('validation.monthLength')
              }
              description={
                changed && monthOk(days[i])
                  ? t('calendar.tableWas', { n: f.num(y.tableMonths[i]) })
                  : undefined
              }
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
          );
        })}
      </SimpleGrid>
      <Group gap="xs" role="status" aria-live="polite">
        <Text fw={500}>
          {monthsOk ? t('calendar.total', { n: f.num(total) }) : t('calendar.totalUnknown')}
        </Text>
        {monthsOk && (
          <Badge color={valid ? 'green' : 'red'} variant="light" tt="none">
            {valid ? t('calendar.validYear') : t('validation.yearLength')}
          </Badge>
        )}
      </Group>
      {valid && (
        <Text size="sm" c="dimmed">
          {t('calendar.nextNewYear', {
            year: f.digits(y.year + 1),
            date: f.digits(nextNewYearAd(y.year, total)),
          })}
        </Text>
      )}
      {serverTotalError && (
        <Alert color="red" role="alert">
          {serverTotalError}
        </Alert>
      )}
      <Checkbox
        checked={published}
        onChange={(e) => setPublished(e.currentTarget.checked)}
        label={t('calendar.officialLabel')}
        description={t('calendar.officialHelp')}
      />
      <GrowingTextarea
        label={t('calendar.note')}
        placeholder={t('calendar.notePlaceholder')}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        maxLength={500}
        minRows={2}
        error={serverErrors.note?.[0]}
      />
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Button
            variant="subtle"
            onClick={() => {
              setValues(y.tableMonths.map((n) => f.digits(n)));
              setServerErrors({});
            }}
          >
            {t('calendar.reset')}
          </Button>
          {y.correction && (
            <Button variant="subtle" color="red" onClick={remove} loading={change.isPending}>
              {t('calendar.remove')}
            </Button>
          )}
        </Group>
        <Group gap="xs">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button onClick={save} disabled={!valid} loading={change.isPending}>
            {t('calendar.save')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
