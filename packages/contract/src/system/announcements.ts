import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { AnnouncementTypeSchema } from './brand';

export const ListAnnouncementsQuerySchema = z.object({
  types: z
    .string()
    .max(64)
    .regex(/^[A-Z]{1,2}(,[A-Z]{1,2})*$/, 'comma-separated announcement types')
    .optional()
    .describe("Comma-separated types such as 'B,PL,PU,PR'; the brand's types when omitted."),
  platform: z.literal('W').default('W'),
  execution: z.literal('B').default('B'),
  language: z.string().max(8).optional(),
});

export const AnnouncementSchema = z.object({
  id: z.number().int(),
  type: AnnouncementTypeSchema,
  title: z.string(),
  content: z.string().describe('HTML; sanitise before rendering.'),
  imageUrl: z.string().nullable(),
  linkUrl: z.string().nullable(),
  groupName: z.string().nullable().describe('Banner group: w_login, w_register, or null for the lobby.'),
  timestamp: z.string().describe('ISO time the announcement starts.'),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;

/**
 * Announcement content (docs/product/site-shell-and-routes.md#announcements): banners, player
 * notices, popups, promotions.
 */
export const AnnouncementContentSchema = z.object({
  banners: z.array(AnnouncementSchema),
  player: z.array(AnnouncementSchema),
  popup: z.array(AnnouncementSchema),
  promotion: z.array(AnnouncementSchema),
  other: z.array(AnnouncementSchema),
});
export const ListAnnouncementsResponseSchema = successEnvelope(AnnouncementContentSchema);
