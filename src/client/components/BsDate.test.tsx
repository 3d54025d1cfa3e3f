/** BsDate: an AD date shown as BS in the language's digits, with the AD date on focus/hover. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLang } from '../lib/i18n';
import { resetEachTest } from '../test/lifecycle';
import { renderWithApp } from '../test/render';
import { adParts, BsDate } from './BsDate';

resetEachTest();

describe('BsDate', () => {
  it('reads dates and timestamps (time in Nepal)', () => {
    expect(adParts('2025-07-17')).toEqual({ date: '2025-07-17' });
    // 20:00 UTC on the 16th is 01:45 on the 17th in Kathmandu (UTC+5:45).
    expect(adParts('2025-07-16T20:00:00.000Z')).toEqual({ date: '2025-07-17', time: '01:45' });
    expect(adParts('not a date')).toBeNull();
  });

  it('shows BS, is reachable by keyboard and gives the AD date on hover', async () => {
    const user = userEvent.setup();
    renderWithApp(<BsDate value="2025-07-17" />);
    const time = screen.getByText('2082-04-01');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2025-07-17');
    expect(time).toHaveAttribute('tabindex', '0');
    await user.hover(time);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('AD 2025-07-17');
  });

  // The tooltip is mounted on first use (BsDate.tsx): the date reached by Tab keeps the focus
  // and shows its AD date.
  it('gives the AD date on keyboard focus and keeps the focus', async () => {
    const user = userEvent.setup();
    renderWithApp(<BsDate value="2025-07-16T20:00:00.000Z" />);
    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('AD 2025-07-17 01:45');
    expect(screen.getByText('2082-04-01')).toHaveFocus();
    await user.tab();
    expect(screen.getByText('2082-04-01')).not.toHaveFocus();
  });

  it('uses Devanagari digits in ne, also for the AD time', async () => {
    await setLang('ne');
    const user = userEvent.setup();
    renderWithApp(<BsDate value="2025-07-16T20:00:00.000Z" />);
    const time = screen.getByText('२०८२-०४-०१');
    await user.hover(time);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('ई.सं. २०२५-०७-१७ ०१:४५');
  });

  it('shows the fallback without a date', () => {
    renderWithApp(<BsDate value={null} empty="—" />);
    expect(screen.getByText('—')).toBeInTheDocument();
  });
});
