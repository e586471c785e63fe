import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  VENDOR_LAUNCH_PARAMS,
  type CloseRoundRequest,
  VENDOR_LAUNCH_SIGNED_PARAMS,
  VENDOR_SIGNATURE_TOLERANCE_SECONDS,
  launchSigningText,
  walletSigningText,
  type ErrorCode,
  type WalletBalanceRequest,
  type WalletCreditRequest,
  type WalletDebitRequest,
  type WalletRollbackRequest,
  type WalletTransactionResult,
} from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { BettingService } from '../betting/index';
import type { MovementRequest, WalletOwner, WalletService } from '../wallet/index';
import * as repository from './vendor.repository';
import { SecretBox } from './secret-box';

export type { VendorRow } from './vendor.repository';

/** Answers that depend only on the request and the ledger, so a repeated requestId gets them again. */
const REPLAYABLE_ERRORS = new Set<ErrorCode>([
  'INSUFFICIENT_FUNDS',
  'VENDOR_PLAYER_UNKNOWN',
  'VENDOR_SESSION_EXPIRED',
  'VENDOR_TRANSACTION_ROLLED_BACK',
  'VENDOR_IDEMPOTENCY_CONFLICT',
  'VENDOR_CURRENCY_MISMATCH',
  'VENDOR_ROUND_CLOSED',
  'VENDOR_ROLLBACK_NOT_DEBIT',
  'VENDOR_GAME_UNKNOWN',
  'WALLET_BALANCE_LIMIT',
  'VENDOR_CREDIT_WITHOUT_DEBIT',
  'VENDOR_PROMOTION_CAP_REACHED',
]);

/**
 * What became of a credit for a round with no debit of the player (decision 0027), for the operator's
 * metrics: a promotion or tournament credit paid, refused over the cap, or a round credit refused.
 */
export type CreditWithoutDebitOutcome = 'promotion_paid' | 'promotion_over_cap' | 'round_without_debit';

/** Trial players are `trial-<session id>`: a play-money wallet on the session row, never the ledger. */
const TRIAL_PREFIX = 'trial-';
const LAUNCH_SESSION_TTL_MS = 6 * 3_600_000;
const VENDOR_CACHE_TTL_MS = 10_000;
/** As long as a brand's switch-off of a vendor may take to stop new debits. */
const PLAYER_CACHE_TTL_MS = 10_000;
const PLAYER_CACHE_MAX = 50_000;
/** Play money a trial session starts with, in major units of the brand's currency. */
export const TRIAL_PLAY_BALANCE_MAJOR = 100_000;

class ReplayStoredAnswer extends Error {}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function signBody(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** A wallet call's signature: over the time it is sent and its raw body (`walletSigningText`). */
export function signWalletCall(secret: string, timestampSeconds: number | string, rawBody: string): string {
  return signBody(secret, walletSigningText(timestampSeconds, rawBody));
}

/** Whether `given` is the lower-case or upper-case hex of `expected`, compared in constant time. */
function signatureMatches(given: string | undefined, expected: string): boolean {
  const expectedBytes = Buffer.from(expected, 'hex');
  const givenBytes = Buffer.from(/^[0-9a-f]{64}$/i.test(given ?? '') ? (given as string) : '', 'hex');
  return givenBytes.length === expectedBytes.length && timingSafeEqual(givenBytes, expectedBytes);
}

/** A ledger movement of the player's money, written out (decision 0013: no `{ ...player, more }`). */
function movement(
  player: Player,
  amountMinor: number,
  kind: MovementRequest['kind'],
  idempotencyKey: string,
  requestHash: string,
): MovementRequest {
  const { memberId, merchantId, currency } = player;
  return { memberId, merchantId, currency, amountMinor, kind, idempotencyKey, requestHash };
}

/** Shared between calls (a real-money player is cached): never changed once made. */
interface Player extends Readonly<WalletOwner> {
  readonly mode: 'real' | 'trial';
  readonly sessionId: number | null;
  /** The brand offers the vendor: new debits need it; rounds already open settle either way. */
  readonly vendorEnabled: boolean;
}

type Operation = 'balance' | 'debit' | 'credit' | 'rollback';

interface Outcome {
  value: WalletTransactionResult | { balanceMinor: number; currency: string };
  /** Balance to announce to the member's sockets once committed. */
  announce?: { owner: WalletOwner; balanceMinor: number };
  /** A promotion or tournament credit was paid: counted once committed. */
  paidPromotion?: boolean;
}

/** A brand's cap on a vendor's promotion and tournament credits, and what they paid on one of its days. */
export interface PromotionDay extends repository.PromotionDay {
  vendorCode: string;
  list: repository.PromotionCreditRow[];
}

/** What an operator's closing of an abandoned round did. */
export interface ClosedRound {
  vassalage: string;
  roundId: string;
  account: string;
  outcome: CloseRoundRequest['outcome'];
  currency: string;
  /** The stakes given back (a cancel); 0 for a settle. */
  refundedMinor: number;
  /** The member's balance after the cancel; undefined for a settle, which moves no money. */
  balanceMinor: number | undefined;
}

export interface LaunchSessionInput {
  merchantId: number;
  memberId: number;
  currency: string;
  currencyExponent: number;
  vendorId: number;
  vendorLaunchUrl: string;
  gameId: number;
  gameCode: string;
  mode: 'real' | 'trial';
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
  /** A lottery launch's payload (spec 01 §7), passed on to the vendor. */
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
 * The platform side of the seamless wallet of DESIGN.md: vendors call balance, debit, credit and
 * rollback, signed with HMAC-SHA256 over the raw body. A repeated requestId gets its first answer; a
 * transactionId moves money once, ever; a rollback that arrives before its debit blocks that debit.
 */
export class VendorService {
  private readonly vendors = new Map<string, { vendor: repository.VendorRow | undefined; expiresAt: number }>();
  private readonly players = new Map<string, { player: Player | undefined; expiresAt: number }>();
  private readonly gameIds = new Map<string, number>();
  /** Refusals already stored as, or replayed from, their requestId's answer: never stored again. */
  private readonly answered = new WeakSet<AppError>();
  private creditsWithoutDebit: ((vendorCode: string, outcome: CreditWithoutDebitOutcome) => void) | undefined;

  constructor(
    private readonly db: Database,
    private readonly wallet: WalletService,
    private readonly betting: BettingService,
    /** Seals wallet secrets at rest (DATA_ENCRYPTION_KEY). */
    private readonly secretBox: SecretBox,
  ) {}

  /** The stored form of a vendor's wallet secret: sealed, bound to the vendor's code. */
  sealWalletSecret(vendorCode: string, secret: string): string {
    return this.secretBox.seal(secret, walletSecretContext(vendorCode));
  }

  /**
   * Seals every wallet secret still stored as given (rows written before secrets were encrypted).
   * Idempotent, safe with several instances starting at once; returns how many rows it sealed.
   */
  async sealStoredSecrets(): Promise<number> {
    let sealed = 0;
    for (const row of await repository.findPlaintextWalletSecrets(this.db)) {
      const stored = this.sealWalletSecret(row.code, row.walletSecret);
      if (await repository.replaceWalletSecret(this.db, row.id, row.walletSecret, stored)) sealed += 1;
    }
    if (sealed > 0) this.invalidateVendor();
    return sealed;
  }

  /**
   * Finds the vendor of a catalogue feed and checks the feed's signature, over its raw body alone, in
   * constant time. A wallet call is checked by `authenticateWalletCall`, which covers its time too.
   */
  async authenticate(
    vendorCode: string | undefined,
    signature: string | undefined,
    rawBody: Buffer,
  ): Promise<repository.VendorRow> {
    const vendor = vendorCode ? await this.findVendor(vendorCode) : undefined;
    if (!vendor) throw new AppError('VENDOR_UNKNOWN');
    if (!signatureMatches(signature, signBody(vendor.walletSecret, rawBody))) {
      throw new AppError('VENDOR_SIGNATURE_INVALID');
    }
    return vendor;
  }

  /**
   * Finds the vendor of a wallet call and checks its signature over `walletSigningText(timestamp, body)`
   * in constant time, then its time: more than VENDOR_SIGNATURE_TOLERANCE_SECONDS from this clock, or
   * none, is VENDOR_SIGNATURE_EXPIRED, so a captured call cannot be played again later (decision 0027).
   * A disabled vendor still gets through: its open rounds must settle (credit, rollback); debit refuses it.
   */
  async authenticateWalletCall(
    vendorCode: string | undefined,
    signature: string | undefined,
    timestamp: string | undefined,
    rawBody: string,
    nowMs = Date.now(),
  ): Promise<repository.VendorRow> {
    const vendor = vendorCode ? await this.findVendor(vendorCode) : undefined;
    if (!vendor) throw new AppError('VENDOR_UNKNOWN');
    // Without a time there is nothing to sign it with: an old-style call (body only) is refused here.
    if (timestamp === undefined || !/^\d{1,12}$/.test(timestamp)) throw new AppError('VENDOR_SIGNATURE_EXPIRED');
    if (!signatureMatches(signature, signWalletCall(vendor.walletSecret, timestamp, rawBody))) {
      throw new AppError('VENDOR_SIGNATURE_INVALID');
    }
    if (Math.abs(nowMs / 1000 - Number(timestamp)) > VENDOR_SIGNATURE_TOLERANCE_SECONDS) {
      throw new AppError('VENDOR_SIGNATURE_EXPIRED');
    }
    return vendor;
  }

  /** Tells `listener` of each credit without a debit as it is decided (the /metrics counter). */
  observeCreditsWithoutDebit(listener: (vendorCode: string, outcome: CreditWithoutDebitOutcome) => void): void {
    this.creditsWithoutDebit = listener;
  }

  /**
   * Sets a brand's daily cap on a vendor's promotion and tournament credits, in minor units of the brand's
   * currency; 0 accepts none (decision 0027).
   */
  async setPromotionCap(merchantId: number, vendorCode: string, capMinor: number): Promise<void> {
    if (!Number.isSafeInteger(capMinor) || capMinor < 0) throw new AppError('VALIDATION_FAILED');
    const vendor = await repository.findVendorByCode(this.db, vendorCode);
    if (!vendor || !(await repository.updatePromotionCap(this.db, merchantId, vendor.id, capMinor))) {
      throw new AppError('GAME_VENDOR_NOT_FOUND');
    }
  }

  /**
   * A brand's cap on a vendor's promotion and tournament credits, their total on the brand's day (today in
   * its time zone, or `day`, YYYY-MM-DD), and the first `limit` of them.
   */
  async findPromotionDay(
    merchantId: number,
    vendorCode: string,
    options: { day?: string | undefined; limit?: number | undefined } = {},
  ): Promise<PromotionDay> {
    const vendor = await repository.findVendorByCode(this.db, vendorCode);
    const found = vendor && (await repository.findPromotionDay(this.db, merchantId, vendor.id, options.day));
    if (!vendor || !found) throw new AppError('GAME_VENDOR_NOT_FOUND');
    const list = await repository.findPromotionCredits(this.db, merchantId, vendor.id, found.day, options.limit ?? 100);
    return {
      vendorCode: vendor.code,
      capMinor: found.capMinor,
      day: found.day,
      timeZone: found.timeZone,
      paidMinor: found.paidMinor,
      credits: found.credits,
      list,
    };
  }

  invalidateVendor(code?: string): void {
    if (code) this.vendors.delete(code);
    else this.vendors.clear();
  }

  /** Forgets the cached players, so that a brand's change to its vendors applies to the next call. */
  invalidatePlayers(): void {
    this.players.clear();
  }

  async balance(vendor: repository.VendorRow, request: WalletBalanceRequest, bodyHash: string) {
    return this.run(vendor, 'balance', request.requestId, bodyHash, async (tx) => {
      const player = await this.resolvePlayer(tx, vendor, request.playerId, request.currency);
      return { value: { balanceMinor: await this.readBalance(tx, player), currency: player.currency } };
    });
  }

  async debit(vendor: repository.VendorRow, request: WalletDebitRequest, bodyHash: string) {
    try {
      return await this.applyDebit(vendor, request, bodyHash);
    } catch (error) {
      return this.answerRefusal(vendor, 'debit', request.requestId, bodyHash, error);
    }
  }

  private async applyDebit(vendor: repository.VendorRow, request: WalletDebitRequest, bodyHash: string) {
    // A vendor switched off takes no new stakes (for the platform, it is no vendor any more).
    if (vendor.status === 'disabled') throw new AppError('VENDOR_UNKNOWN');
    const player = await this.resolvePlayer(this.db, vendor, request.playerId, request.currency);
    if (!player.vendorEnabled) {
      return this.refuse(vendor, 'debit', request.requestId, bodyHash, new AppError('VENDOR_PLAYER_UNKNOWN'));
    }
    if (player.mode === 'real') {
      const gameId = await this.findGameId(vendor.id, request.gameCode);
      if (gameId !== undefined) {
        const answered = await this.applyNew(
          vendor,
          'debit',
          request.requestId,
          bodyHash,
          player,
          gameId,
          request,
          (call) => repository.applyNewDebit(this.db, call, hashToken(request.sessionToken)),
        );
        if (answered) return answered;
      }
    }
    // A repeat, a trial or an unknown game: the general path, statement by statement.
    const session = await repository.findSessionByTokenHash(this.db, hashToken(request.sessionToken));
    const isLive =
      session !== undefined &&
      session.live &&
      session.vendorId === vendor.id &&
      session.memberId === player.memberId &&
      session.mode === player.mode &&
      (player.mode === 'real' || session.id === player.sessionId);
    // A transactionId already seen is answered as a repeat whatever became of the session since: its
    // debit moved money, and 'session expired' would tell the vendor that nothing did.
    if (
      !isLive &&
      !(await repository.findTransaction(this.db, vendor.id, request.transactionId, { forUpdate: false }))
    ) {
      return this.refuse(vendor, 'debit', request.requestId, bodyHash, new AppError('VENDOR_SESSION_EXPIRED'));
    }
    const gameId = await this.findGameId(vendor.id, request.gameCode);
    if (gameId === undefined) {
      return this.refuse(vendor, 'debit', request.requestId, bodyHash, new AppError('VENDOR_GAME_UNKNOWN'));
    }
    if (player.mode === 'real') await this.wallet.prepareHouseAccount(player.merchantId, player.currency);

    return this.run(vendor, 'debit', request.requestId, bodyHash, async (tx) => {
      const inserted = await repository.insertTransaction(tx, {
        vendorId: vendor.id,
        transactionId: request.transactionId,
        kind: 'debit',
        state: 'debited',
        mode: player.mode,
        memberId: player.memberId,
        sessionId: session?.id ?? null,
        roundId: request.roundId,
        gameCode: request.gameCode,
        currency: player.currency,
        amountMinor: request.amountMinor,
      });
      if (inserted === undefined) {
        const existing = await repository.findTransaction(tx, vendor.id, request.transactionId, { forUpdate: false });
        if (existing && (existing.state === 'blocked' || existing.state === 'rolled_back')) {
          throw new AppError('VENDOR_TRANSACTION_ROLLED_BACK');
        }
        this.assertSameTransaction(existing, 'debit', player, request.roundId, request.amountMinor);
        return this.repeatAnswer(tx, player, request.transactionId);
      }
      // Only a live session gets here with a new transaction (above); a repeat has returned.
      if (!isLive || !session) throw new Error('a new debit without a live session');
      if (player.mode === 'trial') {
        const balanceMinor = await repository.changePlayBalance(tx, session.id, -request.amountMinor);
        if (balanceMinor === undefined) {
          const current = await this.readBalance(tx, player);
          throw new AppError('INSUFFICIENT_FUNDS', { balanceMinor: current });
        }
        await repository.recordApplied(tx, inserted, { movementId: null, balanceAfterMinor: balanceMinor });
        return this.applied(player, request.transactionId, balanceMinor, false);
      }
      const opened = await this.betting.addStake(tx, {
        vendorId: vendor.id,
        roundId: request.roundId,
        memberId: player.memberId,
        merchantId: player.merchantId,
        gameId,
        gameCode: request.gameCode,
        currency: player.currency,
        amountMinor: request.amountMinor,
      });
      if (!opened) throw new AppError('VENDOR_ROUND_CLOSED');
      const posted = await this.wallet.debit(
        tx,
        movement(player, request.amountMinor, 'vendor_debit', `vendor:${vendor.id}:${request.transactionId}`, bodyHash),
      );
      if (!posted) throw new AppError('INSUFFICIENT_FUNDS', { balanceMinor: await this.readBalance(tx, player) });
      await repository.recordApplied(tx, inserted, {
        movementId: posted.movementId,
        balanceAfterMinor: posted.balanceAfterMinor,
      });
      return this.applied(player, request.transactionId, posted.balanceAfterMinor, true);
    });
  }

  async credit(vendor: repository.VendorRow, request: WalletCreditRequest, bodyHash: string) {
    try {
      return await this.applyCredit(vendor, request, bodyHash);
    } catch (error) {
      return this.answerRefusal(vendor, 'credit', request.requestId, bodyHash, error);
    }
  }

  /**
   * A credit needs no live session: a round may end after the player has left. A round credit pays only a
   * round the player was debited in (the one-statement function, or `addRoundWin`); a promotion or
   * tournament credit takes the general path, which counts it against the brand's daily cap (decision 0027).
   */
  private async applyCredit(vendor: repository.VendorRow, request: WalletCreditRequest, bodyHash: string) {
    const player = await this.resolvePlayer(this.db, vendor, request.playerId, request.currency);
    const gameId = await this.findGameId(vendor.id, request.gameCode);
    if (gameId === undefined) {
      return this.refuse(vendor, 'credit', request.requestId, bodyHash, new AppError('VENDOR_GAME_UNKNOWN'));
    }
    const promotion =
      request.creditType === 'promotion' || request.creditType === 'tournament' ? request.creditType : null;
    if (player.mode === 'real' && promotion === null) {
      const answered = await this.applyNew(
        vendor,
        'credit',
        request.requestId,
        bodyHash,
        player,
        gameId,
        request,
        (call) =>
          repository.applyNewCredit(this.db, call, { ended: request.roundEnded, detail: request.detail ?? null }),
      );
      if (answered) return answered;
    }
    if (player.mode === 'real') await this.wallet.prepareHouseAccount(player.merchantId, player.currency);

    return this.run(vendor, 'credit', request.requestId, bodyHash, async (tx) => {
      const inserted = await repository.insertTransaction(tx, {
        vendorId: vendor.id,
        transactionId: request.transactionId,
        kind: 'credit',
        state: 'credited',
        mode: player.mode,
        memberId: player.memberId,
        sessionId: player.sessionId,
        roundId: request.roundId,
        gameCode: request.gameCode,
        currency: player.currency,
        amountMinor: request.amountMinor,
      });
      if (inserted === undefined) {
        const existing = await repository.findTransaction(tx, vendor.id, request.transactionId, { forUpdate: false });
        this.assertSameTransaction(existing, 'credit', player, request.roundId, request.amountMinor);
        return this.repeatAnswer(tx, player, request.transactionId);
      }
      if (player.mode === 'trial') {
        if (player.sessionId === null) throw new AppError('VENDOR_PLAYER_UNKNOWN');
        // The session is the trial player's own: the credit can only fail on the balance limit.
        const balanceMinor = await repository.changePlayBalance(tx, player.sessionId, request.amountMinor);
        if (balanceMinor === undefined) throw new AppError('WALLET_BALANCE_LIMIT');
        await repository.recordApplied(tx, inserted, { movementId: null, balanceAfterMinor: balanceMinor });
        return this.applied(player, request.transactionId, balanceMinor, false);
      }
      const win = {
        vendorId: vendor.id,
        roundId: request.roundId,
        memberId: player.memberId,
        merchantId: player.merchantId,
        gameId,
        gameCode: request.gameCode,
        currency: player.currency,
        amountMinor: request.amountMinor,
        ended: request.roundEnded,
        detail: request.detail ?? null,
      };
      let promotionDay: string | undefined;
      if (promotion === null) {
        const added = await this.betting.addRoundWin(tx, win);
        if (added === 'closed') throw new AppError('VENDOR_ROUND_CLOSED');
        if (added === 'no_stake') throw new AppError('VENDOR_CREDIT_WITHOUT_DEBIT');
      } else {
        if (!(await this.betting.addWin(tx, win))) throw new AppError('VENDOR_ROUND_CLOSED');
        promotionDay = await repository.addPromotionCredit(tx, {
          merchantId: player.merchantId,
          vendorId: vendor.id,
          amountMinor: request.amountMinor,
        });
        if (promotionDay === undefined) throw new AppError('VENDOR_PROMOTION_CAP_REACHED');
      }
      let movementId: number | null = null;
      let balanceMinor: number;
      if (request.amountMinor === 0) {
        balanceMinor = await this.readBalance(tx, player);
      } else {
        const posted = await this.wallet.credit(
          tx,
          movement(
            player,
            request.amountMinor,
            'vendor_credit',
            `vendor:${vendor.id}:${request.transactionId}`,
            bodyHash,
          ),
        );
        movementId = posted.movementId;
        balanceMinor = posted.balanceAfterMinor;
      }
      await repository.recordApplied(tx, inserted, { movementId, balanceAfterMinor: balanceMinor });
      const outcome = this.applied(player, request.transactionId, balanceMinor, movementId !== null);
      if (promotion !== null && promotionDay !== undefined) {
        await repository.insertPromotionCredit(tx, {
          merchantId: player.merchantId,
          vendorId: vendor.id,
          day: promotionDay,
          memberId: player.memberId,
          creditType: promotion,
          transactionId: request.transactionId,
          roundId: request.roundId,
          currency: player.currency,
          amountMinor: request.amountMinor,
          movementId,
        });
        outcome.paidPromotion = true;
      }
      return outcome;
    });
  }

  async rollback(vendor: repository.VendorRow, request: WalletRollbackRequest, bodyHash: string) {
    try {
      return await this.applyRollback(vendor, request, bodyHash);
    } catch (error) {
      return this.answerRefusal(vendor, 'rollback', request.requestId, bodyHash, error);
    }
  }

  private async applyRollback(vendor: repository.VendorRow, request: WalletRollbackRequest, bodyHash: string) {
    const player = await this.resolvePlayer(this.db, vendor, request.playerId, request.currency);
    if (player.mode === 'real') await this.wallet.prepareHouseAccount(player.merchantId, player.currency);

    return this.run(vendor, 'rollback', request.requestId, bodyHash, async (tx) => {
      let existing = await repository.findTransaction(tx, vendor.id, request.transactionId, { forUpdate: true });
      if (!existing) {
        // Unknown: remember it so that the debit, if it ever arrives, is refused.
        const blocked = await repository.insertTransaction(tx, {
          vendorId: vendor.id,
          transactionId: request.transactionId,
          kind: 'debit',
          state: 'blocked',
          mode: player.mode,
          memberId: player.memberId,
          sessionId: player.sessionId,
          roundId: request.roundId,
          gameCode: request.gameCode,
          currency: player.currency,
          amountMinor: null,
        });
        if (blocked !== undefined) {
          const balanceMinor = await this.readBalance(tx, player);
          return this.applied(player, request.transactionId, balanceMinor, false);
        }
        // A debit with this id committed meanwhile: roll it back.
        existing = await repository.findTransaction(tx, vendor.id, request.transactionId, { forUpdate: true });
      }
      if (!existing) throw new Error('transaction vanished during rollback');
      if (existing.kind !== 'debit') throw new AppError('VENDOR_ROLLBACK_NOT_DEBIT');
      if (
        existing.memberId !== player.memberId ||
        existing.roundId !== request.roundId ||
        existing.mode !== player.mode
      ) {
        throw new AppError('VENDOR_IDEMPOTENCY_CONFLICT');
      }
      if (existing.state !== 'debited') return this.repeatAnswer(tx, player, request.transactionId);
      const amountMinor = existing.amountMinor ?? 0;

      if (player.mode === 'trial') {
        if (existing.sessionId === null) throw new AppError('VENDOR_PLAYER_UNKNOWN');
        const balanceMinor = await repository.changePlayBalance(tx, existing.sessionId, amountMinor);
        if (balanceMinor === undefined) throw new AppError('WALLET_BALANCE_LIMIT');
        await repository.recordRolledBack(tx, existing.id, null);
        return this.applied(player, request.transactionId, balanceMinor, false);
      }
      const reopened = await this.betting.removeStake(
        tx,
        { vendorId: vendor.id, roundId: existing.roundId, memberId: player.memberId },
        amountMinor,
      );
      if (!reopened) throw new AppError('VENDOR_ROUND_CLOSED');
      const posted = await this.wallet.credit(
        tx,
        movement(player, amountMinor, 'vendor_rollback', rollbackKey(vendor.id, request.transactionId), bodyHash),
      );
      await repository.recordRolledBack(tx, existing.id, posted.movementId);
      return this.applied(player, request.transactionId, posted.balanceAfterMinor, true);
    });
  }

  /**
   * An operator ends a round its vendor abandoned (decision 0021), after asking the vendor how it went:
   * the platform cannot know. `cancelled` gives back every debit still standing as a 'round_cancel'
   * movement, keyed as the vendor's own rollback of that debit would be, so the two can never both pay;
   * a round with a win paid cannot be cancelled. `settled` ends the round as it stands and moves no money.
   * Either way the vendor's later debit or credit for the round is refused (VENDOR_ROUND_CLOSED), and its
   * rollback of a debit given back is answered as a repeat.
   */
  async closeAbandonedRound(request: CloseRoundRequest): Promise<ClosedRound> {
    const vendor = await repository.findVendorByCode(this.db, request.vassalage);
    if (!vendor) throw new AppError('WALLET_ROUND_NOT_FOUND');
    const closed = await this.db.transaction(async (tx) => {
      // The debits before the round, in the order a vendor's rollback takes them, so the two never deadlock.
      await repository.lockRoundDebits(tx, vendor.id, request.roundId);
      const round = await this.betting.lockRound(tx, vendor.id, request.roundId);
      if (!round) throw new AppError('WALLET_ROUND_NOT_FOUND');
      if (round.status !== 'open') throw new AppError('VENDOR_ROUND_CLOSED');
      const owner: WalletOwner = { memberId: round.memberId, merchantId: round.merchantId, currency: round.currency };
      if (request.outcome === 'settled') {
        await this.betting.closeRound(tx, round.id, 'settled', request.reason);
        return { owner, account: round.account, refundedMinor: 0, balanceMinor: undefined };
      }
      if (round.winMinor > 0) throw new AppError('WALLET_ROUND_HAS_WIN');
      // Read again with the round held: a debit that committed between the two reads is among these now,
      // and no other can add to the round until this transaction ends.
      const debits = await repository.lockRoundDebits(tx, vendor.id, request.roundId);
      const refundedMinor = debits.reduce((sum, debit) => sum + debit.amountMinor, 0);
      if (refundedMinor !== round.stakeMinor) {
        throw new Error(`round ${request.roundId}: stake ${round.stakeMinor} but debits of ${refundedMinor} standing`);
      }
      for (const debit of debits) {
        let movementId: number | null = null;
        if (debit.amountMinor > 0) {
          const posted = await this.wallet.credit(tx, {
            memberId: owner.memberId,
            merchantId: owner.merchantId,
            currency: owner.currency,
            amountMinor: debit.amountMinor,
            kind: 'round_cancel',
            idempotencyKey: rollbackKey(vendor.id, debit.transactionId),
            reason: request.reason,
          });
          movementId = posted.movementId;
        }
        await repository.recordRolledBack(tx, debit.id, movementId);
      }
      await this.betting.closeRound(tx, round.id, 'cancelled', request.reason);
      return { owner, account: round.account, refundedMinor, balanceMinor: await this.wallet.findBalance(tx, owner) };
    });
    if (closed.balanceMinor !== undefined && closed.refundedMinor > 0) {
      this.wallet.announce(closed.owner, closed.balanceMinor);
    }
    return {
      vassalage: vendor.code,
      roundId: request.roundId,
      account: closed.account,
      outcome: request.outcome,
      currency: closed.owner.currency,
      refundedMinor: closed.refundedMinor,
      balanceMinor: closed.balanceMinor,
    };
  }

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
      playBalanceMinor: input.mode === 'trial' ? TRIAL_PLAY_BALANCE_MAJOR * 10 ** input.currencyExponent : null,
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
    const vendor = input.vendorCode === undefined ? undefined : await this.findVendor(input.vendorCode);
    if (vendor) {
      query.set(
        VENDOR_LAUNCH_SIGNED_PARAMS.signature,
        signBody(vendor.walletSecret, launchSigningText(Object.fromEntries(query))),
      );
    }
    const url = appendQuery(buildLaunchBase(input.vendorLaunchUrl, input.launchHosts), query);
    return { url, expiresAt };
  }

  private async run(
    vendor: repository.VendorRow,
    operation: Operation,
    requestId: string,
    bodyHash: string,
    work: (tx: Executor) => Promise<Outcome>,
  ) {
    let outcome: Outcome;
    try {
      outcome = await this.db.transaction(async (tx) => {
        const result = await work(tx);
        const stored = await repository.insertAnswer(tx, {
          vendorId: vendor.id,
          requestId,
          operation,
          bodyHash,
          statusCode: 200,
          response: { value: result.value },
        });
        if (!stored) throw new ReplayStoredAnswer();
        return result;
      });
    } catch (error) {
      if (error instanceof ReplayStoredAnswer) return this.replay(vendor, requestId, bodyHash);
      if (error instanceof AppError) return this.refuse(vendor, operation, requestId, bodyHash, error);
      throw error;
    }
    if (outcome.announce) this.wallet.announce(outcome.announce.owner, outcome.announce.balanceMinor);
    if (outcome.paidPromotion) this.creditsWithoutDebit?.(vendor.code, 'promotion_paid');
    return outcome.value;
  }

  /**
   * The common case in one round trip: a new real-money debit or credit (migration 0033's functions).
   * Undefined when it is not new (a repeated transactionId): the caller then takes the general path,
   * which answers repeats. Refusals are stored as the requestId's answer exactly as the general path does.
   * `apply` runs the operation's statement with the call written out here (decision 0013: on this path,
   * no `{ ...object, more }` copies).
   */
  private async applyNew(
    vendor: repository.VendorRow,
    operation: 'debit' | 'credit',
    requestId: string,
    bodyHash: string,
    player: Player,
    gameId: number,
    request: { transactionId: string; roundId: string; gameCode: string; amountMinor: number },
    apply: (call: repository.NewRealMoneyTransaction) => Promise<repository.WalletFunctionResult>,
  ): Promise<Outcome['value'] | undefined> {
    let result: repository.WalletFunctionResult;
    try {
      result = await apply({
        vendorId: vendor.id,
        transactionId: request.transactionId,
        requestId,
        bodyHash,
        memberId: player.memberId,
        merchantId: player.merchantId,
        currency: player.currency,
        roundId: request.roundId,
        gameId,
        gameCode: request.gameCode,
        amountMinor: request.amountMinor,
        houseAccountId: await this.wallet.houseAccountId(player.merchantId, player.currency),
        idempotencyKey: `vendor:${vendor.id}:${request.transactionId}`,
      });
    } catch (error) {
      const refusal = repository.findWalletFunctionRefusal(error);
      if (refusal === 'REPLAY') return this.replay(vendor, requestId, bodyHash);
      if (refusal === 'INSUFFICIENT_FUNDS') {
        const balanceMinor = await this.readBalance(this.db, player);
        return this.refuse(
          vendor,
          operation,
          requestId,
          bodyHash,
          new AppError('INSUFFICIENT_FUNDS', { balanceMinor }),
        );
      }
      if (
        refusal === 'VENDOR_ROUND_CLOSED' ||
        refusal === 'VENDOR_CREDIT_WITHOUT_DEBIT' ||
        refusal === 'WALLET_BALANCE_LIMIT'
      ) {
        return this.refuse(vendor, operation, requestId, bodyHash, new AppError(refusal));
      }
      throw error;
    }
    if (result.outcome === 'session_expired') {
      return this.refuse(vendor, operation, requestId, bodyHash, new AppError('VENDOR_SESSION_EXPIRED'));
    }
    if (result.outcome === 'repeat') return undefined;
    // Committed: tell the member's sockets, as run() does after its transaction.
    if (result.movementId !== null) this.wallet.announce(player, result.balanceMinor);
    return {
      balanceMinor: result.balanceMinor,
      currency: player.currency,
      transactionId: request.transactionId,
      applied: true,
    };
  }

  /**
   * A refusal found before the call is recorded (an unknown player, another currency) becomes the
   * requestId's answer too, so that a repeat gets it again whatever changed meanwhile.
   */
  private answerRefusal(
    vendor: repository.VendorRow,
    operation: Operation,
    requestId: string,
    bodyHash: string,
    error: unknown,
  ): Promise<Outcome['value']> {
    if (!(error instanceof AppError) || this.answered.has(error)) throw error;
    return this.refuse(vendor, operation, requestId, bodyHash, error);
  }

  /** Stores a business refusal as the answer to this requestId (or replays the answer stored first). */
  private async refuse(
    vendor: repository.VendorRow,
    operation: Operation,
    requestId: string,
    bodyHash: string,
    error: AppError,
  ): Promise<Outcome['value']> {
    if (!REPLAYABLE_ERRORS.has(error.code)) throw error;
    const stored = await repository.insertAnswer(this.db, {
      vendorId: vendor.id,
      requestId,
      operation,
      bodyHash,
      statusCode: 409,
      response: { error: error.value === undefined ? { code: error.code } : { code: error.code, value: error.value } },
    });
    // The requestId already has an answer (perhaps a success, before the state moved on): repeat it.
    if (!stored) return this.replay(vendor, requestId, bodyHash);
    if (error.code === 'VENDOR_CREDIT_WITHOUT_DEBIT') this.creditsWithoutDebit?.(vendor.code, 'round_without_debit');
    if (error.code === 'VENDOR_PROMOTION_CAP_REACHED') this.creditsWithoutDebit?.(vendor.code, 'promotion_over_cap');
    this.answered.add(error);
    throw error;
  }

  private async replay(vendor: repository.VendorRow, requestId: string, bodyHash: string): Promise<Outcome['value']> {
    const answer = await repository.findAnswer(this.db, vendor.id, requestId);
    if (!answer) throw new Error('stored answer missing');
    const { error, value } = answer.response;
    const refusal =
      answer.bodyHash !== bodyHash
        ? new AppError('VENDOR_IDEMPOTENCY_CONFLICT')
        : error && new AppError(error.code as ErrorCode, error.value);
    if (refusal) {
      this.answered.add(refusal);
      throw refusal;
    }
    return value as Outcome['value'];
  }

  private applied(player: Player, transactionId: string, balanceMinor: number, announce: boolean): Outcome {
    const value = { balanceMinor, currency: player.currency, transactionId, applied: true };
    return announce ? { value, announce: { owner: player, balanceMinor } } : { value };
  }

  private async repeatAnswer(tx: Executor, player: Player, transactionId: string): Promise<Outcome> {
    const balanceMinor = await this.readBalance(tx, player);
    return { value: { balanceMinor, currency: player.currency, transactionId, applied: false } };
  }

  private assertSameTransaction(
    existing: repository.TransactionRow | undefined,
    kind: 'debit' | 'credit',
    player: Player,
    roundId: string,
    amountMinor: number,
  ): void {
    if (
      !existing ||
      existing.kind !== kind ||
      existing.memberId !== player.memberId ||
      existing.mode !== player.mode ||
      existing.roundId !== roundId ||
      existing.amountMinor !== amountMinor
    ) {
      throw new AppError('VENDOR_IDEMPOTENCY_CONFLICT');
    }
  }

  private async readBalance(tx: Executor, player: Player): Promise<number> {
    if (player.mode === 'trial') {
      const session = await repository.findSessionById(tx, player.sessionId ?? 0);
      return session?.playBalanceMinor ?? 0;
    }
    return this.wallet.findBalance(tx, player);
  }

  private async resolvePlayer(
    executor: Executor,
    vendor: repository.VendorRow,
    playerId: string,
    currency: string,
  ): Promise<Player> {
    let player: Player | undefined;
    if (playerId.startsWith(TRIAL_PREFIX)) {
      const sessionId = Number(playerId.slice(TRIAL_PREFIX.length));
      const session = Number.isSafeInteger(sessionId)
        ? await repository.findSessionById(executor, sessionId)
        : undefined;
      if (session && session.mode === 'trial' && session.vendorId === vendor.id) {
        player = {
          memberId: session.memberId,
          merchantId: session.merchantId,
          currency: session.currency,
          mode: 'trial',
          sessionId: session.id,
          vendorEnabled: true,
        };
      }
    } else if (/^\d{1,15}$/.test(playerId)) {
      player = await this.findPlayer(executor, vendor.id, Number(playerId));
    }
    if (!player) throw new AppError('VENDOR_PLAYER_UNKNOWN');
    if (player.currency !== currency) throw new AppError('VENDOR_CURRENCY_MISMATCH', { currency: player.currency });
    return player;
  }

  /** A real-money player, made once per cache period: every call of the player shares the one object. */
  private async findPlayer(executor: Executor, vendorId: number, memberId: number): Promise<Player | undefined> {
    const key = `${vendorId}:${memberId}`;
    const cached = this.players.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.player;
    const row = await repository.findPlayer(executor, vendorId, memberId);
    const player: Player | undefined = row && {
      memberId: row.memberId,
      merchantId: row.merchantId,
      currency: row.currency,
      mode: 'real',
      sessionId: null,
      vendorEnabled: row.vendorEnabled,
    };
    if (this.players.size >= PLAYER_CACHE_MAX) this.players.clear();
    this.players.set(key, { player, expiresAt: Date.now() + PLAYER_CACHE_TTL_MS });
    return player;
  }

  private async findVendor(code: string): Promise<repository.VendorRow | undefined> {
    const cached = this.vendors.get(code);
    if (cached && cached.expiresAt > Date.now()) return cached.vendor;
    const row = await repository.findVendorByCode(this.db, code);
    // A row not sealed yet (written by an older instance) is read as it is; the next start seals it.
    const vendor =
      row && SecretBox.isSealed(row.walletSecret)
        ? Object.assign({}, row, { walletSecret: this.secretBox.open(row.walletSecret, walletSecretContext(row.code)) })
        : row;
    this.vendors.set(code, { vendor, expiresAt: Date.now() + VENDOR_CACHE_TTL_MS });
    return vendor;
  }

  private async findGameId(vendorId: number, code: string): Promise<number | undefined> {
    const key = `${vendorId}:${code}`;
    const cached = this.gameIds.get(key);
    if (cached !== undefined) return cached;
    const id = await repository.findGameIdByCode(this.db, vendorId, code);
    if (id !== undefined) this.gameIds.set(key, id);
    return id;
  }
}

/**
 * The movement key of a rollback. A debit or credit is keyed `vendor:<id>:<transactionId>`; the '/' here
 * is in no transactionId (letters, digits and . _ : - only), so no debit or credit can take a
 * rollback's key, whatever its transactionId (migration 0037).
 */
export function rollbackKey(vendorId: number, transactionId: string): string {
  return `vendor:${vendorId}:${transactionId}/rollback`;
}

/** What a sealed wallet secret is bound to: the column and the vendor's code. */
function walletSecretContext(vendorCode: string): string {
  return `game_vendors.wallet_secret:${vendorCode}`;
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
