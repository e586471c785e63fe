import { VENDOR_LAUNCH_PARAMS } from './catalogue';

/**
 * Launch parameters the platform signs. `brand` is the player's brand (merchant code): a vendor keeps bet
 * limits and maximum wins per brand. `signature` is lower-case hex HMAC-SHA256, keyed with the vendor's
 * wallet secret, of `launchSigningText(parameters)`; a vendor refuses a launch whose signature is wrong,
 * so a player cannot move to another brand's limits by editing the URL.
 */
export const VENDOR_LAUNCH_SIGNED_PARAMS = { brand: 'brand', signature: 'signature' } as const;

/** Every launch parameter the signature covers; others a page may add (theme, ...) are not signed. */
export const VENDOR_LAUNCH_SIGNED_NAMES = [
  ...Object.values(VENDOR_LAUNCH_PARAMS),
  VENDOR_LAUNCH_SIGNED_PARAMS.brand,
].sort();

/**
 * The text both sides sign: the covered parameters present, sorted by name, as `name=value` joined by
 * line feeds, values URI-encoded so that no value can forge a line.
 */
export function launchSigningText(parameters: Readonly<Record<string, string | undefined>>): string {
  return VENDOR_LAUNCH_SIGNED_NAMES.filter((name) => parameters[name] !== undefined)
    .map((name) => `${name}=${encodeURIComponent(parameters[name] ?? '')}`)
    .join('\n');
}
