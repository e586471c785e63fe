import { z } from 'zod';
import { successEnvelope } from '../envelope';

/**
 * GET /wps/relay/CSP_unreadCount (docs/product/calls.md#messages-missions-and-promotions): the
 * badge on the Rewards entry.
 */
export const UnreadCountSchema = z.object({
  count: z
    .number()
    .int()
    .min(0)
    .describe("Unread messages in the member's mailbox on this brand; 0 when there are none."),
});
export type UnreadCount = z.infer<typeof UnreadCountSchema>;
export const UnreadCountResponseSchema = successEnvelope(UnreadCountSchema);
