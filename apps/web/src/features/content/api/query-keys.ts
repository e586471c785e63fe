import type { TranslatedLanguage } from '@parlay/contract';

/**
 * Query keys of the content feature. Each key carries the language, so a language change
 * (docs/product/site-shell-and-routes.md#language-change) asks for the content again instead of showing the old
 * language from the cache.
 */
export const contentKeys = {
  all: ['content'] as const,
  announcements: (types: string, language: TranslatedLanguage) =>
    [...contentKeys.all, 'announcements', types, language] as const,
  helpCenter: (language: TranslatedLanguage) => [...contentKeys.all, 'help-center', language] as const,
};
