// The support chat's calls (docs/product/site-shell-and-routes.md#support-chat), exported together as
// SUPPORT_CALLS: a member's or a visitor's, and the back office inbox's socket. The inbox's HTTP calls are back-office
// calls (BACKOFFICE_CALLS, backoffice/calls.ts), documented with the others at /bo/docs. Zod-free: the site's start-up
// code may import them.
import type { ApiCall } from '../call';

/** Opens the caller's conversation: a member's open one (or a new one), a visitor's by its token (or a new one). */
export const openSupport = { method: 'POST', path: '/wps/support/conversation' } as const satisfies ApiCall;
/** The caller's conversation and its history; marks the operators' messages read. */
export const supportHistory = { method: 'GET', path: '/wps/support/messages' } as const satisfies ApiCall;
/** Sends a text into the caller's conversation. */
export const sendSupportMessage = { method: 'POST', path: '/wps/support/messages' } as const satisfies ApiCall;
/** Sends a picture: the body is the PNG, JPEG or WebP itself (checked by its bytes). */
export const sendSupportImage = { method: 'POST', path: '/wps/support/images' } as const satisfies ApiCall;
/** A picture of the caller's conversation, its bytes. */
export const supportImage = { method: 'GET', path: '/wps/support/images/:imageId' } as const satisfies ApiCall;

/** The inbox's socket: every new message and change of the brand's conversations, as it happens. */
export const supportInboxSocket = {
  method: 'GET',
  path: '/bo/api/brands/:brand/support-socket',
} as const satisfies ApiCall;
