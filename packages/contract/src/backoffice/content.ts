import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { TRANSLATED_LANGUAGES } from '../i18n';
import { ANNOUNCEMENT_AUDIENCES } from '../agents/announcements';
import { AnnouncementTypeSchema } from '../system/brand';
import { HelpCategorySchema } from '../system/help';
import { MAX_PAGE_LIMIT, PageRequestSchema, pageSchema, VersionSchema } from './paging';

// A brand's content as the back office edits it (issue 32, "Content"): announcements of each type with their
// schedule (banners, player notices, which the lobby's marquee scrolls, popups, promotions' pages, other) and
// the help centre. HTML is sanitised by the server on save, and again by the site when it shows it.

/** Where a banner shows: null the lobby's carousel, else the sign-in or the register dialog. */
export const BANNER_GROUPS = ['w_login', 'w_register'] as const;
export const ANNOUNCEMENT_STATES = ['scheduled', 'live', 'ended'] as const;
export type AnnouncementState = (typeof ANNOUNCEMENT_STATES)[number];
export const CONTENT_LANGUAGES = TRANSLATED_LANGUAGES;
/** The most HTML one announcement or help item holds. */
export const MAX_CONTENT_HTML = 100_000;

const ContentLanguageSchema = z.enum(CONTENT_LANGUAGES).describe('KO or EN: the languages the site has texts in.');
const IsoTimeSchema = z.iso.datetime({ offset: true });

/**
 * An address the site may load or open: a path of the brand's own site (`/promotions`, `/wps/media/…`) or an
 * https address. Any other scheme (javascript:, data:, http:) is refused.
 */
export const SafeUrlSchema = z
  .string()
  .trim()
  .max(500)
  .regex(/^(\/(?!\/)[^\s\\]*|https:\/\/[^\s\\/]+(\/[^\s\\]*)?)$/i, 'a path of the site (/…) or an https address')
  .describe('A path of the site (/…) or an https address.');

export const ContentIdParamsSchema = z.object({
  brand: z.string().trim().min(1).max(64),
  id: z.coerce.number().int().positive(),
});

export const BoAnnouncementSchema = z.object({
  id: z.number().int(),
  type: AnnouncementTypeSchema,
  language: z.string(),
  title: z.string(),
  content: z.string().describe('HTML, as sanitised on save.'),
  imageUrl: z.string().nullable(),
  linkUrl: z.string().nullable(),
  groupName: z.string().nullable(),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES).describe("all: the site's lists; agents: only the agent centre's page."),
  sortOrder: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  state: z.enum(ANNOUNCEMENT_STATES).describe('scheduled: starts later; live: shown now; ended.'),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type BoAnnouncement = z.infer<typeof BoAnnouncementSchema>;

export const AnnouncementListQuerySchema = PageRequestSchema.extend({
  type: AnnouncementTypeSchema.optional(),
  language: ContentLanguageSchema.optional(),
  state: z.enum(ANNOUNCEMENT_STATES).optional(),
});
export type AnnouncementListQuery = z.input<typeof AnnouncementListQuerySchema>;
export const AnnouncementListResponseSchema = successEnvelope(pageSchema(BoAnnouncementSchema));
export const AnnouncementResponseSchema = successEnvelope(BoAnnouncementSchema);

const AnnouncementFields = {
  type: AnnouncementTypeSchema.describe('B banner, PL player notice (the marquee), PU popup, PR promotion, H other.'),
  language: ContentLanguageSchema,
  title: z.string().trim().min(1).max(200).describe('Plain text.'),
  content: z.string().max(MAX_CONTENT_HTML).default('').describe('HTML; sanitised on save.'),
  imageUrl: SafeUrlSchema.nullable().default(null).describe('A banner or promotion image: /wps/media/… or https.'),
  linkUrl: SafeUrlSchema.nullable().default(null).describe('Where a banner leads.'),
  groupName: z.enum(BANNER_GROUPS).nullable().default(null).describe('Banners only: null is the lobby carousel.'),
  audience: z
    .enum(ANNOUNCEMENT_AUDIENCES)
    .default('all')
    .describe("all: the site's lists; agents: only the agent centre's announcement page (never the site's lists)."),
  sortOrder: z.number().int().min(-1_000_000).max(1_000_000).default(0).describe('Lower first.'),
  startsAt: IsoTimeSchema.describe('Shown from then.'),
  endsAt: IsoTimeSchema.nullable().default(null).describe('Shown until then; null: until removed.'),
};

type AnnouncementDraft = {
  type: string;
  groupName: string | null;
  imageUrl: string | null;
  startsAt: string;
  endsAt: string | null;
};
const announcementRules = <T extends z.ZodType<AnnouncementDraft>>(schema: T) =>
  schema
    .refine((value) => value.endsAt === null || Date.parse(value.endsAt) > Date.parse(value.startsAt), {
      path: ['endsAt'],
      message: 'the end comes after the start',
    })
    .refine((value) => value.type === 'B' || value.groupName === null, {
      path: ['groupName'],
      message: 'only a banner has a group',
    })
    .refine((value) => value.type !== 'B' || value.imageUrl !== null, {
      path: ['imageUrl'],
      message: 'a banner needs its image',
    });

export const CreateAnnouncementRequestSchema = announcementRules(z.object(AnnouncementFields).strict());
export type CreateAnnouncementRequest = z.input<typeof CreateAnnouncementRequestSchema>;
export const UpdateAnnouncementRequestSchema = announcementRules(
  z.object({ ...AnnouncementFields, version: VersionSchema }).strict(),
);
export type UpdateAnnouncementRequest = z.input<typeof UpdateAnnouncementRequestSchema>;

/**
 * A new order of announcements (the banners of one place), first first, each with the version the page read: one
 * change, and a stale version in it changes none. Their `sortOrder` becomes 10, 20, 30, …
 */
export const SetAnnouncementOrderRequestSchema = z
  .object({
    items: z
      .array(z.object({ id: z.number().int().positive(), version: VersionSchema }).strict())
      .min(1)
      .max(MAX_PAGE_LIMIT)
      .refine((list) => new Set(list.map((item) => item.id)).size === list.length, 'each announcement once'),
  })
  .strict();
export type SetAnnouncementOrderRequest = z.input<typeof SetAnnouncementOrderRequestSchema>;
export const AnnouncementOrderResponseSchema = successEnvelope(
  z.object({ items: z.array(BoAnnouncementSchema).describe('In their new order, as stored.') }),
);

export const BoHelpItemSchema = z.object({
  id: z.number().int(),
  language: z.string(),
  category: HelpCategorySchema,
  title: z.string(),
  content: z.string().describe('HTML, as sanitised on save.'),
  sortOrder: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type BoHelpItem = z.infer<typeof BoHelpItemSchema>;

export const HelpItemListQuerySchema = PageRequestSchema.extend({
  language: ContentLanguageSchema.optional(),
  category: HelpCategorySchema.optional(),
});
export type HelpItemListQuery = z.input<typeof HelpItemListQuerySchema>;
export const HelpItemListResponseSchema = successEnvelope(pageSchema(BoHelpItemSchema));
export const HelpItemResponseSchema = successEnvelope(BoHelpItemSchema);

const HelpItemFields = {
  language: ContentLanguageSchema,
  category: HelpCategorySchema,
  title: z.string().trim().min(1).max(200),
  content: z.string().min(1).max(MAX_CONTENT_HTML).describe('HTML; sanitised on save.'),
  sortOrder: z.number().int().min(-1_000_000).max(1_000_000).default(0),
};
export const CreateHelpItemRequestSchema = z.object(HelpItemFields).strict();
export type CreateHelpItemRequest = z.input<typeof CreateHelpItemRequestSchema>;
export const UpdateHelpItemRequestSchema = z.object({ ...HelpItemFields, version: VersionSchema }).strict();
export type UpdateHelpItemRequest = z.input<typeof UpdateHelpItemRequestSchema>;

export const ContentRemovedResponseSchema = successEnvelope(z.object({ id: z.number().int() }));
