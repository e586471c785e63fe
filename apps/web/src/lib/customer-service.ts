import type { CustomerServicePath } from '@parlay/contract';
import { CUSTOMER_SERVICE_PATH_TYPE, splitCustomerServicePath } from '@parlay/contract/constants';

/**
 * Customer-service window sizes (docs/product/site-shell-and-routes.md#customer-service): 440×500, 440×750 from the
 * header.
 */
export const CS_WINDOW = { default: { width: 440, height: 500 }, header: { width: 440, height: 750 } } as const;
/** VIP chat is offered above this rank level (docs/product/site-shell-and-routes.md#customer-service). */
export const VIP_CHAT_MIN_RANK_EXCLUSIVE = 4;

/** Decrypts one path as the contract describes: AES-256-GCM keyed by SHA-256 of its last 8 characters. */
export async function decryptCustomerServicePath(path: string): Promise<string> {
  const { iv, ciphertextAndTag, key } = splitCustomerServicePath(path);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key));
  const aesKey = await crypto.subtle.importKey('raw', digest, 'AES-GCM', false, ['decrypt']);
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: iv as Uint8Array<ArrayBuffer> },
    aesKey,
    ciphertextAndTag as Uint8Array<ArrayBuffer>,
  );
  return new TextDecoder().decode(plain);
}

/** The VIP chat above rank level 4, live chat otherwise; live chat when the brand has no VIP link. */
export function choosePath(paths: readonly CustomerServicePath[], rankLevel: number): CustomerServicePath | undefined {
  const live = paths.find((entry) => entry.type === CUSTOMER_SERVICE_PATH_TYPE.LIVECHAT);
  if (rankLevel > VIP_CHAT_MIN_RANK_EXCLUSIVE) {
    return paths.find((entry) => entry.type === CUSTOMER_SERVICE_PATH_TYPE.VIP) ?? live;
  }
  return live;
}

/**
 * Opens the small chat window at once (so no pop-up blocker stops it), then points it at the
 * decrypted link. When the list or the decryption fails, the window closes and the error is rethrown.
 */
export async function openCustomerService(options: {
  loadPaths: () => Promise<CustomerServicePath[]>;
  rankLevel: number;
  variant?: keyof typeof CS_WINDOW;
}): Promise<void> {
  const size = CS_WINDOW[options.variant ?? 'default'];
  const popup = window.open('about:blank', 'parlay-customer-service', `width=${size.width},height=${size.height}`);
  try {
    const entry = choosePath(await options.loadPaths(), options.rankLevel);
    if (!entry) throw new Error('CUSTOMER_SERVICE_UNAVAILABLE');
    const url = new URL(await decryptCustomerServicePath(entry.path), window.location.origin);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('CUSTOMER_SERVICE_UNAVAILABLE');
    if (popup) popup.location.href = url.href;
    else window.location.href = url.href;
  } catch (error) {
    popup?.close();
    throw error;
  }
}

/**
 * Where customer service leads (docs/product/site-shell-and-routes.md#support-chat): the brand's external chat for
 * the member's channel, or null for the built-in support chat: when the brand has no link, when it cannot be read,
 * or when it points back into this site (the help page, which would send the player in a circle).
 */
export async function resolveCustomerService(options: {
  loadPaths: () => Promise<CustomerServicePath[]>;
  rankLevel: number;
}): Promise<string | null> {
  try {
    const entry = choosePath(await options.loadPaths(), options.rankLevel);
    if (!entry) return null;
    const url = new URL(await decryptCustomerServicePath(entry.path), window.location.origin);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.origin === window.location.origin ? null : url.href;
  } catch {
    return null;
  }
}
