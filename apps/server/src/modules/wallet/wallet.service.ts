import { createHash } from 'node:crypto';
import { type AdjustmentRequest, type BalanceEvent, type MerchantWallet, type Page } from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor, AuditService } from '../audit/index';
import { WalletTransfers, type WalletSetup } from './wallet-transfer.service';
import * as repository from './wallet.repository';

export type { BrandAccountType, LedgerLine, MovementKind, PlayMovement, PostedMovement } from './wallet.repository';
export { isIdempotencyKeyTaken } from './wallet.repository';

/** Who a balance belongs to: a member of a brand, in the brand's currency. */
export interface WalletOwner {
  memberId: number;
  merchantId: number;
  currency: string;
}

/** Receives committed balance changes (the realtime plugin fans them out to the member's sockets). */
export interface BalancePublisher {
  publish(memberId: number, event: BalanceEvent): void;
}

export interface MovementRequest extends WalletOwner {
  amountMinor: number;
  kind: repository.MovementKind;
  idempotencyKey: string;
  reason?: string | null;
  requestHash?: string | null;
  /** The member's wallet of this vendor (a transfer-mode vendor on a multi-wallet brand); absent: the main one. */
  vendorId?: number | null;
  /** The member's bonus balance in place of the main one (decision 0063); never with a vendor. */
  bonus?: boolean;
  /**
   * The brand account on the other side: the house (bets, wins, adjustments; the default), the cashier (deposits,
   * refunds) or the withdrawal hold (a withdrawal held or released). Decision 0038.
   */
  counterparty?: repository.BrandAccountType;
}

/** Money between two of a brand's accounts on a member's behalf (a payout: withdrawal_hold → cashier). */
export interface BrandMovementRequest {
  merchantId: number;
  memberId: number;
  currency: string;
  amountMinor: number;
  from: repository.BrandAccountType;
  to: repository.BrandAccountType;
  kind: repository.MovementKind;
  idempotencyKey: string;
  reason?: string | null;
}

export interface AdjustmentResult {
  memberId: number;
  account: string;
  balanceMinor: number;
  currency: string;
  /** False when the idempotency key had already been used: nothing moved. */
  applied: boolean;
}

export interface OpenStakes {
  sumOpenStakes(memberId: number): Promise<{ stakeMinor: number; rounds: number }>;
}

/** Resolves a brand by code for operator tools: id and currency. */
export interface BrandLookup {
  findByCode(code: string): Promise<{ id: number; brand: { currency: string } } | undefined>;
}

/**
 * The ledger: every movement is one row with two entries that sum to zero (member and the brand's
 * house account) written with the balance change in the caller's transaction. A member's balance is
 * changed only by a conditional UPDATE, so it never goes below zero.
 */
export class WalletService {
  /** The brand accounts' ids by brand, currency and type: they never change once made. */
  private readonly brandAccounts = new Map<string, number>();
  private publisher: BalancePublisher | undefined;
  /** The main wallet and the vendor wallets of a multi-wallet brand: set-up, transfers, recall (decision 0036). */
  readonly transfers: WalletTransfers;

  constructor(
    private readonly db: Database,
    private readonly audit: AuditService,
  ) {
    this.transfers = new WalletTransfers(db);
  }

  setPublisher(publisher: BalancePublisher): void {
    this.publisher = publisher;
  }

  /** The brand's wallet set-up (isSingle) and the member's wallets. Names in the set-up's language. */
  async getMerchantWallet(owner: WalletOwner, setup: WalletSetup): Promise<MerchantWallet> {
    return this.transfers.getMerchantWallet(owner, setup);
  }

  /** Every wallet in one view, with the stakes still riding on open rounds. Names in the set-up's language. */
  async getConsolidatedFunds(owner: WalletOwner, rounds: OpenStakes, setup: WalletSetup) {
    const [wallet, open] = await Promise.all([
      this.getMerchantWallet(owner, setup),
      rounds.sumOpenStakes(owner.memberId),
    ]);
    return {
      sumBalance: wallet.wallets.reduce((sum, entry) => sum + entry.balanceMinor, 0),
      currency: owner.currency,
      wallets: wallet.wallets,
      inPlayMinor: open.stakeMinor,
      openRounds: open.rounds,
    };
  }

  /** sumBalance: the main wallet plus every vendor wallet of the member. */
  async getBalance(owner: WalletOwner): Promise<number> {
    return repository.findTotalBalance(this.db, owner.memberId, owner.currency);
  }

  /** The balance of one wallet, read in the caller's transaction: the main one, or the member's wallet of `vendorId`. */
  async findWalletBalance(executor: Executor, owner: WalletOwner, vendorId: number | null): Promise<number> {
    if (vendorId === null) return this.findBalance(executor, owner);
    return (await repository.findVendorBalance(executor, owner.memberId, vendorId, owner.currency)) ?? 0;
  }

  /** Announces the member's total (sumBalance), read now: after a vendor wallet's change, committed. */
  async announceTotal(owner: WalletOwner): Promise<void> {
    if (!this.publisher) return;
    this.announce(owner, await this.getBalance(owner));
  }

  async findBalance(executor: Executor, owner: WalletOwner): Promise<number> {
    return (await repository.findMemberBalance(executor, owner.memberId, owner.currency)) ?? 0;
  }

  /** The member's bonus balance (decision 0063), read in the caller's transaction; 0 when there is none. */
  async findBonusBalance(executor: Executor, owner: WalletOwner): Promise<number> {
    return repository.findBonusBalance(executor, owner.memberId, owner.currency);
  }

  /**
   * What a game may stake, read in the caller's transaction: the main balance and the bonus balance, or the member's
   * wallet of `vendorId` (a vendor wallet holds no bonus money).
   */
  async findPlayBalance(executor: Executor, owner: WalletOwner, vendorId: number | null): Promise<number> {
    if (vendorId !== null) return this.findWalletBalance(executor, owner, vendorId);
    const [main, bonus] = [await this.findBalance(executor, owner), await this.findBonusBalance(executor, owner)];
    return main + bonus;
  }

  /** Members of a brand holding a balance above zero, read in the caller's transaction. */
  async countMembersWithBalance(executor: Executor, merchantId: number): Promise<number> {
    return repository.countMembersWithBalance(executor, merchantId);
  }

  /** Takes money from the member inside the caller's transaction; undefined when the balance is short. */
  async debit(executor: Executor, request: MovementRequest): Promise<repository.PostedMovement | undefined> {
    const counterId = await this.brandAccountId(executor, request.merchantId, request.currency, request.counterparty);
    return repository.debitMember(executor, request, counterId);
  }

  /**
   * Gives money to the member inside the caller's transaction. A balance that would pass the most an
   * amount can be is refused (WALLET_BALANCE_LIMIT): past it, no balance could be read back exactly.
   */
  async credit(executor: Executor, request: MovementRequest): Promise<repository.PostedMovement> {
    const counterId = await this.brandAccountId(executor, request.merchantId, request.currency, request.counterparty);
    const posted = await repository.creditMember(executor, request, counterId);
    if (!posted) throw new AppError('WALLET_BALANCE_LIMIT');
    return posted;
  }

  /**
   * A stake inside the caller's transaction (decision 0063): from the main balance first and the bonus balance for the
   * rest, or from the member's wallet of `request.vendorId`. Undefined when short; `balanceAfterMinor` is what the
   * game may stake next (both balances).
   */
  async debitForPlay(
    executor: Executor,
    request: MovementRequest,
  ): Promise<{ movementId: number; balanceAfterMinor: number; bonusPartMinor: number } | undefined> {
    const counterId = await this.brandAccountId(executor, request.merchantId, request.currency);
    if (request.vendorId != null) {
      const posted = await repository.debitMember(executor, request, counterId);
      return (
        posted && { movementId: posted.movementId, balanceAfterMinor: posted.balanceAfterMinor, bonusPartMinor: 0 }
      );
    }
    const posted = await repository.debitForPlay(executor, request, counterId);
    return (
      posted && {
        movementId: posted.movementId,
        balanceAfterMinor: posted.mainAfterMinor + posted.bonusAfterMinor,
        bonusPartMinor: posted.bonusPartMinor,
      }
    );
  }

  /**
   * Money play gives back, inside the caller's transaction (decision 0063): the share of `stake` the bonus balance
   * funded goes back to it while a separate bonus is active, the rest to the main balance (or all of it to the member's
   * wallet of `request.vendorId`). `balanceAfterMinor` is both balances.
   */
  async creditForPlay(
    executor: Executor,
    request: MovementRequest,
    stake: { stakeMinor: number; bonusStakeMinor: number },
  ): Promise<{ movementId: number; balanceAfterMinor: number }> {
    if (request.vendorId != null || stake.bonusStakeMinor === 0) {
      const posted = await this.credit(executor, request);
      const bonus = request.vendorId != null ? 0 : await this.findBonusBalance(executor, request);
      return { movementId: posted.movementId, balanceAfterMinor: posted.balanceAfterMinor + bonus };
    }
    const counterId = await this.brandAccountId(executor, request.merchantId, request.currency);
    const posted = await repository.creditForPlay(executor, request, counterId, stake);
    if (!posted) throw new AppError('WALLET_BALANCE_LIMIT');
    return { movementId: posted.movementId, balanceAfterMinor: posted.mainAfterMinor + posted.bonusAfterMinor };
  }

  /** Locks the member's main account for the caller's transaction (main before bonus, decision 0063). */
  async lockMainAccount(executor: Executor, owner: WalletOwner): Promise<void> {
    await repository.lockMainAccount(executor, owner);
  }

  /**
   * Moves the member's whole bonus balance to the main one, inside the caller's transaction (decision 0063: the
   * member's last separate bonus is wagered). Answers what moved.
   */
  async releaseBonusBalance(executor: Executor, owner: WalletOwner, idempotencyKey: string, reason: string) {
    return repository.releaseBonusBalance(executor, owner, idempotencyKey, reason);
  }

  /** A movement between two of the brand's accounts, inside the caller's transaction (a withdrawal's payout). */
  async moveBetweenBrandAccounts(executor: Executor, request: BrandMovementRequest): Promise<{ movementId: number }> {
    if (request.from === request.to) throw new Error('a brand movement needs two accounts');
    const fromId = await this.brandAccountId(executor, request.merchantId, request.currency, request.from);
    const toId = await this.brandAccountId(executor, request.merchantId, request.currency, request.to);
    return repository.postBrandMovement(executor, request, fromId, toId);
  }

  /**
   * Money from one member's main wallet to another's of the same brand, inside the caller's transaction (the
   * transfer to the upline). Undefined when the sender's balance is short; WALLET_BALANCE_LIMIT when the receiver's
   * would pass the most an amount can be. Announce both balances after the commit.
   */
  async transferBetweenMembers(
    executor: Executor,
    request: repository.MemberTransferInput,
  ): Promise<{ movementId: number; fromBalanceMinor: number; toBalanceMinor: number } | undefined> {
    const posted = await repository.postMemberTransfer(executor, request);
    if (posted === 'short') return undefined;
    if (posted === 'limit') throw new AppError('WALLET_BALANCE_LIMIT');
    return posted;
  }

  /**
   * The main wallets of the brand's members, made at 0 when missing and locked in id order, inside the caller's
   * transaction: a batch of transfers between members locks them all first, so two batches sharing members wait for
   * each other instead of deadlocking.
   */
  async ensureAndLockMemberWallets(
    executor: Executor,
    owners: { merchantId: number; currency: string; memberIds: readonly number[] },
  ): Promise<void> {
    await repository.ensureAndLockMemberWallets(executor, owners);
  }

  /** A movement by its idempotency key, read in the caller's transaction: undefined when the key is unused. */
  async findMovementByKey(executor: Executor, idempotencyKey: string): Promise<repository.StoredMovement | undefined> {
    return repository.findMovementByKey(executor, idempotencyKey);
  }

  /** Call after the transaction that changed the balance has committed. */
  announce(owner: WalletOwner, balanceMinor: number): void {
    this.publisher?.publish(owner.memberId, { type: 'balance', sumBalance: balanceMinor, currency: owner.currency });
  }

  /**
   * An operator's credit or debit of a member with a reason. The key makes it idempotent: a repeat with
   * the same content answers applied: false and moves nothing; the same key with other content is refused.
   * An operator's adjustment (`actor`) is audited with the movement, in its transaction; the platform's own
   * (the demo's funds) is not.
   */
  async adjust(request: AdjustmentRequest, brands: BrandLookup, actor?: Actor): Promise<AdjustmentResult> {
    const brand = await brands.findByCode(request.merchantCode);
    if (!brand) throw new AppError('MERCHANT_NOT_FOUND', { merchantCode: request.merchantCode });
    const member = await repository.findMemberByAccount(this.db, brand.id, request.account);
    if (!member) throw new AppError('WALLET_MEMBER_NOT_FOUND', { account: request.account });
    const owner: WalletOwner = { memberId: member.id, merchantId: brand.id, currency: brand.brand.currency };
    const key = `adjustment:${brand.id}:${request.idempotencyKey}`;
    const requestHash = createHash('sha256')
      .update(JSON.stringify([member.id, request.amountMinor, request.reason]))
      .digest('hex');

    await this.prepareHouseAccount(owner.merchantId, owner.currency);
    const answerRepeat = async (executor: Executor, previous: repository.StoredMovement) => {
      if (previous.requestHash !== requestHash) throw new AppError('WALLET_IDEMPOTENCY_CONFLICT');
      return { applied: false, balanceMinor: await this.findBalance(executor, owner) };
    };
    let result: { applied: boolean; balanceMinor: number };
    try {
      result = await this.db.transaction(async (tx) => {
        const previous = await repository.findMovementByKey(tx, key);
        if (previous) return answerRepeat(tx, previous);
        const movement = {
          memberId: owner.memberId,
          merchantId: owner.merchantId,
          currency: owner.currency,
          amountMinor: Math.abs(request.amountMinor),
          kind: 'adjustment' as const,
          idempotencyKey: key,
          reason: request.reason,
          requestHash,
        };
        const posted = request.amountMinor > 0 ? await this.credit(tx, movement) : await this.debit(tx, movement);
        if (!posted) {
          // A concurrent copy of this debit may have committed after our check and left too little:
          // each statement sees the latest commits, so look again before calling the balance short.
          const winner = await repository.findMovementByKey(tx, key);
          if (winner) return answerRepeat(tx, winner);
          throw new AppError('WALLET_INSUFFICIENT_BALANCE', { balanceMinor: await this.findBalance(tx, owner) });
        }
        if (actor) {
          await this.audit.record(tx, {
            actor,
            merchantId: owner.merchantId,
            action: 'wallet.adjust',
            targetType: 'member',
            targetId: owner.memberId,
            before: { account: member.account, balanceMinor: posted.balanceAfterMinor - request.amountMinor },
            after: {
              account: member.account,
              balanceMinor: posted.balanceAfterMinor,
              amountMinor: request.amountMinor,
              currency: owner.currency,
              reason: request.reason,
              idempotencyKey: request.idempotencyKey,
              movementId: posted.movementId,
            },
          });
        }
        return { applied: true, balanceMinor: posted.balanceAfterMinor };
      });
    } catch (error) {
      // Two copies can both find the key unused; the later insert then fails on the unique index and
      // its transaction rolls back. It moved nothing, so it answers as a repeat of the one that won.
      if (!repository.isIdempotencyKeyTaken(error)) throw error;
      const winner = await repository.findMovementByKey(this.db, key);
      if (!winner) throw error;
      result = await answerRepeat(this.db, winner);
    }
    if (result.applied) await this.announceTotal(owner);
    return {
      memberId: member.id,
      account: member.account,
      currency: owner.currency,
      applied: result.applied,
      balanceMinor: result.balanceMinor,
    };
  }

  /**
   * Creates (once) the brand's house account for a currency. Call it before opening the transaction of
   * a movement: an id learnt inside a transaction that rolls back must not be cached.
   */
  async prepareHouseAccount(merchantId: number, currency: string): Promise<void> {
    await this.prepareBrandAccount(merchantId, currency, 'house');
  }

  /**
   * Makes the brand's account of a type (outside any transaction) and keeps its id: call it before the transaction
   * that moves money against it, so the transaction neither makes nor looks it up.
   */
  async prepareBrandAccount(merchantId: number, currency: string, type: repository.BrandAccountType): Promise<void> {
    const cacheKey = `${merchantId}:${currency}:${type}`;
    if (this.brandAccounts.has(cacheKey)) return;
    this.brandAccounts.set(cacheKey, await repository.ensureBrandAccount(this.db, merchantId, currency, type));
  }

  /** The brand's house account for a currency, created once (outside any transaction). */
  async houseAccountId(merchantId: number, currency: string): Promise<number> {
    await this.prepareHouseAccount(merchantId, currency);
    return this.getHouseAccountId(this.db, merchantId, currency);
  }

  private async getHouseAccountId(executor: Executor, merchantId: number, currency: string): Promise<number> {
    return this.brandAccountId(executor, merchantId, currency, 'house');
  }

  /**
   * A brand account's id, from the cache or made in the caller's transaction. Only ids read outside a transaction
   * (prepareHouseAccount) or after a commit are cached: one made in a transaction that rolls back must not be.
   */
  private async brandAccountId(
    executor: Executor,
    merchantId: number,
    currency: string,
    type: repository.BrandAccountType = 'house',
  ): Promise<number> {
    const cached = this.brandAccounts.get(`${merchantId}:${currency}:${type}`);
    return cached ?? repository.ensureBrandAccount(executor, merchantId, currency, type);
  }

  /**
   * A page of a member's ledger for the back office, newest first: keyset paged (`cursor` is the previous
   * page's nextCursor), so any page reads what the first does.
   */
  async listLedger(
    merchantId: number,
    memberId: number,
    page: { limit: number; cursor?: string | undefined },
  ): Promise<Page<repository.LedgerLine>> {
    let beforeId: number | null = null;
    if (page.cursor !== undefined) {
      beforeId = /^[0-9a-z]{1,11}$/.test(page.cursor) ? Number.parseInt(page.cursor, 36) : Number.NaN;
      if (!Number.isSafeInteger(beforeId) || beforeId <= 0) {
        throw new AppError('VALIDATION_FAILED', { issues: [{ path: 'cursor', message: 'not a cursor of this list' }] });
      }
    }
    const rows = await repository.findLedgerPage(this.db, merchantId, memberId, { beforeId, limit: page.limit + 1 });
    const items = rows.slice(0, page.limit);
    const last = items.at(-1);
    return { items, nextCursor: rows.length > page.limit && last ? last.id.toString(36) : null };
  }
}
