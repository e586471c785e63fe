import type { AnnouncementState, AnnouncementType, HelpCategory } from '@parlay/contract';

/** What the lists ask for: the filters of the address and the page's cursor. */
export type AnnouncementFilters = {
  type?: AnnouncementType;
  language?: 'KO' | 'EN';
  state?: AnnouncementState;
  cursor?: string;
  limit?: number;
};

export type HelpItemFilters = {
  language?: 'KO' | 'EN';
  category?: HelpCategory;
  cursor?: string;
  limit?: number;
};

export const contentKeys = {
  all: (brand: string) => ['content', brand] as const,
  announcements: (brand: string, query: AnnouncementFilters) => ['content', brand, 'announcements', query] as const,
  announcement: (brand: string, id: number) => ['content', brand, 'announcement', id] as const,
  helpItems: (brand: string, query: HelpItemFilters) => ['content', brand, 'help-items', query] as const,
  helpItem: (brand: string, id: number) => ['content', brand, 'help-item', id] as const,
};
