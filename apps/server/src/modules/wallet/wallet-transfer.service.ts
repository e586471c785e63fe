import { createHash } from 'node:crypto';
import {
  MAIN_WALLET,
  type MerchantWallet,
  type TranslatedLanguage,
  type WalletRecallBody,
  type WalletTransferBody,
} from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import * as repository from './wallet.repository';
import type { WalletOwner } from './wallet.service';

/** The main wallet's name as members read it; the web names it from walletCode in its own catalogue. */
export const MAIN_WALLET_NAMES: Record<TranslatedLanguage, string> = { KO: '메인 지갑', EN: 'Main wallet' };

/** The brand's wallet set-up, as its TRANSFER_WALLETS flag says (decision 0036). */
export interface WalletSetup {
  /** True: a main wallet plus one per transfer-mode vendor; false: one wallet for every game. */
  multiWallet: boolean;
  language: TranslatedLanguage;
}

function hashOf(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/**
 * A member's wallets on a multi-wallet brand (decision 0036): the main wallet and one per transfer-mode vendor, each
 * its own ledger account. A transfer is one 'transfer' movement with its two entries and both balance changes, in
 * one transaction, idempotent by the client's requestId; a recall empties every vendor wallet into the main one as
 * one movement. A refusal changes nothing.
 */
export class WalletTransfers {
  constructor(private readonly db: Database) {}

  async getMerchantWallet(
    owner: WalletOwner,
    setup: WalletSetup,
    executor: Executor = this.db,
  ): Promise<MerchantWallet> {
    const main = {
      walletCode: MAIN_WALLET,
      displayName: MAIN_WALLET_NAMES[setup.language],
      balanceMinor: (await repository.findMemberBalance(executor, owner.memberId, owner.currency)) ?? 0,
    };
    if (!setup.multiWallet) return { isSingle: true, currency: owner.currency, wallets: [main] };
    const vendors = await repository.findVendorWallets(executor, owner);
    return {
      isSingle: false,
      currency: owner.currency,
      wallets: [
        main,
        ...vendors.map((vendor) => ({
          walletCode: vendor.code,
          displayName: vendor.name,
          balanceMinor: vendor.balanceMinor,
          acceptsTransfers: vendor.offered && vendor.status === 'active',
        })),
      ],
    };
  }

  /**
   * Between the main wallet and a vendor's. Into a vendor wallet: the brand offers the vendor, in transfer mode, not
   * under maintenance. Out of one: always, so money is never held in a vendor wallet. A repeat of the requestId with
   * the same content moves nothing and answers the wallets as they are; with other content it is refused.
   */
  async transfer(owner: WalletOwner, body: WalletTransferBody, setup: WalletSetup): Promise<MerchantWallet> {
    if (!setup.multiWallet) throw new AppError('WALLET_SINGLE_MODE');
    const intoVendor = body.fromWallet === MAIN_WALLET;
    const vendorCode = intoVendor ? body.toWallet : body.fromWallet;
    const vendor = await repository.findTransferVendor(this.db, owner.merchantId, vendorCode);
    if (!vendor || (intoVendor && (!vendor.offered || vendor.status === 'disabled'))) {
      throw new AppError('WALLET_VENDOR_UNKNOWN');
    }
    if (intoVendor && vendor.walletMode !== 'transfer') throw new AppError('WALLET_VENDOR_NOT_TRANSFER');
    if (intoVendor && vendor.status === 'maintenance') throw new AppError('WALLET_VENDOR_MAINTENANCE');

    const key = `transfer:${owner.merchantId}:${owner.memberId}:${body.requestId}`;
    const requestHash = hashOf([body.fromWallet, body.toWallet, body.amountMinor]);
    return this.once(key, requestHash, owner, setup, async (tx) => {
      const accounts = await repository.lockMemberAccounts(tx, owner, vendor.id);
      const previous = await repository.findMovementByKey(tx, key);
      if (previous) return previous;
      const main = accounts.find((account) => account.vendorId === null);
      const vendorAccount = accounts.find((account) => account.vendorId === vendor.id);
      if (!main || !vendorAccount) throw new Error('transfer accounts missing after lock');
      const [from, to] = intoVendor ? [main, vendorAccount] : [vendorAccount, main];
      const posted = await repository.postTransfer(tx, {
        merchantId: owner.merchantId,
        memberId: owner.memberId,
        currency: owner.currency,
        fromAccountId: from.id,
        toAccountId: to.id,
        amountMinor: body.amountMinor,
        mainChangeMinor: intoVendor ? -body.amountMinor : body.amountMinor,
        idempotencyKey: key,
        reason: `${body.fromWallet} > ${body.toWallet}`,
        requestHash,
      });
      if (posted === 'short') throw new AppError('WALLET_INSUFFICIENT_BALANCE', { balanceMinor: from.balanceMinor });
      // The source was already taken in this transaction: the throw rolls it back.
      if (posted === 'limit') throw new AppError('WALLET_BALANCE_LIMIT');
      return undefined;
    });
  }

  /**
   * Every vendor wallet's money back to the main wallet, as one movement. With nothing to recall it writes nothing
   * (and so keeps no key): a later recall with the same requestId recalls what is there then.
   */
  async recallAll(owner: WalletOwner, body: WalletRecallBody, setup: WalletSetup): Promise<MerchantWallet> {
    if (!setup.multiWallet) throw new AppError('WALLET_SINGLE_MODE');
    const key = `recall:${owner.merchantId}:${owner.memberId}:${body.requestId}`;
    const requestHash = hashOf(['recall']);
    return this.once(key, requestHash, owner, setup, async (tx) => {
      const accounts = await repository.lockMemberAccounts(tx, owner, null);
      const previous = await repository.findMovementByKey(tx, key);
      if (previous) return previous;
      const main = accounts.find((account) => account.vendorId === null);
      if (!main) throw new Error('main account missing after lock');
      const sources = accounts
        .filter((account) => account.vendorId !== null && account.balanceMinor > 0)
        .map((account) => ({ accountId: account.id, amountMinor: account.balanceMinor }));
      if (sources.length === 0) return undefined;
      const posted = await repository.postRecall(tx, {
        merchantId: owner.merchantId,
        memberId: owner.memberId,
        currency: owner.currency,
        mainAccountId: main.id,
        sources,
        idempotencyKey: key,
        reason: `* > ${MAIN_WALLET}`,
        requestHash,
      });
      if (posted === 'limit') throw new AppError('WALLET_BALANCE_LIMIT');
      return undefined;
    });
  }

  /** How many members of the brand hold money in a vendor wallet, read in the caller's transaction. */
  countMembersWithVendorMoney(executor: Executor, merchantId: number): Promise<number> {
    return repository.countMembersWithVendorMoney(executor, merchantId);
  }

  /**
   * Runs `work` in a transaction and answers the wallets after it. `work` returns the movement already written with
   * the key (a repeat), or undefined once it has written its own. A repeat with another request's content is refused.
   * Two copies can both find the key unused when the first commits between the second's lock and its insert; the
   * later insert then fails on the unique index, rolls back, and is answered as a repeat of the one that won.
   */
  private async once(
    key: string,
    requestHash: string,
    owner: WalletOwner,
    setup: WalletSetup,
    work: (tx: Executor) => Promise<repository.StoredMovement | undefined>,
  ): Promise<MerchantWallet> {
    const checkRepeat = (previous: repository.StoredMovement) => {
      if (previous.requestHash !== requestHash || previous.memberId !== owner.memberId) {
        throw new AppError('WALLET_IDEMPOTENCY_CONFLICT');
      }
    };
    try {
      return await this.db.transaction(async (tx) => {
        const previous = await work(tx);
        if (previous) checkRepeat(previous);
        return this.getMerchantWallet(owner, setup, tx);
      });
    } catch (error) {
      if (!repository.isIdempotencyKeyTaken(error)) throw error;
      const winner = await repository.findMovementByKey(this.db, key);
      if (!winner) throw error;
      checkRepeat(winner);
      return this.getMerchantWallet(owner, setup);
    }
  }
}
