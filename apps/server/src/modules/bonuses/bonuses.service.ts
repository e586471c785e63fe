import type {
  BoBonusSettings,
  BoSaveBonusSettingsRequest,
  BonusList,
  BonusListQuery,
  BonusOffers,
  BonusSource,
  ForfeitBonus,
  ForfeitBonusRequest,
  MemberBonus,
  SignupBonus,
  TranslatedLanguage,
} from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { actorText, type Actor, type AuditService } from '../audit/index';
import type { FeedBatch, FeedConsumer, SettlementFeedService } from '../settlement-feed/index';
import type { WalletService } from '../wallet/index';
import * as repository from './bonuses.repository';
import { formatAmount } from '../../lib/amount-format';

/** The settlement feed consumer's name (decision 0034): its checkpoint row. */
export const BONUSES_CONSUMER = 'bonuses';
/** Bonuses the expiry job ends per run (each in its own transaction). */
export const EXPIRY_BATCH = 200;

const DAY_MS = 86_400_000;

/** The brand a bonus call is about: its id and currency. */
export interface BonusBrand {
  id: number;
  brand: { currency: string; currencyExponent: number };
}

export function parseIdCursor(cursor: string | undefined): number | null {
  if (cursor === undefined) return null;
  const id = Number(cursor);
  if (!/^\d{1,18}$/.test(cursor) || !Number.isSafeInteger(id) || id <= 0) {
    throw new AppError('VALIDATION_FAILED', { issues: [{ path: 'cursor', message: 'not a cursor of this list' }] });
  }
  return id;
}

/** What a deposit bonus pays on a credit: percentBp of it, at most maxBonusMinor. */
export function depositBonusOf(rules: repository.PromotionRow['rules'], creditMinor: number): number {
  const percent = Math.floor((creditMinor * (rules.percentBp ?? 0)) / 10_000);
  return Math.max(0, Math.min(percent, rules.maxBonusMinor ?? Number.MAX_SAFE_INTEGER));
}

export function toMemberBonus(row: repository.BonusRow, language: TranslatedLanguage): MemberBonus {
  const left = Math.max(0, row.wageringRequiredMinor - row.wageringDoneMinor);
  const progressPercent =
    row.wageringRequiredMinor <= 0
      ? 100
      : Math.min(100, Math.floor((row.wageringDoneMinor * 100) / row.wageringRequiredMinor));
  return {
    id: row.id,
    promotionCode: row.promotionCode,
    kind: row.kind === 'signup_bonus' || row.kind === 'application' ? row.kind : 'deposit_bonus',
    title: language === 'KO' ? row.titleKo : row.titleEn,
    source: row.source,
    depositOrderNo: row.depositOrderNo,
    amountMinor: row.amountMinor,
    wageringRequiredMinor: row.wageringRequiredMinor,
    wageringDoneMinor: row.wageringDoneMinor,
    wageringLeftMinor: row.status === 'completed' ? 0 : left,
    progressPercent: row.status === 'completed' ? 100 : progressPercent,
    contributionBp: row.contributionBp,
    status: row.status,
    balanceMode: row.balanceMode,
    takenBackMinor: row.takenBackMinor,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    finishedAt: row.finishedAt,
  };
}

/**
 * The abuse check before a sign-up bonus (AbuseService, decision 0057): holds the bonus as a flag when the new member
 * shares an IP, bank account or phone with a member paid it before; true when held.
 */
export interface SignupAbuseCheck {
  holdSignup(
    tx: Executor,
    input: { merchantId: number; memberId: number; currency: string; promotionId: number; amountMinor: number },
  ): Promise<boolean>;
}

/**
 * The feed's `bonuses` consumer: each batch's settled rounds into the wagering of the members' active bonuses. A
 * member whose last separate bonus the batch completes gets the bonus balance moved to the main one in the batch's
 * transaction (decision 0063), keyed by that bonus.
 */
export class BonusFeedConsumer implements FeedConsumer {
  readonly name = BONUSES_CONSUMER;

  constructor(private readonly wallet: WalletService) {}

  async apply(tx: Executor, batch: FeedBatch): Promise<void> {
    const { completed } = await repository.applyWagering(tx, batch.after, batch.last);
    for (const release of await repository.findReleases(tx, completed)) {
      const owner = { memberId: release.memberId, merchantId: release.merchantId, currency: release.currency };
      await this.wallet.releaseBonusBalance(tx, owner, `bonus-release:${release.bonusId}`, release.code);
    }
  }
}

/**
 * Bonuses with wagering (decisions 0050, 0063). A promotion's bonus is paid in the transaction that earns it (a
 * deposit's credit, a registration), once per member and promotion by its key `bonus:<promotionId>:<memberId>` (wallet
 * kind `bonus`): by the brand's choice into the main balance, where it locks withdrawals while its wagering is short,
 * or into the bonus balance, which stakes after the main one and moves to it once the member's last separate bonus is
 * wagered. Settled rounds count towards it (the feed's `bonuses` consumer); the member may forfeit it, and it expires:
 * both take back what is left of it (kind `bonus_forfeit`) and end it.
 */
export class BonusService {
  readonly feedConsumer: BonusFeedConsumer;
  private abuseCheck: SignupAbuseCheck | null = null;

  constructor(
    private readonly db: Database,
    private readonly wallet: WalletService,
    private readonly feed: SettlementFeedService,
    private readonly audit: AuditService,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.feedConsumer = new BonusFeedConsumer(wallet);
  }

  consumeFeed(options: { maxBatches?: number; batchSize?: number } = {}) {
    return this.feed.consume(this.feedConsumer, options);
  }

  /** The abuse check the sign-up bonus asks first (services.ts). */
  setAbuseCheck(check: SignupAbuseCheck): void {
    this.abuseCheck = check;
  }

  // The hooks of the cashier, the registration and the withdrawals.

  /**
   * The deposit bonus a member chose for a deposit of `creditMinor` (what the balance will get): its promotion id,
   * or the refusal (not found, closed, not eligible, deposit too small). Paid later, when the deposit is credited.
   */
  async chooseForDeposit(input: {
    merchantId: number;
    memberId: number;
    code: string;
    creditMinor: number;
    currencyExponent: number;
  }): Promise<number> {
    const promotion = await repository.findPromotionByCode(this.db, input.merchantId, input.code.trim().toUpperCase());
    if (!promotion || promotion.kind !== 'deposit_bonus') throw new AppError('BONUS_PROMOTION_NOT_FOUND');
    if (!isOpen(promotion, this.clock())) throw new AppError('BONUS_PROMOTION_CLOSED');
    const eligible = await this.eligibleForDeposit(this.db, promotion, input.memberId, null);
    if (!eligible) throw new AppError('BONUS_NOT_ELIGIBLE');
    const min = promotion.rules.minDepositMinor;
    if (input.creditMinor < min || depositBonusOf(promotion.rules, input.creditMinor) <= 0) {
      throw new AppError(
        'BONUS_DEPOSIT_TOO_SMALL',
        { minDepositMinor: min },
        { params: { min: formatAmount(min, input.currencyExponent) } },
      );
    }
    return promotion.id;
  }

  /**
   * In a deposit's credit transaction: pays the chosen deposit bonus if the member is still eligible (the promotion
   * open, the deposit at least its minimum, the first credited one for a new-members promotion, not paid before).
   * Answers the bonus paid, or undefined (nothing paid, nothing refused: the deposit is credited either way).
   */
  async grantForDeposit(
    tx: Executor,
    input: {
      merchantId: number;
      memberId: number;
      currency: string;
      depositId: number;
      promotionId: number;
      creditMinor: number;
    },
  ): Promise<{ bonusId: number; amountMinor: number } | undefined> {
    const promotion = await repository.findPromotion(tx, input.merchantId, input.promotionId);
    if (!promotion || promotion.kind !== 'deposit_bonus' || !isOpen(promotion, this.clock())) return undefined;
    if (input.creditMinor < promotion.rules.minDepositMinor) return undefined;
    if (!(await this.eligibleForDeposit(tx, promotion, input.memberId, input.depositId))) return undefined;
    const amountMinor = depositBonusOf(promotion.rules, input.creditMinor);
    if (amountMinor <= 0) return undefined;
    return this.grant(tx, promotion, {
      merchantId: input.merchantId,
      memberId: input.memberId,
      currency: input.currency,
      amountMinor,
      source: 'deposit',
      depositId: input.depositId,
    });
  }

  /**
   * In the registration's transaction: the brand's open sign-up bonus, paid once; undefined when it has none, or when
   * the abuse check holds it for the operator (decision 0057).
   */
  async grantSignup(
    tx: Executor,
    input: { merchantId: number; memberId: number; currency: string },
  ): Promise<{ bonusId: number; amountMinor: number } | undefined> {
    const [promotion] = await repository.findOpenPromotions(tx, input.merchantId, 'signup_bonus', this.clock());
    const amountMinor = promotion?.rules.fixedMinor ?? 0;
    if (!promotion || amountMinor <= 0) return undefined;
    if (await this.abuseCheck?.holdSignup(tx, { ...input, promotionId: promotion.id, amountMinor })) return undefined;
    return this.grant(tx, promotion, { ...input, amountMinor, source: 'signup', depositId: null });
  }

  /**
   * An operator released a held sign-up bonus (AbuseService, in its transaction): the amount held, paid now by the
   * bonus's key under the promotion's wagering, once; undefined when the key was paid before.
   */
  async grantHeldSignup(
    tx: Executor,
    input: { merchantId: number; memberId: number; currency: string; promotionId: number; amountMinor: number },
  ): Promise<{ bonusId: number; amountMinor: number } | undefined> {
    const promotion = await repository.findPromotion(tx, input.merchantId, input.promotionId);
    if (!promotion || promotion.kind !== 'signup_bonus') {
      throw new AppError('BONUS_RULES_INVALID', { kind: promotion?.kind ?? null });
    }
    return this.grant(tx, promotion, {
      merchantId: input.merchantId,
      memberId: input.memberId,
      currency: input.currency,
      amountMinor: input.amountMinor,
      source: 'signup',
      depositId: null,
    });
  }

  /**
   * In an approval's transaction (decision 0052): an application promotion's reward (`fixedMinor`), paid once by the
   * bonus key. Undefined when the key was paid before (nothing is paid twice); BONUS_RULES_INVALID when the promotion
   * has no reward to pay.
   */
  async grantApplication(
    tx: Executor,
    input: { merchantId: number; memberId: number; currency: string; promotionId: number },
  ): Promise<{ bonusId: number; amountMinor: number } | undefined> {
    const promotion = await repository.findPromotion(tx, input.merchantId, input.promotionId);
    const amountMinor = promotion?.rules.fixedMinor ?? 0;
    if (!promotion || promotion.kind !== 'application' || amountMinor <= 0) {
      throw new AppError('BONUS_RULES_INVALID', { kind: promotion?.kind ?? null });
    }
    return this.grant(tx, promotion, {
      merchantId: input.merchantId,
      memberId: input.memberId,
      currency: input.currency,
      amountMinor,
      source: 'application',
      depositId: null,
    });
  }

  /**
   * The withdrawal lock, read in the caller's transaction (the withdrawal's, after its hold: decision 0050 says why
   * after): the bonus money of the member's active bonuses, which must stay in the balance, and their wagering short.
   */
  withdrawalLock(tx: Executor, memberId: number): Promise<{ lockedMinor: number; shortMinor: number }> {
    return repository.sumActive(tx, memberId);
  }

  // The member's calls.

  async list(
    merchant: BonusBrand,
    memberId: number,
    query: BonusListQuery,
    language: TranslatedLanguage,
  ): Promise<BonusList> {
    const beforeId = parseIdCursor(query.cursor);
    const owner = { merchantId: merchant.id, memberId, currency: merchant.brand.currency };
    const [rows, lock, wageringLeftMinor, bonusBalanceMinor] = await Promise.all([
      repository.findMemberBonuses(this.db, {
        merchantId: merchant.id,
        memberId,
        ...(query.status ? { status: query.status } : {}),
        beforeId,
        limit: query.limit + 1,
      }),
      repository.sumActive(this.db, memberId),
      repository.sumWageringLeft(this.db, memberId),
      this.wallet.findBonusBalance(this.db, owner),
    ]);
    const items = rows.slice(0, query.limit);
    return {
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
      lockedMinor: lock.lockedMinor,
      wageringLeftMinor,
      bonusBalanceMinor,
      items: items.map((row) => toMemberBonus(row, language)),
      nextCursor: rows.length > query.limit ? String(items.at(-1)!.id) : null,
    };
  }

  /** The deposit bonuses the member may choose now. */
  async offers(merchant: BonusBrand, memberId: number, language: TranslatedLanguage): Promise<BonusOffers> {
    const rows = await repository.findOffers(this.db, merchant.id, memberId, this.clock());
    return {
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
      items: rows.map((row) => ({
        code: row.code,
        title: language === 'KO' ? row.titleKo : row.titleEn,
        summary: language === 'KO' ? row.summaryKo : row.summaryEn,
        percentBp: row.rules.percentBp ?? 0,
        maxBonusMinor: row.rules.maxBonusMinor,
        minDepositMinor: row.rules.minDepositMinor,
        wageringMultiplier: row.rules.wageringMultiplier,
        contributionBp: row.rules.contributionBp,
        expiryDays: row.rules.expiryDays,
        endsAt: row.endsAt,
      })),
    };
  }

  /** The brand's open sign-up bonus, or null (the register dialog's title). */
  async signupBonus(merchant: BonusBrand): Promise<SignupBonus> {
    const [promotion] = await repository.findOpenPromotions(this.db, merchant.id, 'signup_bonus', this.clock());
    const amountMinor = promotion?.rules.fixedMinor ?? 0;
    if (!promotion || amountMinor <= 0) return null;
    return {
      amountMinor,
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
      wageringMultiplier: promotion.rules.wageringMultiplier,
    };
  }

  /**
   * The member gives up an active bonus: what is left of it (at most the balance) is taken back and its lock ends.
   * A repeat of the requestId answers the first and takes nothing more.
   */
  async forfeit(
    merchant: BonusBrand,
    memberId: number,
    request: ForfeitBonusRequest,
    language: TranslatedLanguage,
  ): Promise<ForfeitBonus> {
    const owner = { merchantId: merchant.id, memberId, currency: merchant.brand.currency };
    const outcome = await this.db.transaction(async (tx) => {
      const bonus = await repository.lockBonus(tx, { id: request.bonusId, memberId, merchantId: merchant.id });
      if (!bonus) throw new AppError('BONUS_NOT_FOUND');
      // Under the lock: a copy of this request that got here first has committed.
      const before = await repository.findByForfeitRequest(tx, memberId, request.requestId);
      if (before) {
        if (before.id !== bonus.id) throw new AppError('BONUS_REQUEST_REUSED');
        return { takenBackMinor: before.takenBackMinor ?? 0, changed: false };
      }
      if (bonus.status !== 'active') throw new AppError('BONUS_NOT_ACTIVE', { status: bonus.status });
      const takenBackMinor = await this.takeBack(tx, bonus, 'forfeited', { forfeitRequestId: request.requestId });
      return { takenBackMinor, changed: true };
    });
    if (outcome.changed) await this.wallet.announceTotal(owner);
    const [row, balanceMinor] = await Promise.all([
      repository.findBonus(this.db, { id: request.bonusId }),
      this.wallet.findBalance(this.db, owner),
    ]);
    return { bonus: toMemberBonus(row!, language), takenBackMinor: outcome.takenBackMinor, balanceMinor };
  }

  /** Ends the active bonuses whose time ran out (the job, every minute): each taken back in its own transaction. */
  async expireDue(limit = EXPIRY_BATCH): Promise<{ expired: number }> {
    const ids = await repository.findExpired(this.db, this.clock(), limit);
    let expired = 0;
    for (const id of ids) {
      const owner = await this.db
        .transaction(async (tx) => {
          const bonus = await repository.lockBonus(tx, { id });
          if (!bonus || bonus.status !== 'active' || Date.parse(bonus.expiresAt) > this.clock().getTime()) {
            return undefined;
          }
          await this.takeBack(tx, bonus, 'expired', {});
          return { merchantId: bonus.merchantId, memberId: bonus.memberId, currency: bonus.currency };
        })
        // A separate bonus with a round in play expires once the round has settled (a later run).
        .catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'BONUS_ROUNDS_OPEN') return undefined;
          throw error;
        });
      if (owner) {
        expired += 1;
        await this.wallet.announceTotal(owner);
      }
    }
    return { expired };
  }

  /** An operator ends a member's active bonus with a reason (audited in its transaction). */
  async cancel(merchantId: number, bonusId: number, reason: string, actor: Actor): Promise<repository.BonusRow> {
    const owner = await this.db.transaction(async (tx) => {
      const bonus = await repository.lockBonus(tx, { id: bonusId, merchantId });
      if (!bonus) throw new AppError('BONUS_NOT_FOUND');
      if (bonus.status !== 'active') throw new AppError('BONUS_NOT_ACTIVE', { status: bonus.status });
      const takenBackMinor = await this.takeBack(tx, bonus, 'cancelled', { cancelReason: reason });
      await this.audit.record(tx, {
        actor,
        merchantId,
        action: 'bonuses.cancel',
        targetType: 'member_bonus',
        targetId: bonusId,
        before: { status: bonus.status, wageringDoneMinor: bonus.wageringDoneMinor },
        after: { status: 'cancelled', takenBackMinor, reason },
      });
      return { merchantId: bonus.merchantId, memberId: bonus.memberId, currency: bonus.currency };
    });
    await this.wallet.announceTotal(owner);
    return (await repository.findBonus(this.db, { id: bonusId }))!;
  }

  /** Where the brand pays bonus money (decision 0063), for the back office. */
  async getSettings(merchantId: number): Promise<BoBonusSettings> {
    return repository.findBalanceMode(this.db, merchantId);
  }

  /**
   * Saves where the brand pays bonus money (audited), if `request.version` is still the stored one: bonuses paid
   * after it follow it; each bonus already paid keeps its own mode.
   */
  async saveSettings(merchantId: number, request: BoSaveBonusSettingsRequest, actor: Actor): Promise<BoBonusSettings> {
    await this.db.transaction(async (tx) => {
      const before = await repository.findBalanceMode(tx, merchantId);
      const saved = await repository.saveBalanceMode(tx, merchantId, {
        balanceMode: request.balanceMode,
        version: request.version,
        updatedBy: actorText(actor),
      });
      if (!saved) throw new AppError('BO_CHANGED_SINCE_OPENED');
      await this.audit.record(tx, {
        actor,
        merchantId,
        action: 'bonuses.settings',
        targetType: 'merchant',
        targetId: merchantId,
        before: { balanceMode: before.balanceMode },
        after: { balanceMode: request.balanceMode },
      });
    });
    return repository.findBalanceMode(this.db, merchantId);
  }

  // Inside.

  private async eligibleForDeposit(
    db: Executor,
    promotion: repository.PromotionRow,
    memberId: number,
    depositId: number | null,
  ): Promise<boolean> {
    if (promotion.audience === 'new' && (await repository.hasOtherCreditedDeposit(db, memberId, depositId))) {
      return false;
    }
    return !(await repository.hasBonus(db, promotion.id, memberId));
  }

  /**
   * Writes the bonus row and pays it, in the caller's transaction, once by its key: a grant whose key is taken
   * (paid before, or by a transaction that committed while this one waited on the key) pays nothing.
   */
  private async grant(
    tx: Executor,
    promotion: repository.PromotionRow,
    input: {
      merchantId: number;
      memberId: number;
      currency: string;
      amountMinor: number;
      source: BonusSource;
      depositId: number | null;
    },
  ): Promise<{ bonusId: number; amountMinor: number } | undefined> {
    const idempotencyKey = `bonus:${promotion.id}:${input.memberId}`;
    const { balanceMode } = await repository.findBalanceMode(tx, input.merchantId);
    const bonusId = await repository.insertBonus(tx, {
      balanceMode,
      merchantId: input.merchantId,
      memberId: input.memberId,
      promotionId: promotion.id,
      source: input.source,
      depositId: input.depositId,
      currency: input.currency,
      amountMinor: input.amountMinor,
      wageringRequiredMinor: input.amountMinor * promotion.rules.wageringMultiplier,
      contributionBp: promotion.rules.contributionBp,
      idempotencyKey,
      expiresAt: new Date(this.clock().getTime() + promotion.rules.expiryDays * DAY_MS),
    });
    if (bonusId === undefined) return undefined;
    const posted = await this.wallet.credit(tx, {
      merchantId: input.merchantId,
      memberId: input.memberId,
      currency: input.currency,
      amountMinor: input.amountMinor,
      kind: 'bonus',
      idempotencyKey,
      reason: promotion.code,
      // A bonus with nothing to wager is completed at once: its money is the member's, in the main balance.
      bonus: balanceMode === 'separate' && promotion.rules.wageringMultiplier > 0,
    });
    await repository.setBonusMovement(tx, bonusId, posted.movementId);
    return { bonusId, amountMinor: input.amountMinor };
  }

  /**
   * Ends a locked active bonus and takes back what is left of it (kind `bonus_forfeit`, keyed by the bonus). A bonus in
   * the main balance: its amount, at most the balance. A separate bonus (decision 0063): its amount, at most the bonus
   * balance, or the whole bonus balance (its winnings too) when it is the member's last separate bonus; refused while a
   * round staked with bonus money is open (BONUS_ROUNDS_OPEN). Answers what was taken.
   */
  private async takeBack(
    tx: Executor,
    bonus: repository.BonusRow,
    status: 'forfeited' | 'expired' | 'cancelled',
    extra: { forfeitRequestId?: string; cancelReason?: string },
  ): Promise<number> {
    const owner = { merchantId: bonus.merchantId, memberId: bonus.memberId, currency: bonus.currency };
    const separate = bonus.balanceMode === 'separate';
    // The main account first: a stake that reaches into the bonus balance locks it before the bonus balance, so one
    // that committed is seen by the check below and one that comes later finds the bonus balance taken.
    if (separate) await this.wallet.lockMainAccount(tx, owner);
    if (separate && (await repository.hasOpenBonusRounds(tx, bonus.memberId))) {
      throw new AppError('BONUS_ROUNDS_OPEN');
    }
    const last = separate && (await repository.countActiveSeparate(tx, bonus.memberId, bonus.id)) === 0;
    let takenBackMinor = 0;
    // A round settling meanwhile can lower the balance between the read and the conditional debit: read again.
    for (let attempt = 0; ; attempt += 1) {
      const balance = separate
        ? await this.wallet.findBonusBalance(tx, owner)
        : await this.wallet.findBalance(tx, owner);
      const take = last ? balance : Math.min(bonus.amountMinor, Math.max(0, balance));
      if (take === 0) break;
      const posted = await this.wallet.debit(tx, {
        ...owner,
        amountMinor: take,
        kind: 'bonus_forfeit',
        idempotencyKey: `bonus-forfeit:${bonus.id}`,
        reason: `${status} ${bonus.promotionCode}`,
        bonus: separate,
      });
      if (posted) {
        takenBackMinor = take;
        break;
      }
      if (attempt >= 10) throw new Error(`bonus ${bonus.id}: the balance kept moving`);
    }
    const finished = await repository.finishBonus(tx, bonus.id, {
      status,
      takenBackMinor,
      forfeitRequestId: extra.forfeitRequestId ?? null,
      cancelReason: extra.cancelReason ?? null,
      now: this.clock(),
    });
    if (!finished) throw new Error(`bonus ${bonus.id} was not active under its lock`);
    return takenBackMinor;
  }
}

function isOpen(promotion: repository.PromotionRow, now: Date): boolean {
  const at = now.getTime();
  return (
    promotion.active &&
    (promotion.startsAt === null || Date.parse(promotion.startsAt) <= at) &&
    (promotion.endsAt === null || Date.parse(promotion.endsAt) > at)
  );
}
