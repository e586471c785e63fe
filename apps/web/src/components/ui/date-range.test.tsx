import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index';
import { DateRange, isReadableRange, todayIn, type DateRangeValue } from './date-range';

const TODAY = '2026-11-27';

function Harness({ allowFuture, seen }: { allowFuture?: boolean; seen: DateRangeValue[] }) {
  const [value, setValue] = useState<DateRangeValue>({ from: '2026-11-21', to: TODAY });
  return (
    <DateRange
      value={value}
      today={TODAY}
      {...(allowFuture === undefined ? {} : { allowFuture })}
      onChange={(range) => {
        seen.push(range);
        setValue(range);
      }}
    />
  );
}

describe(DateRange.name, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(cleanup);

  it('offers the previous and the next 7 and 30 days, today included, the one shown pressed', async () => {
    const user = userEvent.setup();
    const seen: DateRangeValue[] = [];
    render(<Harness seen={seen} />);
    expect(screen.getByRole('button', { name: 'Previous 7 days' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Previous 30 days' }));
    await user.click(screen.getByRole('button', { name: 'Next 7 days' }));
    await user.click(screen.getByRole('button', { name: 'Next 30 days' }));
    expect(seen).toEqual([
      { from: '2026-10-29', to: TODAY },
      { from: TODAY, to: '2026-12-03' },
      { from: TODAY, to: '2026-12-26' },
    ]);
    expect(screen.getByRole('button', { name: 'Next 30 days' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('steps by the length shown, and never past today when the records cannot be in the future', async () => {
    const user = userEvent.setup();
    const seen: DateRangeValue[] = [];
    render(<Harness seen={seen} allowFuture={false} />);
    expect(screen.queryByRole('button', { name: 'Next 7 days' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'The 7 days after' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'The 7 days before' }));
    await user.click(screen.getByRole('button', { name: 'The 7 days after' }));
    expect(seen).toEqual([
      { from: '2026-11-14', to: '2026-11-20' },
      { from: '2026-11-21', to: TODAY },
    ]);
  });

  it('says why a period cannot be read: ends out of order, too long, a day that does not exist', async () => {
    const user = userEvent.setup();
    render(<Harness seen={[]} />);
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2020-01-01');
    expect(await screen.findByRole('alert')).toHaveTextContent('at most 93 days');
    expect(isReadableRange({ from: '2026-11-28', to: TODAY })).toBe(false);
    expect(isReadableRange({ from: '2026-02-30', to: '2026-03-02' })).toBe(false);
    expect(isReadableRange({ from: '2026-08-27', to: TODAY })).toBe(true);
  });

  it("counts today in the brand's time zone", () => {
    expect(todayIn('Asia/Seoul', new Date('2026-11-27T16:00:00Z'))).toBe('2026-11-28');
    expect(todayIn('UTC', new Date('2026-11-27T16:00:00Z'))).toBe('2026-11-27');
  });
});
