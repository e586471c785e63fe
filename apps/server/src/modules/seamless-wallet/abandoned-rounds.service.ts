import type { CloseRoundRequest, OpenRoundListQuery, Page } from '@parlay/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor, AuditService } from '../audit/index';
import { ABANDONED_ROUND_AFTER_MS, type BettingService } from '../betting/index';
import type { VendorService } from '../vendors/index';
import type { WalletOwner, WalletService } from '../wallet/index';
import { findOpenRoundPage, lockRoundDebits, type OpenRoundRow } from './abandoned-rounds.repository';
import { recordRolledBack } from './seamless-wallet.repository';
import { rollbackKey } from './seamless-wallet.service';

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

/** Rounds a vendor abandoned, ended by an operator (decision 0021); the seamless wallet's answers stay its own. */
export class AbandonedRoundService {
  constructor(
    private readonly db: Database,
    private readonly vendors: VendorService,
    private readonly wallet: WalletService,
    private readonly betting: BettingService,
    private readonly audit: AuditService,
  ) {}

  /**
   * A page of a brand's rounds open for more than ABANDONED_ROUND_AFTER_MS (a day), oldest first: the ones its
   * vendor may have abandoned. The cursor is the last round's id.
   */
  async listOpenRounds(
    merchantId: number,
    query: OpenRoundListQuery,
    now: Date = new Date(),
  ): Promise<Page<Omit<OpenRoundRow, 'id'>>> {
    let afterId: number | undefined;
    if (query.cursor !== undefined) {
      if (!/^[0-9a-z]{1,11}$/.test(query.cursor)) throw new AppError('GAME_CURSOR_INVALID');
      afterId = Number.parseInt(query.cursor, 36);
    }
    let vendorId: number | undefined;
    if (query.vassalage !== undefined) {
      const vendor = await this.vendors.findVendorByCode(query.vassalage);
      if (!vendor) return { items: [], nextCursor: null };
      vendorId = vendor.id;
    }
    const rows = await findOpenRoundPage(this.db, {
      merchantId,
      startedBefore: new Date(now.getTime() - ABANDONED_ROUND_AFTER_MS),
      vendorId,
      afterId,
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map(({ id: _id, ...round }) => round),
      nextCursor: rows.length > query.limit && last ? last.id.toString(36) : null,
    };
  }

  /**
   * An operator ends a round its vendor abandoned (decision 0021), after asking the vendor how it went:
   * the platform cannot know. `cancelled` gives back every debit still standing as a 'round_cancel'
   * movement, keyed as the vendor's own rollback of that debit would be, so the two can never both pay;
   * a round with a win paid cannot be cancelled. `settled` ends the round as it stands and moves no money.
   * Either way the vendor's later debit or credit for the round is refused (VENDOR_ROUND_CLOSED), and its
   * rollback of a debit given back is answered as a repeat. `scope.merchantId` keeps the back office to the
   * brand it acts on: another brand's round is WALLET_ROUND_NOT_FOUND, as if it did not exist.
   */
  async closeAbandonedRound(
    actor: Actor,
    request: CloseRoundRequest,
    scope: { merchantId?: number } = {},
  ): Promise<ClosedRound> {
    const vendor = await this.vendors.findVendorByCode(request.vassalage);
    if (!vendor) throw new AppError('WALLET_ROUND_NOT_FOUND');
    const closed = await this.db.transaction(async (tx) => {
      // The debits before the round, in the order a vendor's rollback takes them, so the two never deadlock.
      await lockRoundDebits(tx, vendor.id, request.roundId);
      const round = await this.betting.lockRound(tx, vendor.id, request.roundId);
      if (!round || (scope.merchantId !== undefined && round.merchantId !== scope.merchantId)) {
        throw new AppError('WALLET_ROUND_NOT_FOUND');
      }
      if (round.status !== 'open') throw new AppError('VENDOR_ROUND_CLOSED');
      const owner: WalletOwner = { memberId: round.memberId, merchantId: round.merchantId, currency: round.currency };
      const audit = (refundedMinor: number) =>
        this.audit.record(tx, {
          actor,
          merchantId: round.merchantId,
          action: `round.${request.outcome === 'settled' ? 'settle' : 'cancel'}`,
          targetType: 'round',
          targetId: `${vendor.code}/${request.roundId}`,
          before: { status: round.status, stakeMinor: round.stakeMinor, winMinor: round.winMinor },
          after: { status: request.outcome, refundedMinor, reason: request.reason, account: round.account },
        });
      if (request.outcome === 'settled') {
        await this.betting.closeRound(tx, round.id, 'settled', request.reason);
        await audit(0);
        return { owner, account: round.account, refundedMinor: 0, balanceMinor: undefined };
      }
      if (round.winMinor > 0) throw new AppError('WALLET_ROUND_HAS_WIN');
      // Read again with the round held: a debit that committed between the two reads is among these now,
      // and no other can add to the round until this transaction ends.
      const debits = await lockRoundDebits(tx, vendor.id, request.roundId);
      const refundedMinor = debits.reduce((sum, debit) => sum + debit.amountMinor, 0);
      if (refundedMinor !== round.stakeMinor) {
        throw new Error(`round ${request.roundId}: stake ${round.stakeMinor} but debits of ${refundedMinor} standing`);
      }
      for (const debit of debits) {
        let movementId: number | null = null;
        if (debit.amountMinor > 0) {
          // What the bonus balance paid goes back to it while a separate bonus is active (decision 0063).
          const posted = await this.wallet.creditForPlay(
            tx,
            {
              memberId: owner.memberId,
              merchantId: owner.merchantId,
              currency: owner.currency,
              amountMinor: debit.amountMinor,
              kind: 'round_cancel',
              idempotencyKey: rollbackKey(vendor.id, debit.transactionId),
              reason: request.reason,
            },
            { stakeMinor: debit.amountMinor, bonusStakeMinor: debit.bonusAmountMinor },
          );
          movementId = posted.movementId;
        }
        await recordRolledBack(tx, debit.id, movementId);
      }
      await this.betting.closeRound(tx, round.id, 'cancelled', request.reason);
      await audit(refundedMinor);
      const balanceMinor = await this.wallet.findPlayBalance(tx, owner, null);
      return { owner, account: round.account, refundedMinor, balanceMinor };
    });
    if (closed.balanceMinor !== undefined && closed.refundedMinor > 0) {
      await this.wallet.announceTotal(closed.owner);
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
}
