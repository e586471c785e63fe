// The system and content calls (docs/product/calls.md#system-and-content), exported together as
// SYSTEM_CALLS. Zod-free: the site's start-up code imports them.
import type { ApiCall } from '../call';

export const status = { method: 'GET', path: '/wps/system/status' } as const satisfies ApiCall;
export const whitelabel = { method: 'GET', path: '/wps/system/whitelabel' } as const satisfies ApiCall;
export const domainRoute = { method: 'GET', path: '/wps/system/domainRoute' } as const satisfies ApiCall;
export const customerService = { method: 'GET', path: '/wps/system/customerService' } as const satisfies ApiCall;
/** The key encrypted calls are sealed with (decision 0006). */
export const publicKey = { method: 'GET', path: '/wps/system/publicKey' } as const satisfies ApiCall;
export const helpCenter = { method: 'GET', path: '/wps/system/helpCenter' } as const satisfies ApiCall;
export const announcements = {
  method: 'GET',
  path: '/wps/relay/MCSFE_getListAnnouncements',
} as const satisfies ApiCall;
/**
 * An image an operator uploaded (a brand's logo, a banner), by the name the server gave it; sent with the type
 * the server chose and `nosniff`, cached for a year (a name is never reused).
 */
export const media = { method: 'GET', path: '/wps/media/:name' } as const satisfies ApiCall;
