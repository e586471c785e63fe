import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en/member.json';
import ko from '../../i18n/locales/ko/member.json';
import { BUILT_MEMBER_CENTRE_PAGES, MEMBER_CENTRE_PAGE_KEYS } from '../../lib/member-centre-store';
import { MEMBER_CENTRE_PAGES } from './pages';

describe('the member centre registry', () => {
  it('lists the same pages, in the same order, as the shell’s BUILT_MEMBER_CENTRE_PAGES', () => {
    // A page added to pages.ts adds its key to lib/member-centre-store.ts too, so the shell links to it.
    expect(MEMBER_CENTRE_PAGES.map((entry) => entry.key)).toEqual([...BUILT_MEMBER_CENTRE_PAGES]);
  });

  it('keeps the menu order of the page keys', () => {
    const order = MEMBER_CENTRE_PAGES.map((entry) => MEMBER_CENTRE_PAGE_KEYS.indexOf(entry.key));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('has a menu label in Korean and English for every one of the 17 page keys', () => {
    expect(MEMBER_CENTRE_PAGE_KEYS).toHaveLength(17);
    for (const key of MEMBER_CENTRE_PAGE_KEYS) {
      expect(ko.menu[key], key).toMatch(/\S/);
      expect(en.menu[key], key).toMatch(/\S/);
    }
  });
});
