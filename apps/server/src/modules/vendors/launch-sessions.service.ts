import { randomBytes } from 'node:crypto';
import { launchSigningText, VENDOR_LAUNCH_PARAMS, VENDOR_LAUNCH_SIGNED_PARAMS } from '@parlay/contract';
import type { Database } from '../../db/client';
import * as repository from './launch-sessions.repository';
import { hashToken, signBody } from './signatures';
import type { VendorService } from './vendors.service';

/** Trial players are `trial-<session id>`: a play-money wallet on the session row, never the ledger. */
export const TRIAL_PREFIX = 'trial-';
const LAUNCH_SESSION_TTL_MS = 6 * 3_600_000;
/** Play money a trial session starts with, in major units of the brand's currency. */
export const TRIAL_PLAY_BALANCE_MAJOR = 100_000;

/** The launch parameter naming the brand's currency symbol: how much a game shows, not what it plays for. */
export const CURRENCY_SYMBOL_PARAM = 'currencySymbol';

export interface LaunchSessionInput {
  merchantId: number;
  memberId: number;
  currency: string;
  currencyExponent: number;
  /** The brand's currency symbol, which the game shows as the site does (a display hint; not signed). */
  currencySymbol?: string | undefined;
  vendorId: number;
  vendorLaunchUrl: string;
  gameId: number;
  gameCode: string;
  mode: 'real' | 'trial';
  /** A free-play guest's trial stakes the guest's practice wallet, not play money of its own (decision 0072). */
  practice?: boolean | undefined;
  language: string;
  launchHosts: string[];
  roomId?: number | undefined;
  /** The player's brand, told to the vendor for its per-brand limits. */
  merchantCode?: string | undefined;
  /** Signs the launch parameters with this vendor's wallet secret. */
  vendorCode?: string | undefined;
  /** The member's sign-in that launches the game: signing out ends the game's session too. */
  memberSessionId?: number | undefined;
  /** Where the game's back button leads (checked by the caller: a page of the member's site). */
  backUrl?: string | undefined;
  /** A lottery launch's payload (docs/product/games-and-wallet.md#lottery-launch-payload), passed on to the vendor. */
  lottery?:
    | {
        lottoArea?: string | undefined;
        prizeMode?: string | undefined;
        lottoView?: string | undefined;
        device?: string | undefined;
      }
    | undefined;
}

/**
 * Game launch sessions: the session a vendor's wallet calls then name (its token, stored hashed), and the
 * address the player site opens, with its parameters signed with the vendor's wallet secret (decision 0010).
 */
export class LaunchSessionService {
  constructor(
    private readonly db: Database,
    private readonly vendors: VendorService,
  ) {}

  /** Opens a launch session and builds the URL the player site opens in its /game iframe. */
  async createLaunchSession(input: LaunchSessionInput): Promise<{ url: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + LAUNCH_SESSION_TTL_MS);
    const sessionId = await repository.insertSession(this.db, {
      tokenHash: hashToken(token),
      merchantId: input.merchantId,
      memberId: input.memberId,
      vendorId: input.vendorId,
      gameId: input.gameId,
      mode: input.mode,
      currency: input.currency,
      playBalanceMinor:
        input.mode === 'trial' && !input.practice ? TRIAL_PLAY_BALANCE_MAJOR * 10 ** input.currencyExponent : null,
      expiresAt,
      memberSessionId: input.memberSessionId ?? null,
    });
    const params = VENDOR_LAUNCH_PARAMS;
    const query = new URLSearchParams({
      [params.sessionToken]: token,
      [params.playerId]: input.mode === 'trial' ? `${TRIAL_PREFIX}${sessionId}` : String(input.memberId),
      [params.gameCode]: input.gameCode,
      [params.currency]: input.currency,
      [params.language]: input.language,
      [params.mode]: input.mode,
    });
    if (input.roomId !== undefined) query.set(params.roomId, String(input.roomId));
    if (input.backUrl !== undefined) query.set(params.backUrl, input.backUrl);
    const lottery = input.lottery;
    if (lottery?.lottoArea !== undefined) query.set(params.lottoArea, lottery.lottoArea);
    if (lottery?.prizeMode !== undefined) query.set(params.prizeMode, lottery.prizeMode);
    if (lottery?.lottoView !== undefined) query.set(params.lottoView, lottery.lottoView);
    if (lottery?.device !== undefined) query.set(params.device, lottery.device);
    if (input.merchantCode !== undefined) query.set(VENDOR_LAUNCH_SIGNED_PARAMS.brand, input.merchantCode);
    if (input.currencySymbol) query.set(CURRENCY_SYMBOL_PARAM, input.currencySymbol);
    const vendor = input.vendorCode === undefined ? undefined : await this.vendors.findVendor(input.vendorCode);
    if (vendor) {
      query.set(
        VENDOR_LAUNCH_SIGNED_PARAMS.signature,
        signBody(vendor.walletSecret, launchSigningText(Object.fromEntries(query))),
      );
    }
    const url = appendQuery(buildLaunchBase(input.vendorLaunchUrl, input.launchHosts), query);
    return { url, expiresAt };
  }
}

/**
 * The vendor's launch URL. A relative one (a vendor served by this platform) is prefixed with a host
 * picked at random from the brand's launchGameCDNs, or stays relative to the player site when none.
 */
export function buildLaunchBase(vendorLaunchUrl: string, launchHosts: string[]): string {
  if (/^https?:\/\//i.test(vendorLaunchUrl) || launchHosts.length === 0) return vendorLaunchUrl || '/';
  const host = launchHosts[Math.floor(Math.random() * launchHosts.length)] ?? '';
  const origin = (/^https?:\/\//i.test(host) ? host : `https://${host}`).replace(/\/+$/, '');
  return `${origin}${vendorLaunchUrl.startsWith('/') ? '' : '/'}${vendorLaunchUrl}`;
}

function appendQuery(base: string, query: URLSearchParams): string {
  return `${base}${base.includes('?') ? '&' : '?'}${query.toString()}`;
}
