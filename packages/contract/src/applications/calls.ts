// The member's application promotions (docs/decisions/0052-application-promotions.md), exported together as
// APPLICATION_CALLS. Zod-free: the site's start-up code may import them. The back office's review is in
// BACKOFFICE_CALLS.
import type { ApiCall } from '../call';

/**
 * The brand's application promotions with their state (coming soon, join, close); with a member's token also the
 * member's own (applying, issued, rejected). No token needed: a visitor sees the offers.
 */
export const offers = { method: 'GET', path: '/wps/promotions/applications' } as const satisfies ApiCall;
/** The member's applications, newest first, with their status and an operator's reason of a rejection. */
export const list = { method: 'GET', path: '/wps/member/applications' } as const satisfies ApiCall;
/** Applies: a multipart form of promotionCode, comment and up to 3 images (checked by their bytes). */
export const apply = { method: 'POST', path: '/wps/member/applications' } as const satisfies ApiCall;
/** One image of the member's own application. */
export const image = {
  method: 'GET',
  path: '/wps/member/applications/:applicationId/images/:imageId',
} as const satisfies ApiCall;
