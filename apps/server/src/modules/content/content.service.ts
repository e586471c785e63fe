import {
  ANNOUNCEMENT_TYPES,
  HELP_CATEGORIES,
  type Announcement,
  type AnnouncementType,
  type HelpCategory,
  type HelpItem,
  type TranslatedLanguage,
} from '@parlay/contract';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { Merchant } from '../merchant/index';
import * as repository from './content.repository';

/** Where each announcement type goes in the content (docs/product/site-shell-and-routes.md#announcements). */
const GROUP_OF_TYPE: Record<AnnouncementType, keyof AnnouncementContent> = {
  B: 'banners',
  PL: 'player',
  PU: 'popup',
  PR: 'promotion',
  H: 'other',
};

export interface AnnouncementContent {
  banners: Announcement[];
  player: Announcement[];
  popup: Announcement[];
  promotion: Announcement[];
  other: Announcement[];
}

const AnnouncementTypeList = z.array(z.enum(ANNOUNCEMENT_TYPES));
const HelpCategoryValue = z.enum(HELP_CATEGORIES);

function toAnnouncement(row: repository.AnnouncementRow): Announcement {
  return {
    id: row.id,
    type: row.type as AnnouncementType,
    title: row.title,
    content: row.content,
    imageUrl: row.imageUrl,
    linkUrl: row.linkUrl,
    groupName: row.groupName,
    timestamp: row.startsAt.toISOString(),
  };
}

/** Announcements and help items: operator-written content of a brand, per language. */
export class ContentService {
  constructor(private readonly db: Database) {}

  /**
   * Live announcements of the requested types (the brand's types when none are named), grouped as
   * banners, player notices, popups, promotions and other. Unknown type codes match nothing.
   */
  async listAnnouncements(input: {
    merchant: Merchant;
    types: readonly string[] | undefined;
    language: TranslatedLanguage;
    platform: string;
    execution: string;
    now?: Date;
  }): Promise<AnnouncementContent> {
    const wanted = input.types ?? input.merchant.brand.announcementTypes;
    const types = AnnouncementTypeList.parse(wanted.filter((type) => type in GROUP_OF_TYPE));
    const rows = await repository.findLiveAnnouncements(this.db, {
      merchantId: input.merchant.id,
      types,
      language: input.language,
      platform: input.platform,
      execution: input.execution,
      now: input.now ?? new Date(),
    });
    const content: AnnouncementContent = { banners: [], player: [], popup: [], promotion: [], other: [] };
    for (const row of rows) {
      const group = GROUP_OF_TYPE[row.type as AnnouncementType];
      if (group) content[group].push(toAnnouncement(row));
    }
    return content;
  }

  /** Help items in the language; a brand with none in that language shows its default language's. */
  async listHelpItems(input: {
    merchant: Merchant;
    language: TranslatedLanguage;
    category?: HelpCategory;
  }): Promise<HelpItem[]> {
    const find = (language: string) =>
      repository.findHelpItems(this.db, { merchantId: input.merchant.id, language, category: input.category });
    let rows = await find(input.language);
    if (rows.length === 0 && input.merchant.brand.defaultLanguage !== input.language) {
      rows = await find(input.merchant.brand.defaultLanguage);
    }
    return rows.flatMap((row) => {
      const category = HelpCategoryValue.safeParse(row.category);
      return category.success ? [{ id: row.id, category: category.data, title: row.title, content: row.content }] : [];
    });
  }
}
