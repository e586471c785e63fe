import { createHash } from 'node:crypto';
import {
  isModuleEnabled,
  WHITELABEL,
  type ErrorCode,
  type WalletBalanceRequest,
  type WalletCreditBatchItemResult,
  type WalletCreditBatchRequest,
  type WalletCreditBatchResult,
  type WalletCreditRequest,
  type WalletDebitRequest,
  type WalletRollbackRequest,
  type WalletTransactionResult,
} from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { BettingService } from '../betting/index';
import { hashToken, TRIAL_PREFIX, type VendorRow } from '../vendors/index';
import type { MovementRequest, WalletOwner, WalletService } from '../wallet/index';
import * as repository from './seamless-wallet.repository';

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
  'PROTECTION_LOSS_LIMIT',
  'PROTECTION_WAGER_LIMIT',
]);

/**
 * What became of a credit for a round with no debit of the player (decision 0027), for the operator's
 * metrics: a promotion or tournament credit paid, refused over the cap, or a round credit refused.
 */
export type CreditWithoutDebitOutcome = 'promotion_paid' | 'promotion_over_cap' | 'round_without_debit';

/** As long as a brand's switch-off of a vendor may take to stop new debits. */
const PLAYER_CACHE_TTL_MS = 10_000;
const PLAYER_CACHE_MAX = 50_000;

class ReplayStoredAnswer extends Error {}

/** The hash of a credit's content, as the routes hash a call's validated body. */
function hashOf(content: unknown): string {
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

/** A ledger movement of the player's money, written out (decision 0013: no `{ ...player, more }`). */
function movement(
  player: Player,
  amountMinor: number,
  kind: MovementRequest['kind'],
  idempotencyKey: string,
  requestHash: string,
): MovementRequest {
  const { memberId, merchantId, currency, walletVendorId } = player;
  return { memberId, merchantId, currency, amountMinor, kind, idempotencyKey, requestHash, vendorId: walletVendorId };
}

/** Shared between calls (a real-money player is cached): never changed once made. */
interface Player extends Readonly<WalletOwner> {
  readonly mode: 'real' | 'trial';
  readonly sessionId: number | null;
  /** The brand offers the vendor: new debits need it; rounds already open settle either way. */
  readonly vendorEnabled: boolean;
  /**
   * The vendor whose wallet of the member the money moves in: a transfer-mode vendor on a brand with TRANSFER_WALLETS
   * (decision 0036). Null: the main wallet.
   */
  readonly walletVendorId: number | null;
}

type Operation = 'balance' | 'debit' | 'credit' | 'rollback' | 'credit_batch';

interface Outcome {
  value: WalletTransactionResult | { balanceMinor: number; currency: string };
  /** Balance to announce to the member's sockets once committed; `total`: read the sum of the wallets then. */
  announce?: { owner: WalletOwner; balanceMinor: number; total: boolean };
  /** A promotion or tournament credit was paid: counted once committed. */
  paidPromotion?: boolean;
}

/**
 * The platform side of the seamless wallet (docs/product/platform.md#seamless-wallet-protocol): vendors call
 * balance, debit, credit and rollback, signed with HMAC-SHA256 over the call's time and raw body (checked by
 * VendorService.authenticateWalletCall before the body is read). A repeated requestId gets its first answer; a
 * transactionId moves money once, ever; a rollback that arrives before its debit blocks that debit.
 */
export class SeamlessWalletService {
  private readonly players = new Map<string, { player: Player | undefined; expiresAt: number }>();
  private readonly gameIds = new Map<string, number>();
  /** Refusals already stored as, or replayed from, their requestId's answer: never stored again. */
  private readonly answered = new WeakSet<AppError>();
  private creditsWithoutDebit: ((vendorCode: string, outcome: CreditWithoutDebitOutcome) => void) | undefined;

  constructor(
    private readonly db: Database,
    private readonly wallet: WalletService,
    private readonly betting: BettingService,
  ) {}

  /** Tells `listener` of each credit without a debit as it is decided (the /metrics counter). */
  observeCreditsWithoutDebit(listener: (vendorCode: string, outcome: CreditWithoutDebitOutcome) => void): void {
    this.creditsWithoutDebit = listener;
  }

  /** Forgets the cached players, so that a brand's change to its vendors applies to the next call. */
  invalidatePlayers(): void {
    this.players.clear();
  }

  async balance(vendor: VendorRow, request: WalletBalanceRequest, bodyHash: string) {
    return this.run(vendor, 'balance', request.requestId, bodyHash, async (tx) => {
      const player = await this.resolvePlayer(tx, vendor, request.playerId, request.currency);
      return { value: { balanceMinor: await this.readBalance(tx, player), currency: player.currency } };
    });
  }

  async debit(vendor: VendorRow, request: WalletDebitRequest, bodyHash: string) {
    try {
      return await this.applyDebit(vendor, request, bodyHash);
    } catch (error) {
      return this.answerRefusal(vendor, 'debit', request.requestId, bodyHash, error);
    }
  }

  private async applyDebit(vendor: VendorRow, request: WalletDebitRequest, bodyHash: string) {
    // A vendor switched off takes no new stakes (for the platform, it is no vendor any more).
    if (vendor.status === 'disabled') throw new AppError('VENDOR_UNKNOWN');
    const player = await this.resolvePlayer(this.db, vendor, request.playerId, request.currency);
    if (!player.vendorEnabled) {
      return this.refuse(vendor, 'debit', request.requestId, bodyHash, new AppError('VENDOR_PLAYER_UNKNOWN'));
    }
    // The one-statement functions move the main wallet only; a vendor wallet's debit takes the general path.
    if (player.mode === 'real' && player.walletVendorId === null) {
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
      // The main balance first, the bonus balance for the rest (decision 0063), as vendor_wallet_debit.sql does.
      const posted = await this.wallet.debitForPlay(
        tx,
        movement(player, request.amountMinor, 'vendor_debit', `vendor:${vendor.id}:${request.transactionId}`, bodyHash),
      );
      if (!posted) throw new AppError('INSUFFICIENT_FUNDS', { balanceMinor: await this.readBalance(tx, player) });
      if (posted.bonusPartMinor > 0) {
        await this.betting.addBonusStake(
          tx,
          { vendorId: vendor.id, roundId: request.roundId, memberId: player.memberId },
          posted.bonusPartMinor,
        );
      }
      await repository.recordApplied(tx, inserted, {
        movementId: posted.movementId,
        balanceAfterMinor: posted.balanceAfterMinor,
        bonusAmountMinor: posted.bonusPartMinor,
      });
      return this.applied(player, request.transactionId, posted.balanceAfterMinor, true);
    });
  }

  async credit(vendor: VendorRow, request: WalletCreditRequest, bodyHash: string) {
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
  private async applyCredit(vendor: VendorRow, request: WalletCreditRequest, bodyHash: string) {
    const player = await this.resolvePlayer(this.db, vendor, request.playerId, request.currency);
    const gameId = await this.findGameId(vendor.id, request.gameCode);
    if (gameId === undefined) {
      return this.refuse(vendor, 'credit', request.requestId, bodyHash, new AppError('VENDOR_GAME_UNKNOWN'));
    }
    const promotion =
      request.creditType === 'promotion' || request.creditType === 'tournament' ? request.creditType : null;
    if (player.mode === 'real' && promotion === null && player.walletVendorId === null) {
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
      // A promotion's win was staked by nobody: all of it is the main balance's.
      let stakes = { stakeMinor: 0, bonusStakeMinor: 0 };
      if (promotion === null) {
        const added = await this.betting.addRoundWin(tx, win);
        if (added === 'closed') throw new AppError('VENDOR_ROUND_CLOSED');
        if (added === 'no_stake') throw new AppError('VENDOR_CREDIT_WITHOUT_DEBIT');
        stakes = added;
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
        const posted = await this.wallet.creditForPlay(
          tx,
          movement(
            player,
            request.amountMinor,
            'vendor_credit',
            `vendor:${vendor.id}:${request.transactionId}`,
            bodyHash,
          ),
          stakes,
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

  /**
   * Many round credits in one call (docs/decisions/0071-batched-vendor-credits.md). The real-money credits of the
   * main wallet go to one statement (vendor_wallet_credit_batch.sql), each applied once by its transactionId as a
   * single credit is; a trial player's or a vendor wallet's credit takes the single credit's path, under a requestId
   * of the batch's own. Answers each credit (applied, already applied with its first balance, or refused with the
   * single credit's code); the whole answer is the requestId's, replayed to a repeat.
   */
  async creditBatch(
    vendor: VendorRow,
    request: WalletCreditBatchRequest,
    bodyHash: string,
  ): Promise<WalletCreditBatchResult> {
    const stored = await repository.findAnswer(this.db, vendor.id, request.requestId);
    if (stored) return (await this.replay(vendor, request.requestId, bodyHash)) as unknown as WalletCreditBatchResult;
    const { credits } = request;
    const answers = new Array<WalletCreditBatchItemResult>(credits.length);
    await this.cachePlayers(
      vendor.id,
      credits.map((credit) => credit.playerId),
    );
    const batch: repository.BatchCredit[] = [];
    const players: Player[] = [];
    const singly: number[] = [];
    for (let i = 0; i < credits.length; i += 1) {
      const credit = credits[i]!;
      const refused = (code: ErrorCode) => ({
        transactionId: credit.transactionId,
        outcome: 'refused' as const,
        currency: credit.currency,
        code,
      });
      let player: Player;
      try {
        player = await this.resolvePlayer(this.db, vendor, credit.playerId, credit.currency);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        answers[i] = refused(error.code);
        continue;
      }
      const gameId = await this.findGameId(vendor.id, credit.gameCode);
      if (gameId === undefined) {
        answers[i] = refused('VENDOR_GAME_UNKNOWN');
        continue;
      }
      if (player.mode !== 'real' || player.walletVendorId !== null) {
        singly.push(i);
        continue;
      }
      players[i] = player;
      batch.push({
        i,
        transaction_id: credit.transactionId,
        member_id: player.memberId,
        merchant_id: player.merchantId,
        currency: player.currency,
        round_id: credit.roundId,
        game_id: gameId,
        game_code: credit.gameCode,
        amount: credit.amountMinor,
        ended: credit.roundEnded,
        detail: credit.detail ?? null,
        house_account_id: await this.wallet.houseAccountId(player.merchantId, player.currency),
        idempotency_key: `vendor:${vendor.id}:${credit.transactionId}`,
        // The movement's request hash: the credit's own content, as a single credit's is its body's.
        request_hash: hashOf(credit),
      });
    }
    // The credits that take the single path first: each is a transaction of its own, idempotent by its own key.
    for (const i of singly) answers[i] = await this.creditSingly(vendor, request.requestId, i, credits[i]!);
    const announced = new Map<Player, number>();
    let value: WalletCreditBatchResult;
    try {
      // The statement and the requestId's answer commit together: a copy of the call running at once waits, then
      // finds every id applied, and answers what this one stored.
      value = await this.db.transaction(async (tx) => {
        for (const row of batch.length > 0 ? await repository.applyCreditBatch(tx, vendor.id, batch) : []) {
          const { transactionId, currency } = credits[row.i]!;
          if (row.outcome === 'refused') {
            const code = row.refusal ?? 'VENDOR_IDEMPOTENCY_CONFLICT';
            answers[row.i] = { transactionId, outcome: 'refused', currency, code };
            continue;
          }
          const balanceMinor = row.balanceMinor ?? 0;
          const outcome = row.outcome === 'applied' ? 'applied' : 'already_applied';
          answers[row.i] = { transactionId, outcome, balanceMinor, currency };
          if (row.outcome === 'applied' && row.movementId !== null) announced.set(players[row.i]!, balanceMinor);
        }
        const result: WalletCreditBatchResult = { credits: answers };
        const stored = await repository.insertAnswer(tx, {
          vendorId: vendor.id,
          requestId: request.requestId,
          operation: 'credit_batch',
          bodyHash,
          statusCode: 200,
          response: { value: result },
        });
        if (!stored) throw new ReplayStoredAnswer();
        return result;
      });
    } catch (error) {
      if (!(error instanceof ReplayStoredAnswer)) throw error;
      return (await this.replay(vendor, request.requestId, bodyHash)) as unknown as WalletCreditBatchResult;
    }
    // Committed: the members' sockets hear their last balance of the batch.
    for (const [player, balanceMinor] of announced) this.wallet.announce(player, balanceMinor);
    return value;
  }

  /** A batch's credit the batch statement does not take, as the single credit it is. */
  private async creditSingly(
    vendor: VendorRow,
    batchRequestId: string,
    index: number,
    credit: WalletCreditBatchRequest['credits'][number],
  ): Promise<WalletCreditBatchItemResult> {
    // '/' is in no vendor's requestId: this one is the batch's own.
    const single: WalletCreditRequest = {
      requestId: `${batchRequestId}/${index}`,
      playerId: credit.playerId,
      currency: credit.currency,
      transactionId: credit.transactionId,
      roundId: credit.roundId,
      gameCode: credit.gameCode,
      amountMinor: credit.amountMinor,
      roundEnded: credit.roundEnded,
      ...(credit.detail === undefined ? {} : { detail: credit.detail }),
    };
    try {
      const result = (await this.credit(vendor, single, hashOf(single))) as WalletTransactionResult;
      return {
        transactionId: credit.transactionId,
        outcome: result.applied ? 'applied' : 'already_applied',
        balanceMinor: result.balanceMinor,
        currency: result.currency,
      };
    } catch (error) {
      if (!(error instanceof AppError) || !REPLAYABLE_ERRORS.has(error.code)) throw error;
      return { transactionId: credit.transactionId, outcome: 'refused', currency: credit.currency, code: error.code };
    }
  }

  /** Makes the batch's real-money players not cached yet in one statement. */
  private async cachePlayers(vendorId: number, playerIds: readonly string[]): Promise<void> {
    const now = Date.now();
    const missing = new Set<number>();
    for (const playerId of playerIds) {
      if (!/^\d{1,15}$/.test(playerId)) continue;
      const cached = this.players.get(`${vendorId}:${playerId}`);
      if (!cached || cached.expiresAt <= now) missing.add(Number(playerId));
    }
    if (missing.size === 0) return;
    const rows = await repository.findPlayers(this.db, vendorId, [...missing]);
    const found = new Map(rows.map((row) => [row.memberId, row]));
    for (const memberId of missing) this.cachePlayer(vendorId, memberId, found.get(memberId));
  }

  async rollback(vendor: VendorRow, request: WalletRollbackRequest, bodyHash: string) {
    try {
      return await this.applyRollback(vendor, request, bodyHash);
    } catch (error) {
      return this.answerRefusal(vendor, 'rollback', request.requestId, bodyHash, error);
    }
  }

  private async applyRollback(vendor: VendorRow, request: WalletRollbackRequest, bodyHash: string) {
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
        existing.bonusAmountMinor,
      );
      if (!reopened) throw new AppError('VENDOR_ROUND_CLOSED');
      // What the bonus balance paid goes back to it (while a separate bonus is active), the rest to the main one.
      const posted = await this.wallet.creditForPlay(
        tx,
        movement(player, amountMinor, 'vendor_rollback', rollbackKey(vendor.id, request.transactionId), bodyHash),
        { stakeMinor: amountMinor, bonusStakeMinor: existing.bonusAmountMinor },
      );
      await repository.recordRolledBack(tx, existing.id, posted.movementId);
      return this.applied(player, request.transactionId, posted.balanceAfterMinor, true);
    });
  }

  private async run(
    vendor: VendorRow,
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
      // A stake past a loss or wager limit, refused by game_rounds' protection trigger (decision 0042).
      const refusal = repository.findWalletFunctionRefusal(error);
      if (refusal === 'PROTECTION_LOSS_LIMIT' || refusal === 'PROTECTION_WAGER_LIMIT') {
        return this.refuse(vendor, operation, requestId, bodyHash, new AppError(refusal));
      }
      throw error;
    }
    if (outcome.announce?.total) await this.wallet.announceTotal(outcome.announce.owner);
    else if (outcome.announce) this.wallet.announce(outcome.announce.owner, outcome.announce.balanceMinor);
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
    vendor: VendorRow,
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
        refusal === 'WALLET_BALANCE_LIMIT' ||
        refusal === 'PROTECTION_LOSS_LIMIT' ||
        refusal === 'PROTECTION_WAGER_LIMIT'
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
    vendor: VendorRow,
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
    vendor: VendorRow,
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

  private async replay(vendor: VendorRow, requestId: string, bodyHash: string): Promise<Outcome['value']> {
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
    return announce
      ? { value, announce: { owner: player, balanceMinor, total: player.walletVendorId !== null } }
      : { value };
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
      if (!session) return 0;
      // A free-play guest's session stakes the guest's practice wallet (decision 0072).
      return session.playBalanceMinor ?? (await repository.findPracticeBalance(tx, session.memberId)) ?? 0;
    }
    return this.wallet.findPlayBalance(tx, player, player.walletVendorId);
  }

  private async resolvePlayer(
    executor: Executor,
    vendor: VendorRow,
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
          walletVendorId: null,
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
    return this.cachePlayer(vendorId, memberId, await repository.findPlayer(executor, vendorId, memberId));
  }

  private cachePlayer(vendorId: number, memberId: number, row: repository.PlayerRow | undefined): Player | undefined {
    const key = `${vendorId}:${memberId}`;
    const player: Player | undefined = row && {
      memberId: row.memberId,
      merchantId: row.merchantId,
      currency: row.currency,
      mode: 'real',
      sessionId: null,
      vendorEnabled: row.vendorEnabled,
      walletVendorId:
        row.walletMode === 'transfer' && isModuleEnabled(row.whitelabel, WHITELABEL.TRANSFER_WALLETS) ? vendorId : null,
    };
    if (this.players.size >= PLAYER_CACHE_MAX) this.players.clear();
    this.players.set(key, { player, expiresAt: Date.now() + PLAYER_CACHE_TTL_MS });
    return player;
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
