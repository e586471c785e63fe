// Zod-free values of the device id (decision 0057): the player site sends it, the server keeps only its hash.

/**
 * The request header of the player site's device id: a random id the site keeps in local storage and sends with its
 * sign-in and registration calls, so the abuse check can tell two accounts used on one browser. Not a fingerprint:
 * clearing the site's storage makes a new one.
 */
export const DEVICE_HEADER = 'x-parlay-device';

/**
 * A device id the server records: 16 to 64 characters of base64url (the site's is 128 random bits, 22 characters).
 * Anything else is ignored, never refused.
 */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
