// Zod-free values of the system contract. The player site's start-up code imports them without
// pulling in zod; the modules beside this one re-export them next to their schemas.

/**
 * System status (docs/product/site-shell-and-routes.md#system-status): 0 normal, 1 maintenance, 2 region
 * restricted; maintenance wins.
 */
export const SYSTEM_STATUS = { NORMAL: 0, MAINTENANCE: 1, REGION_RESTRICTED: 2 } as const;

/** A node of the whitelabel tree: a feature module, on ('1') or off ('0'), with child modules. */
export interface WhitelabelNode {
  modId: string;
  enabled: '1' | '0';
  childrenNodes: WhitelabelNode[];
}

/**
 * Module ids of the feature flags (docs/product/constants.md#feature-flags). The spec names the features but
 * not their ids; these are ours and stable once shipped.
 */
export const WHITELABEL = {
  /** The register button and dialog (direct registration). */
  DIRECT_REGISTER: 'DIRECT_REGISTER',
  /** Registration by username. */
  REGISTER_USERNAME: 'REGISTER_USERNAME',
  /** Registration by mobile number (the mobile tab). */
  REGISTER_MOBILE: 'REGISTER_MOBILE',
  /** SMS code required when registering. */
  REGISTER_SMS_VERIFICATION: 'REGISTER_SMS_VERIFICATION',
  /** Mobile registration also sets a password. */
  REGISTER_MOBILE_PASSWORD: 'REGISTER_MOBILE_PASSWORD',
  /** Guest sign-in with play money. */
  FREE_PLAY: 'FREE_PLAY',
  /** An expired password forces the change-password dialog. */
  FORCE_PASSWORD_CHANGE: 'FORCE_PASSWORD_CHANGE',
  /** Sign-in by mobile number and SMS code. */
  LOGIN_SMS: 'LOGIN_SMS',
  /**
   * Password recovery by phone; the e-mail tab shows only when this is on (docs/product/accounts.md#password-recovery).
   */
  RECOVER_BY_PHONE: 'RECOVER_BY_PHONE',
  /** Invite-and-earn (referral). */
  REFERRAL: 'REFERRAL',
  /** Second check on sign-in from an IP the member has not used. */
  UNREGISTERED_IP_VERIFICATION: 'UNREGISTERED_IP_VERIFICATION',
  DIVIDEND_CONTRACT: 'DIVIDEND_CONTRACT',
  SALARY: 'SALARY',
  HOURLY_SALARY: 'HOURLY_SALARY',
  REALTIME_SALARY: 'REALTIME_SALARY',
  PROMOTIONS: 'PROMOTIONS',
  /**
   * A main wallet plus one wallet per transfer-mode vendor, with transfers between them (GCS_merchantWallet answers
   * isSingle: false). Off or absent: one wallet for every game (decision 0036).
   */
  TRANSFER_WALLETS: 'TRANSFER_WALLETS',
  /**
   * A category or vendor with no game that plays now (none offered, or all in maintenance) shows in the menus and
   * lanes as "coming soon". Off or absent: it is left out (docs/product/games-and-wallet.md#vendors-and-lanes).
   */
  COMING_SOON_CATEGORIES: 'COMING_SOON_CATEGORIES',
} as const;
export type WhitelabelModule = (typeof WHITELABEL)[keyof typeof WHITELABEL];

/** True when the module is present and enabled, and so is every ancestor on its path. */
export function isModuleEnabled(tree: readonly WhitelabelNode[], modId: string): boolean {
  for (const node of tree) {
    if (node.modId === modId) return node.enabled === '1';
    if (node.enabled === '1' && isModuleEnabled(node.childrenNodes, modId)) return true;
  }
  return false;
}

/**
 * Announcement types (docs/product/site-shell-and-routes.md#announcements): banner, player notice, popup, promotion, H.
 */
export const ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

/** The notice list asks for these types (docs/product/site-shell-and-routes.md#announcements). */
export const NOTICE_ANNOUNCEMENT_TYPES: readonly AnnouncementType[] = ['B', 'PL', 'PU', 'PR'];

export const PRIZE_MODES = ['Lott', 'ZY', 'Elott', 'SEA'] as const;
export type PrizeMode = (typeof PRIZE_MODES)[number];

/**
 * Download resources (docs/product/site-shell-and-routes.md#download-resources): IOS, MOBILECONFIG
 * (the iOS lite app), ANDROID.
 */
export const RESOURCE_TYPES = ['IOS', 'MOBILECONFIG', 'ANDROID'] as const;

/** Help-centre categories; the footer's About list links to every one but faq. */
export const HELP_CATEGORIES = [
  'faq',
  'terms',
  'about',
  'contact',
  'privacy',
  'responsible',
  'affiliates',
  'refund',
] as const;

export type HelpCategory = (typeof HELP_CATEGORIES)[number];

/**
 * Types of the customer-service path list (docs/product/site-shell-and-routes.md#customer-service): 3 is
 * the live-chat link, 1 the VIP chat.
 */
export const CUSTOMER_SERVICE_PATH_TYPE = { VIP: 1, LIVECHAT: 3 } as const;
export type CustomerServicePathType = (typeof CUSTOMER_SERVICE_PATH_TYPE)[keyof typeof CUSTOMER_SERVICE_PATH_TYPE];

/** Length of the key at the end of an encrypted customer-service path. */
export const CUSTOMER_SERVICE_KEY_LENGTH = 8;

export interface EncryptedCustomerServicePath {
  /** 12-byte AES-GCM initialisation vector. */
  iv: Uint8Array;
  /** AES-GCM ciphertext with the 16-byte tag appended, as WebCrypto expects it. */
  ciphertextAndTag: Uint8Array;
  /** The 8 key characters; the AES key is SHA-256 of their UTF-8 bytes. */
  key: string;
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Decodes base64url without padding; throws on a character outside the alphabet. */
export function decodeBase64Url(text: string): Uint8Array {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text) {
    const value = BASE64URL.indexOf(char);
    if (value < 0) throw new Error(`not base64url: ${char}`);
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return Uint8Array.from(bytes);
}

/** Splits an encrypted path into its parts; the caller decrypts with WebCrypto as CustomerServicePathSchema describes. */
export function splitCustomerServicePath(path: string): EncryptedCustomerServicePath {
  if (path.length <= CUSTOMER_SERVICE_KEY_LENGTH) throw new Error('customer-service path too short');
  const key = path.slice(-CUSTOMER_SERVICE_KEY_LENGTH);
  const payload = decodeBase64Url(path.slice(0, -CUSTOMER_SERVICE_KEY_LENGTH));
  if (payload.length < 12 + 16) throw new Error('customer-service path too short');
  return { iv: payload.slice(0, 12), ciphertextAndTag: payload.slice(12), key };
}
