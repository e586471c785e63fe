// Binding or changing the member's mobile number and e-mail (docs/product/calls.md#mobile-number-and-e-mail-calls), exported
// together as CONTACT_CALLS. Zod-free: the site's start-up code may import them.
import type { ApiCall } from '../call';

/** The bound mobile number and e-mail, masked. */
export const contacts = { method: 'GET', path: '/wps/member/security/contact' } as const satisfies ApiCall;
/**
 * Opens a change of the mobile number or e-mail: a code to the bound one, or, binding one for the first time, the
 * login password.
 */
export const startContactChange = {
  method: 'POST',
  path: '/wps/member/security/contact/start',
} as const satisfies ApiCall;
/** Proves the bound mobile number or e-mail with the code sent to it. */
export const verifyCurrentContact = {
  method: 'POST',
  path: '/wps/member/security/contact/verify-current',
} as const satisfies ApiCall;
/** Names the new mobile number or e-mail and sends it a code. */
export const sendNewContactCode = {
  method: 'POST',
  path: '/wps/member/security/contact/new',
} as const satisfies ApiCall;
/** Proves the new mobile number or e-mail with its code: the change is made. */
export const confirmContactChange = {
  method: 'POST',
  path: '/wps/member/security/contact/confirm',
} as const satisfies ApiCall;
