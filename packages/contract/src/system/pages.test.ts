import { describe, expect, it } from 'vitest';
import { GAME_LIST_CATEGORIES, REGISTER_PAGES, SITE_PAGES, isSitePage } from './pages';

describe(isSitePage.name, () => {
  it('knows every page, category and register spelling, and / which goes to /index', () => {
    for (const page of [...SITE_PAGES, ...GAME_LIST_CATEGORIES, ...REGISTER_PAGES]) {
      expect(isSitePage(`/${page}`), page).toBe(true);
    }
    expect(isSitePage('/')).toBe(true);
  });

  it('matches as the router does: a page in any case, with a trailing slash or escapes; a category as written', () => {
    expect(isSitePage('/pointmall')).toBe(true);
    expect(isSitePage('/INDEX/')).toBe(true);
    expect(isSitePage('/%69ndex')).toBe(true);
    expect(isSitePage('/RNG')).toBe(false);
    expect(isSitePage('/Register')).toBe(false);
  });

  it('refuses a path the site has no page at', () => {
    for (const path of ['/no-such-page', '/index/more', '/rng/x', '/index.htm', '/%E0%A4%A', '']) {
      expect(isSitePage(path), path).toBe(false);
    }
  });
});
