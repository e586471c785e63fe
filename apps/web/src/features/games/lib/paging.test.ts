import { describe, expect, it } from 'vitest';
import { getCardPageCount, getCardWindow, getServerPages, sliceWindow } from './paging';

describe('getCardWindow', () => {
  it('shows 21 cards on the first page and 18 on every later one', () => {
    expect(getCardWindow(1)).toEqual({ offset: 0, size: 21 });
    expect(getCardWindow(2)).toEqual({ offset: 21, size: 18 });
    expect(getCardWindow(3)).toEqual({ offset: 39, size: 18 });
    expect(getCardWindow(400)).toEqual({ offset: 21 + 398 * 18, size: 18 });
  });

  it('treats a page below 1 as the first page', () => {
    expect(getCardWindow(0)).toEqual({ offset: 0, size: 21 });
  });
});

describe('getCardPageCount', () => {
  it('counts one page up to 21 games, then one more for each 18 started', () => {
    expect(getCardPageCount(0)).toBe(1);
    expect(getCardPageCount(21)).toBe(1);
    expect(getCardPageCount(22)).toBe(2);
    expect(getCardPageCount(39)).toBe(2);
    expect(getCardPageCount(40)).toBe(3);
    expect(getCardPageCount(10_000)).toBe(1 + Math.ceil((10_000 - 21) / 18));
  });
});

describe('getServerPages', () => {
  it('reads the first page of 24 for the first 21 cards', () => {
    expect(getServerPages(getCardWindow(1))).toEqual([1]);
  });

  it('reads the two pages of 24 that a later window of 18 spans', () => {
    // cards 21..38 lie on server page 1 (0..23) and page 2 (24..47)
    expect(getServerPages(getCardWindow(2))).toEqual([1, 2]);
    // cards 39..56 lie on pages 2 and 3
    expect(getServerPages(getCardWindow(3))).toEqual([2, 3]);
    // cards 57..74 lie on pages 3 and 4
    expect(getServerPages(getCardWindow(4))).toEqual([3, 4]);
  });
});

describe('sliceWindow', () => {
  const games = Array.from({ length: 60 }, (_, index) => index);
  const pages = new Map([
    [1, games.slice(0, 24)],
    [2, games.slice(24, 48)],
    [3, games.slice(48, 60)],
  ]);

  it('cuts the cards of a window across server pages in order', () => {
    expect(sliceWindow(getCardWindow(1), pages)).toEqual(games.slice(0, 21));
    expect(sliceWindow(getCardWindow(2), pages)).toEqual(games.slice(21, 39));
  });

  it('stops at the end of the list on the last page', () => {
    expect(sliceWindow(getCardWindow(3), pages)).toEqual(games.slice(39, 57));
    expect(sliceWindow(getCardWindow(4), pages)).toEqual(games.slice(57, 60));
  });
});
