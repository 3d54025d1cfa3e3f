/**
 * The date input of the app (issue 7 §1): a text field that takes a Bikram Sambat date typed
 * as 'YYYY-MM-DD' in Latin or Devanagari digits, with a calendar in a Mantine popover built on
 * src/shared/bs-date.ts. Month and weekday names and digits follow the language.
 *
 * The value stays the BS text as typed, so form code keeps its strings; `onChange` also hands
 * over the AD date ('' when empty, null when the text is not a real date in range). A typed
 * impossible date (day 32 of a 31-day month, month 13) is never turned into a value and shows
 * 'Enter a valid date' once the field has been left.
 *
 * Keyboard (WAI-ARIA APG "date picker dialog"): Alt+ArrowDown in the field or the calendar
 * button opens it with the focus on the chosen (or today's) day; the days are an ARIA grid:
 * arrows move by day and week, PageUp/PageDown by month, Shift+PageUp/PageDown by year,
 * Home/End to the start/end of the week, Enter or Space picks, Escape closes; picking or
 * Escape returns the focus to the field.
 */
import {
  ActionIcon,
  Button,
  Group,
  NativeSelect,
  Popover,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useClickOutside, useId, useMergedRef } from '@mantine/hooks';
import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  type CSSProperties,
} from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  bsMonthName,
  bsToAd,
  daysInBsMonth,
  formatBs,
  parseBs,
  todayBs,
  type BsDate,
} from '../../shared/bs-date.js';
import { useFormat, type Formatter } from '../lib/useFormat';
import classes from './BsDatePicker.module.css';
import {
  addBsDays,
  addBsMonths,
  boundOf,
  bsWeekday,
  checkBsText,
  clamp,
  cmp,
  FIRST,
  LAST,
  WEEKDAY_KEYS,
} from './bsCalendarMath';

export {
  addBsDays,
  addBsMonths,
  bsWeekday,
  checkBsText,
  WEEKDAY_KEYS,
  type BsTextCheck,
} from './bsCalendarMath';

function CalendarIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M16 3v4M8 3v4M3 11h18" />
    </svg>
  );
}

function Chevron({ left }: { left?: boolean }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={left ? 'M15 6l-6 6l6 6' : 'M9 6l6 6l-6 6'} />
    </svg>
  );
}

export interface BsDatePickerProps {
  /** The BS date as typed, 'YYYY-MM-DD' in either digits ('' when empty). */
  value: string;
  /**
   * Called with the new text (typed, or the picked day in the language's digits) and its AD
   * date: '' when empty, null when the text is not a real BS date within min/max.
   */
  onChange: (text: string, ad: string | null) => void;
  onBlur?: () => void;
  label: ReactNode;
  description?: ReactNode;
  /** The caller's (translated) error; shown instead of the picker's own. */
  error?: ReactNode;
  required?: boolean;
  name?: string;
  placeholder?: string;
  disabled?: boolean;
  /** Earliest allowed date, AD 'YYYY-MM-DD' (inclusive). */
  min?: string;
  /** Latest allowed date, AD 'YYYY-MM-DD' (inclusive). */
  max?: string;
  inputRef?: Ref<HTMLInputElement>;
  style?: CSSProperties;
}

/** Text of a day cell's accessible name: 'Thursday, 15 Shrawan 2082' / 'बिहीबार, वि.सं. २०८२ साउन १५'. */
function dayLabel(bs: BsDate, f: Formatter, t: TFunction): string {
  return t('datePicker.dayLabel', {
    weekday: t(`datePicker.weekdays.${WEEKDAY_KEYS[bsWeekday(bs)]}`),
    day: f.digits(bs.day),
    month: bsMonthName(bs.month, f.lang),
    year: f.digits(bs.year),
  });
}

export function BsDatePicker({
  value,
  onChange,
  onBlur,
  label,
  description,
  error,
  required,
  name,
  placeholder,
  disabled,
  min,
  max,
  inputRef,
  style,
}: BsDatePickerProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const lo = boundOf(min, FIRST);
  const hi = boundOf(max, LAST);
  const [opened, setOpened] = useState(false);
  const [focused, setFocused] = useState<BsDate>(() => clamp(safeToday(), lo, hi));
  const [left, setLeft] = useState(false);
  const ownInput = useRef<HTMLInputElement>(null);
  const mergedInputRef = useMergedRef(ownInput, inputRef);
  const grid = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(false);
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const [dropdown, setDropdown] = useState<HTMLDivElement | null>(null);
  const gridLabelId = useId();
  const today = safeToday();
  const chosen = parseBs(value);

  useClickOutside(() => setOpened(false), null, [root, dropdown]);

  // After a key moved the focused day, the DOM focus follows it (the grid re-renders first).
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    grid.current?.querySelector<HTMLElement>('[data-focused]')?.focus();
  });

  const check = checkBsText(value, min, max);
  const ownError =
    left && check.error
      ? check.error === 'date'
        ? t('validation.date')
        : t(`datePicker.${check.error}`, {
            date: formatBs(check.error === 'notBefore' ? lo : hi, f.lang),
          })
      : undefined;

  function open() {
    if (disabled) return;
    setFocused(clamp(chosen ?? today, lo, hi));
    setOpened(true);
  }

  function close() {
    setOpened(false);
    ownInput.current?.focus();
  }

  function pick(bs: BsDate) {
    const ad = bsToAd(bs);
    if ((min && ad < min) || (max && ad > max)) return;
    onChange(formatBs(bs, f.lang), ad);
    close();
  }

  function moveTo(bs: BsDate) {
    moveFocus.current = true;
    setFocused(clamp(bs, lo, hi));
  }

  function onGridKey(e: KeyboardEvent) {
    const wd = bsWeekday(focused);
    const moves: Record<string, () => BsDate> = {
      ArrowLeft: () => addBsDays(focused, -1),
      ArrowRight: () => addBsDays(focused, 1),
      ArrowUp: () => addBsDays(focused, -7),
      ArrowDown: () => addBsDays(focused, 7),
      PageUp: () => addBsMonths(focused, e.shiftKey ? -12 : -1),
      PageDown: () => addBsMonths(focused, e.shiftKey ? 12 : 1),
      Home: () => addBsDays(focused, -wd),
      End: () => addBsDays(focused, 6 - wd),
    };
    if (moves[e.key]) {
      e.preventDefault();
      moveTo(moves[e.key]());
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      pick(focused);
    }
  }

  function onDropdownKey(e: KeyboardEvent) {
    if (e.key !== 'Escape') return;
    // A dialog around the field must stay open: only the calendar closes.
    e.stopPropagation();
    e.preventDefault();
    close();
  }

  const { year, month } = focused;
  const length = daysInBsMonth(year, month);
  const lead = bsWeekday({ year, month, day: 1 });
  const cells: (number | null)[] = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length }, (_, i) => i + 1),
  ];
  while (cells.length % 7) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
  const monthIndex = year * 12 + month;
  const canPrev = monthIndex > lo.year * 12 + lo.month;
  const canNext = monthIndex < hi.year * 12 + hi.month;
  const stop = { 'data-mantine-stop-propagation': true } as Record<string, unknown>;
  const monthTitle = `${bsMonthName(month, f.lang)} ${f.digits(year)}`;

  return (
    <div ref={setRoot} style={style}>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-start"
        shadow="md"
        trapFocus
        withRoles={false}
        closeOnEscape={false}
        closeOnClickOutside={false}
        returnFocus={false}
        // The field may sit in a scrolled dialog; keep the calendar shown with it.
        hideDetached={false}
      >
        <Popover.Target>
          <TextInput
            ref={mergedInputRef}
            label={label}
            description={description}
            error={error || ownError}
            required={required}
            name={name}
            disabled={disabled}
            placeholder={placeholder ?? f.digits('2082-04-01')}
            autoComplete="off"
            value={value}
            onChange={(e) => {
              const text = e.currentTarget.value;
              onChange(text, checkBsText(text, min, max).ad);
            }}
            onBlur={() => {
              setLeft(true);
              onBlur?.();
            }}
            onKeyDown={(e) => {
              if (e.altKey && e.key === 'ArrowDown') {
                e.preventDefault();
                open();
              } else if (e.key === 'Escape' && opened) {
                e.preventDefault();
                setOpened(false);
              }
            }}
            {...(opened ? stop : {})}
            rightSectionPointerEvents="all"
            rightSection={
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('datePicker.open')}
                aria-haspopup="dialog"
                aria-expanded={opened}
                disabled={disabled}
                onClick={() => (opened ? setOpened(false) : open())}
              >
                <CalendarIcon />
              </ActionIcon>
            }
          />
        </Popover.Target>
        <Popover.Dropdown
          ref={setDropdown}
          role="dialog"
          aria-modal="true"
          aria-label={t('datePicker.dialog')}
          onKeyDown={onDropdownKey}
          p="xs"
        >
          <Group gap={4} wrap="nowrap" justify="space-between" mb={6}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('datePicker.prevMonth')}
              disabled={!canPrev}
              onClick={() => setFocused(clamp(addBsMonths(focused, -1), lo, hi))}
              {...stop}
            >
              <Chevron left />
            </ActionIcon>
            <NativeSelect
              size="xs"
              aria-label={t('datePicker.month')}
              value={String(month)}
              onChange={(e) =>
                setFocused(
                  clamp(addBsMonths(focused, Number(e.currentTarget.value) - month), lo, hi),
                )
              }
              data={Array.from({ length: 12 }, (_, i) => ({
                value: String(i + 1),
                label: bsMonthName(i + 1, f.lang),
              }))}
              {...stop}
            />
            <NativeSelect
              size="xs"
              aria-label={t('datePicker.year')}
              value={String(year)}
              onChange={(e) =>
                setFocused(
                  clamp(addBsMonths(focused, (Number(e.currentTarget.value) - year) * 12), lo, hi),
                )
              }
              data={Array.from({ length: hi.year - lo.year + 1 }, (_, i) => ({
                value: String(lo.year + i),
                label: f.digits(lo.year + i),
              }))}
              {...stop}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('datePicker.nextMonth')}
              disabled={!canNext}
              onClick={() => setFocused(clamp(addBsMonths(focused, 1), lo, hi))}
              {...stop}
            >
              <Chevron />
            </ActionIcon>
          </Group>
          <VisuallyHidden id={gridLabelId} aria-live="polite">
            {monthTitle}
          </VisuallyHidden>
          <table
            ref={grid}
            role="grid"
            aria-labelledby={gridLabelId}
            className={classes.grid}
            onKeyDown={onGridKey}
          >
            <thead>
              <tr>
                {WEEKDAY_KEYS.map((k) => (
                  <th key={k} scope="col" abbr={t(`datePicker.weekdays.${k}`)}>
                    {t(`datePicker.weekdaysShort.${k}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week, w) => (
                <tr key={w}>
                  {week.map((day, i) => {
                    if (day === null) return <td key={`e${i}`} role="gridcell" />;
                    const bs = { year, month, day };
                    const ad = bsToAd(bs);
                    const isFocused = day === focused.day;
                    const isDisabled = Boolean((min && ad < min) || (max && ad > max));
                    const isChosen = chosen !== null && cmp(chosen, bs) === 0;
                    return (
                      <td
                        key={day}
                        role="gridcell"
                        className={classes.day}
                        tabIndex={isFocused ? 0 : -1}
                        aria-label={dayLabel(bs, f, t)}
                        aria-selected={isChosen}
                        aria-current={cmp(today, bs) === 0 ? 'date' : undefined}
                        aria-disabled={isDisabled || undefined}
                        title={t('datePicker.ad', { date: f.digits(ad) })}
                        data-focused={isFocused || undefined}
                        data-autofocus={isFocused || undefined}
                        onClick={() => {
                          setFocused(bs);
                          pick(bs);
                        }}
                        {...stop}
                      >
                        {f.digits(day)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          <Group justify="space-between" gap="xs" mt={6} wrap="nowrap">
            <Text size="xs" c="dimmed">
              {t('datePicker.ad', { date: f.digits(bsToAd(focused)) })}
            </Text>
            <Button
              size="compact-xs"
              variant="subtle"
              disabled={cmp(clamp(today, lo, hi), today) !== 0}
              onClick={() => pick(today)}
              {...stop}
            >
              {t('datePicker.today')}
            </Button>
          </Group>
        </Popover.Dropdown>
      </Popover>
    </div>
  );
}

/** Today in Nepal, or the table's last day should the clock be past the table. */
function safeToday(): BsDate {
  try {
    return todayBs();
  } catch {
    return LAST;
  }
}
