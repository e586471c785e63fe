import { z } from 'zod';
import { successEnvelope } from '../envelope';

// The agent centre's announcement page, agentAnnouncement (docs/product/agent-centre.md#announcements): the operator's
// announcements addressed to the brand's agents only (audience `agents` in the back office's content editor), newest
// first, 9 a page as the site's notice list, each marked read once the agent has opened it.

/** Who an announcement is for: `all` the site's lists; `agents` only the agent centre's announcement page. */
export const ANNOUNCEMENT_AUDIENCES = ['all', 'agents'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];

/** Announcements a page, as the site's notice list. */
export const AGENT_ANNOUNCEMENT_PAGE_SIZE = 9;

export const AgentAnnouncementsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1).describe('1 is the newest.'),
});
export type AgentAnnouncementsQuery = z.input<typeof AgentAnnouncementsQuerySchema>;

export const AgentAnnouncementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string().describe('HTML, sanitised on save; the site sanitises it again before showing it.'),
  timestamp: z.string().describe('ISO 8601: when it was first shown.'),
  read: z.boolean().describe('The agent has opened it.'),
});
export type AgentAnnouncement = z.infer<typeof AgentAnnouncementSchema>;

export const AgentAnnouncementPageSchema = z.object({
  items: z.array(AgentAnnouncementSchema).describe('Live ones in the request language, newest first.'),
  total: z.number().int().min(0),
  unread: z.number().int().min(0).describe('Of all pages.'),
  pageSize: z.number().int(),
});
export type AgentAnnouncementPage = z.infer<typeof AgentAnnouncementPageSchema>;
export const AgentAnnouncementPageResponseSchema = successEnvelope(AgentAnnouncementPageSchema);

export const ReadAgentAnnouncementRequestSchema = z.object({ id: z.number().int().positive() }).strict();
export type ReadAgentAnnouncementRequest = z.input<typeof ReadAgentAnnouncementRequestSchema>;
export const AgentAnnouncementReadSchema = z.object({ unread: z.number().int().min(0).describe('Still unread.') });
export const ReadAgentAnnouncementResponseSchema = successEnvelope(AgentAnnouncementReadSchema);
