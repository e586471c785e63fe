import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * An axe check of `page` as it is drawn now. A page without frames is checked by axe.run in the page itself
 * (AxeBuilder's legacy mode): the same rules and the same results, without the blank tab the frame-by-frame mode
 * opens for every check to merge its frames' results, which cost a journey about a second a check, several on a
 * busy machine. A page with a frame (a game's) keeps the frame-by-frame mode, which also reaches frames of another
 * origin.
 */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1);
}
