import {
  AGENT_ANNOUNCEMENT_PAGE_SIZE,
  ANNOUNCEMENT_TYPES,
  type AgentAnnouncementPage,
  HELP_CATEGORIES,
  type Announcement,
  type AnnouncementType,
  type HelpCategory,
  type HelpItem,
  type TranslatedLanguage,
} from '@parlay/contract';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
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

  /**
   * The agent centre's announcement page (docs/product/agent-centre.md#announcements): the brand's live announcements
   * to agents in the language, newest first, a page of 9, each read or not by this agent. The route lets only agents in.
   */
  async listAgentAnnouncements(input: {
    merchant: Merchant;
    memberId: number;
    language: TranslatedLanguage;
    page: number;
    now?: Date;
  }): Promise<AgentAnnouncementPage> {
    const { rows, total, unread } = await repository.findAgentAnnouncementPage(this.db, {
      merchantId: input.merchant.id,
      memberId: input.memberId,
      language: input.language,
      now: input.now ?? new Date(),
      offset: (input.page - 1) * AGENT_ANNOUNCEMENT_PAGE_SIZE,
      limit: AGENT_ANNOUNCEMENT_PAGE_SIZE,
    });
    const items = rows.map((row) => ({
      id: row.id,
      title: row.title,
      content: row.content,
      timestamp: row.startsAt.toISOString(),
      read: row.read,
    }));
    return { items, total, unread, pageSize: AGENT_ANNOUNCEMENT_PAGE_SIZE };
  }

  /**
   * Marks a live announcement to agents of the brand read by the agent (again: no change), and answers how many stay
   * unread in the language. Any other announcement is CONTENT_NOT_FOUND: an agent learns nothing of the public ones.
   */
  async readAgentAnnouncement(input: {
    merchant: Merchant;
    memberId: number;
    language: TranslatedLanguage;
    id: number;
    now?: Date;
  }): Promise<{ unread: number }> {
    const now = input.now ?? new Date();
    const row = await repository.findAnnouncement(this.db, input.merchant.id, input.id);
    const live = row !== undefined && row.startsAt <= now && (row.endsAt === null || row.endsAt > now);
    if (!live || row.audience !== 'agents') throw new AppError('CONTENT_NOT_FOUND');
    await repository.insertAnnouncementRead(this.db, row.id, input.memberId);
    const { unread } = await repository.findAgentAnnouncementPage(this.db, {
      merchantId: input.merchant.id,
      memberId: input.memberId,
      language: input.language,
      now,
      offset: 0,
      limit: 0,
    });
    return { unread };
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
