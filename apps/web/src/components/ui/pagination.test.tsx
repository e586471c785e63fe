import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getPageItems, Pagination, type PageItem } from './pagination';

/** Renders items as text: pages as numbers, breaks as '…'. */
function show(items: PageItem[]): string {
  return items.map((item) => (item.type === 'page' ? String(item.page) : '…')).join(' ');
}

describe(getPageItems.name, () => {
  it('shows every page when they all fit', () => {
    expect(show(getPageItems({ pageCount: 1, page: 1 }))).toBe('1');
    expect(show(getPageItems({ pageCount: 4, page: 2 }))).toBe('1 2 3 4');
  });

  it('centres a window of 3 pages on the selected page with 1 margin page at each end', () => {
    expect(show(getPageItems({ pageCount: 10, page: 5 }))).toBe('1 … 4 5 6 … 10');
    expect(show(getPageItems({ pageCount: 20, page: 12 }))).toBe('1 … 11 12 13 … 20');
  });

  it('slides the window inwards at the ends so it keeps 3 pages', () => {
    expect(show(getPageItems({ pageCount: 10, page: 1 }))).toBe('1 2 3 … 10');
    expect(show(getPageItems({ pageCount: 10, page: 10 }))).toBe('1 … 8 9 10');
    expect(show(getPageItems({ pageCount: 10, page: 9 }))).toBe('1 … 8 9 10');
  });

  it('shows a lone hidden page instead of a break', () => {
    expect(show(getPageItems({ pageCount: 10, page: 4 }))).toBe('1 2 3 4 5 … 10');
    expect(show(getPageItems({ pageCount: 10, page: 7 }))).toBe('1 … 6 7 8 9 10');
  });

  it('honours other ranges and margins', () => {
    expect(show(getPageItems({ pageCount: 30, page: 15, pageRange: 5, marginPages: 2 }))).toBe(
      '1 2 … 13 14 15 16 17 … 29 30',
    );
    expect(show(getPageItems({ pageCount: 30, page: 15, pageRange: 1, marginPages: 0 }))).toBe('… 15 …');
  });

  it('clamps a selected page outside the list', () => {
    expect(show(getPageItems({ pageCount: 10, page: 99 }))).toBe('1 … 8 9 10');
    expect(show(getPageItems({ pageCount: 0, page: 0 }))).toBe('1');
  });

  it('keeps every page in order and never repeats one', () => {
    for (let pageCount = 1; pageCount <= 25; pageCount += 1) {
      for (let page = 1; page <= pageCount; page += 1) {
        const pages = getPageItems({ pageCount, page }).flatMap((item) => (item.type === 'page' ? [item.page] : []));
        expect(pages).toEqual([...pages].sort((a, b) => a - b));
        expect(new Set(pages).size).toBe(pages.length);
        expect(pages).toContain(page);
        expect(pages).toContain(1);
        expect(pages).toContain(pageCount);
      }
    }
  });
});

describe(Pagination.name, () => {
  afterEach(cleanup);

  const labels = {
    previousLabel: 'Previous',
    nextLabel: 'Next',
    label: 'Notice pages',
    pageLabel: (page: number) => `Page ${page}`,
  };

  it('marks the selected page and moves with previous and next', async () => {
    const onPageChange = vi.fn();
    render(<Pagination pageCount={10} page={5} onPageChange={onPageChange} {...labels} />);
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await userEvent.click(screen.getByRole('button', { name: 'Page 10' }));
    expect(onPageChange.mock.calls).toEqual([[6], [4], [10]]);
  });

  it('disables previous on the first page and next on the last, and shows first/last only when asked', () => {
    const { rerender } = render(<Pagination pageCount={3} page={1} onPageChange={() => {}} {...labels} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'First' })).toBeNull();
    rerender(
      <Pagination pageCount={3} page={3} onPageChange={() => {}} firstLabel="First" lastLabel="Last" {...labels} />,
    );
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'First' })).toBeEnabled();
  });
});
