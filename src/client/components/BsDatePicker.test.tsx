/**
 * The BS date picker (issue 7 §1): Nepali names and digits in 'ne', the ARIA grid's keyboard
 * moves (also across month and year ends), picking with Enter, Escape back to the field,
 * impossible typed dates refused, and min/max.
 *
 * Facts of the BS table used here: Ashadh 2082 has 32 days, Shrawan 2082 has 31 and begins on
 * Thursday 2025-07-17 AD.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { bsToAd } from '../../shared/bs-date.js';
import { setLang } from '../lib/i18n';
import { resetEachTest } from '../test/lifecycle';
import { renderWithApp } from '../test/render';
import { addBsDays, addBsMonths, BsDatePicker, bsWeekday, checkBsText } from './BsDatePicker';

resetEachTest();

function Harness({
  initial = '',
  spy,
  min,
  max,
}: {
  initial?: string;
  spy: (text: string, ad: string | null) => void;
  min?: string;
  max?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <BsDatePicker
      label="Start date"
      name="startDate"
      value={value}
      min={min}
      max={max}
      onChange={(text, ad) => {
        setValue(text);
        spy(text, ad);
      }}
    />
  );
}

const active = () => document.activeElement as HTMLElement;
const focusedLabel = () => active().getAttribute('aria-label') ?? '';

describe('BS calendar arithmetic', () => {
  it('moves by days and months across month and year ends', () => {
    expect(addBsDays({ year: 2082, month: 4, day: 31 }, 1)).toEqual({
      year: 2082,
      month: 5,
      day: 1,
    });
    expect(addBsDays({ year: 2082, month: 1, day: 1 }, -1)).toEqual({
      year: 2081,
      month: 12,
      day: 31,
    });
    // 32 Ashadh → Shrawan has only 31 days.
    expect(addBsMonths({ year: 2082, month: 3, day: 32 }, 1)).toEqual({
      year: 2082,
      month: 4,
      day: 31,
    });
    expect(addBsMonths({ year: 2082, month: 12, day: 5 }, 1)).toEqual({
      year: 2083,
      month: 1,
      day: 5,
    });
    expect(bsWeekday({ year: 2082, month: 4, day: 1 })).toBe(4); // Thursday
  });

  it('refuses impossible and out-of-range text', () => {
    expect(checkBsText('')).toEqual({ ad: '' });
    expect(checkBsText('२०८२-०४-०१')).toEqual({ ad: '2025-07-17' });
    expect(checkBsText('2082-04-32')).toEqual({ ad: null, error: 'date' });
    expect(checkBsText('2082-13-01')).toEqual({ ad: null, error: 'date' });
    expect(checkBsText('2082-04-01', '2025-07-18')).toEqual({ ad: null, error: 'notBefore' });
    expect(checkBsText('2082-04-02', undefined, '2025-07-17')).toEqual({
      ad: null,
      error: 'notAfter',
    });
  });
});

describe('BsDatePicker', () => {
  it('opens from its button on the chosen day and moves by keyboard across month ends', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithApp(<Harness initial="2082-04-31" spy={spy} />);
    const input = screen.getByLabelText('Start date');
    await user.click(screen.getByRole('button', { name: 'Open the calendar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a date (BS)' });
    expect(within(dialog).getByRole('grid', { name: 'Shrawan 2082' })).toBeInTheDocument();
    await waitFor(() => expect(focusedLabel()).toBe('Saturday, 31 Shrawan 2082'));
    expect(active()).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{ArrowRight}');
    expect(focusedLabel()).toBe('Sunday, 1 Bhadra 2082');
    expect(within(dialog).getByRole('grid', { name: 'Bhadra 2082' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}{ArrowUp}');
    expect(focusedLabel()).toBe('Saturday, 24 Shrawan 2082');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(focusedLabel()).toBe('Saturday, 7 Bhadra 2082');
    await user.keyboard('{Home}');
    expect(focusedLabel()).toBe('Sunday, 1 Bhadra 2082');
    await user.keyboard('{End}{PageDown}');
    expect(focusedLabel()).toContain('7 Ashwin 2082');
    await user.keyboard('{Shift>}{PageUp}{/Shift}{PageUp}');
    expect(focusedLabel()).toContain('7 Bhadra 2081');

    await user.keyboard('{Enter}');
    expect(spy).toHaveBeenLastCalledWith('2081-05-07', bsToAd({ year: 2081, month: 5, day: 7 }));
    expect(input).toHaveValue('2081-05-07');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(input).toHaveFocus();
  });

  it('goes back to the start of the week in the month before', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithApp(<Harness initial="2082-04-01" spy={spy} />);
    await user.click(screen.getByLabelText('Start date'));
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await screen.findByRole('dialog');
    await waitFor(() => expect(focusedLabel()).toBe('Thursday, 1 Shrawan 2082'));
    await user.keyboard('{Home}');
    expect(focusedLabel()).toBe('Sunday, 29 Ashadh 2082');
    await user.keyboard(' ');
    expect(spy).toHaveBeenLastCalledWith('2082-03-29', '2025-07-13');
  });

  it('shows Nepali month and weekday names and Devanagari digits in ne; Escape returns to the field', async () => {
    await setLang('ne');
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithApp(<Harness initial="२०८२-०४-१५" spy={spy} />);
    const input = screen.getByLabelText('Start date');
    await user.click(input);
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    const dialog = await screen.findByRole('dialog', { name: 'मिति छान्नुहोस् (वि.सं.)' });
    const grid = within(dialog).getByRole('grid', { name: 'साउन २०८२' });
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['आइत', 'सोम', 'मंगल', 'बुध', 'बिही', 'शुक्र', 'शनि']);
    expect(within(dialog).getByRole('combobox', { name: 'महिना' })).toHaveDisplayValue('साउन');
    expect(within(dialog).getByRole('combobox', { name: 'वर्ष (वि.सं.)' })).toHaveDisplayValue(
      '२०८२',
    );
    expect(within(dialog).getByRole('option', { name: 'चैत' })).toBeInTheDocument();
    await waitFor(() => expect(focusedLabel()).toBe('बिहीबार, वि.सं. २०८२ साउन १५'));
    expect(active()).toHaveTextContent(/^१५$/);
    expect(within(grid).queryByText(/[0-9]/)).toBeNull();
    expect(within(dialog).getByText('ई.सं. २०२५-०७-३१')).toBeInTheDocument();

    await user.keyboard('{ArrowRight}{Enter}');
    expect(spy).toHaveBeenLastCalledWith('२०८२-०४-१६', '2025-08-01');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await screen.findByRole('dialog');
    await waitFor(() => expect(focusedLabel()).toContain('१६'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(input).toHaveFocus();
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('refuses an impossible typed date with the validation error and no value', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithApp(<Harness spy={spy} />);
    const input = screen.getByLabelText('Start date');
    await user.type(input, '2082-04-32');
    await user.tab();
    expect(spy).toHaveBeenLastCalledWith('2082-04-32', null);
    expect(screen.getByText('Enter a valid date')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await user.clear(input);
    await user.type(input, '2082-13-01');
    expect(spy).toHaveBeenLastCalledWith('2082-13-01', null);
    expect(screen.getByText('Enter a valid date')).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, '2082-04-31');
    expect(spy).toHaveBeenLastCalledWith('2082-04-31', '2025-08-16');
    expect(screen.queryByText('Enter a valid date')).not.toBeInTheDocument();
  });

  it('keeps to min and max', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    const min = bsToAd({ year: 2082, month: 4, day: 10 });
    const max = bsToAd({ year: 2082, month: 4, day: 20 });
    renderWithApp(<Harness initial="2082-04-15" spy={spy} min={min} max={max} />);
    await user.click(screen.getByRole('button', { name: 'Open the calendar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Previous month' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Next month' })).toBeDisabled();
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain('2082');
    expect(within(dialog).getByRole('combobox', { name: 'Year (BS)' }).children).toHaveLength(1);
    const day9 = within(dialog).getByRole('gridcell', { name: /, 9 Shrawan 2082$/ });
    expect(day9).toHaveAttribute('aria-disabled', 'true');
    await user.click(day9);
    expect(spy).not.toHaveBeenCalled();

    await waitFor(() => expect(focusedLabel()).toContain('9 Shrawan 2082'));
    await user.keyboard('{PageDown}');
    expect(focusedLabel()).toContain('20 Shrawan 2082');
    await user.keyboard('{Shift>}{PageUp}{/Shift}');
    expect(focusedLabel()).toContain('10 Shrawan 2082');
    await user.keyboard('{Enter}');
    expect(spy).toHaveBeenLastCalledWith('2082-04-10', min);

    const input = screen.getByLabelText('Start date');
    await user.clear(input);
    await user.type(input, '2082-04-25');
    await user.tab();
    expect(spy).toHaveBeenLastCalledWith('2082-04-25', null);
    expect(screen.getByText('Choose a date on or before 2082-04-20')).toBeInTheDocument();
  });
});
