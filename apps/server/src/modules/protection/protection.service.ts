import {
  PROTECTION_CHANGE_DELAY_HOURS,
  PROTECTION_LIMITS,
  type PlayerProtection,
  type PlayerProtectionBlockRequest,
  type ProtectionBlock,
  type ProtectionBlockKind,
  type ProtectionLimitKey,
  type ProtectionSettings,
  type RealityCheck,
} from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { actorText, type Actor, type AuditService } from '../audit/index';
import type { SessionService } from '../session/index';
import * as repository from './protection.repository';

const DELAY_MS = PROTECTION_CHANGE_DELAY_HOURS * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
/** History rows the back office shows of a player. */
const HISTORY_LIMIT = 200;
/** Members whose due changes one run of the job applies at most. */
const DUE_BATCH = 500;

/** The member a protection call is for. */
export interface ProtectionOwner {
  memberId: number;
  merchantId: number;
}

/** Who changes a member's protection: the member, or an operator (back office, CLI), who is audited too. */
type ChangeActor = { kind: 'member' } | Actor;

const actorOf = (actor: ChangeActor) => (actor.kind === 'member' ? 'member' : actorText(actor));

/** The use of each money limit in its current period. */
function usedOf(key: ProtectionLimitKey, play: repository.ProtectionRow['play'], deposits: Deposits): number | null {
  switch (key) {
    case 'depositDaily':
      return deposits.day;
    case 'depositWeekly':
      return deposits.week;
    case 'depositMonthly':
      return deposits.month;
    case 'lossDaily':
      return play.dayLoss;
    case 'lossWeekly':
      return play.weekLoss;
    case 'lossMonthly':
      return play.monthLoss;
    case 'wagerDaily':
      return play.dayWagered;
    case 'wagerWeekly':
      return play.weekWagered;
    case 'wagerMonthly':
      return play.monthWagered;
    default:
      return null;
  }
}

type Deposits = { day: number; week: number; month: number };

/** The end of a block of `months` calendar months from `from` (UTC). */
function addMonths(from: Date, months: number): Date {
  const end = new Date(from.getTime());
  end.setUTCMonth(end.getUTCMonth() + months);
  return end;
}

/** A time as the member reads it in the brand's time zone: 2026-12-04 18:30. */
export function formatLocal(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/**
 * Player protection (docs/decisions/0042-player-protection.md): a member's deposit, loss, wager, session and
 * reality-check limits, where a lowering takes effect at once and a raise or removal after 24 hours; time-outs
 * and self-exclusions, which end the member's sessions and are never shortened; every change in the member's
 * protection history (and an operator's in the audit trail too). The loss and wager limits are enforced by the
 * trigger on game_rounds inside the wallet's debit; deposits by `checkDeposit`, which the cashier calls.
 */
export class ProtectionService {
  constructor(
    private readonly db: Database,
    private readonly sessions: SessionService,
    private readonly audit: AuditService,
    private readonly clock: { now(): Date } = { now: () => new Date() },
  ) {}

  private sessionsEnded: ((memberId: number, reason: ProtectionBlockKind) => void) | undefined;

  /** Told after a block has ended a member's sessions: the realtime plugin closes their sockets, saying why. */
  setSessionsEndedListener(listener: (memberId: number, reason: ProtectionBlockKind) => void): void {
    this.sessionsEnded = listener;
  }

  /** The member's limits with their use and pending changes, and the block in force. */
  async getSettings(owner: ProtectionOwner): Promise<ProtectionSettings> {
    const now = this.clock.now();
    await this.applyDueIfAny(owner.memberId, now);
    const row = await repository.findProtection(this.db, owner.memberId, now);
    const pending = row ? await repository.findPending(this.db, owner.memberId) : [];
    const hasDepositLimit =
      row !== undefined &&
      (row.limits.depositDaily !== null || row.limits.depositWeekly !== null || row.limits.depositMonthly !== null);
    const deposits = hasDepositLimit
      ? await repository.sumDeposits(this.db, owner.memberId, row.timeZone, now)
      : { day: 0, week: 0, month: 0 };
    const block = await repository.findActiveBlock(this.db, owner.memberId, now);
    // Without a row the wallet keeps no totals for the member: what they played comes from their rounds.
    const play = row?.play ?? (await repository.sumPlayPeriods(this.db, owner, now));
    return {
      limits: PROTECTION_LIMITS.map((key) => {
        const waiting = pending.find((p) => p.key === key);
        return {
          key,
          value: row?.limits[key] ?? null,
          usedMinor: usedOf(key, play, deposits),
          pending: waiting ? { value: waiting.value, effectiveAt: waiting.effectiveAt.toISOString() } : null,
        };
      }),
      block: block ? toBlock(block) : null,
      changeDelayHours: PROTECTION_CHANGE_DELAY_HOURS,
    };
  }

  /**
   * Sets one limit. A new limit or a lower one takes effect at once (and drops a raise waiting); a higher one or a
   * removal waits 24 hours, replacing any change already waiting; the value in force again cancels what waits.
   */
  async setLimit(owner: ProtectionOwner, key: ProtectionLimitKey, value: number | null): Promise<ProtectionSettings> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await repository.createProtectionIfMissing(tx, owner);
      const row = await repository.findProtection(tx, owner.memberId, now, { forUpdate: true });
      if (!row) throw new Error('protection row missing after create');
      await this.applyDue(tx, row, now);
      const current = (await repository.findProtection(tx, owner.memberId, now))?.limits[key] ?? null;
      const entry = { memberId: owner.memberId, merchantId: row.merchantId, at: now, key, actor: 'member' };
      if (value === current) {
        if (await repository.deletePending(tx, owner.memberId, key)) {
          await repository.insertHistory(tx, {
            ...entry,
            action: 'cancelled',
            before: current,
            after: value,
            effectiveAt: now,
          });
        }
        return;
      }
      if (value !== null && (current === null || value < current)) {
        await repository.updateLimit(tx, owner.memberId, key, value);
        await repository.deletePending(tx, owner.memberId, key);
        const action = current === null ? 'set' : 'lowered';
        await repository.insertHistory(tx, { ...entry, action, before: current, after: value, effectiveAt: now });
        if (key === 'sessionMinutes') await this.sessions.capMemberSessions(owner.memberId, value * 60, tx);
        return;
      }
      const effectiveAt = new Date(now.getTime() + DELAY_MS);
      await repository.upsertPending(tx, owner.memberId, { key, value, requestedAt: now, effectiveAt });
      const action = value === null ? 'removeRequested' : 'raiseRequested';
      await repository.insertHistory(tx, { ...entry, action, before: current, after: value, effectiveAt });
    });
    return this.getSettings(owner);
  }

  /** The member's own time-out: signed out everywhere at once, no sign-in until it ends. */
  takeTimeOut(owner: ProtectionOwner, days: number): Promise<ProtectionBlock> {
    const now = this.clock.now();
    return this.block(owner, 'timeOut', now, new Date(now.getTime() + days * DAY_MS), { kind: 'member' }, days);
  }

  /** The member's own self-exclusion: signed out everywhere at once, no sign-in or marketing until it ends. */
  selfExclude(owner: ProtectionOwner, months: number): Promise<ProtectionBlock> {
    const now = this.clock.now();
    return this.block(owner, 'selfExclusion', now, addMonths(now, months), { kind: 'member' }, months);
  }

  /** Refuses a sign-in while a time-out or self-exclusion is in force, saying until when (the brand's time). */
  async assertMaySignIn(merchant: { id: number; timeZone: string }, memberId: number): Promise<void> {
    const block = await repository.findActiveBlock(this.db, memberId, this.clock.now());
    if (!block) return;
    const code = block.kind === 'timeOut' ? 'PROTECTION_TIMED_OUT' : 'PROTECTION_SELF_EXCLUDED';
    throw new AppError(
      code,
      { until: block.endsAt.toISOString() },
      { params: { until: formatLocal(block.endsAt, merchant.timeZone) } },
    );
  }

  /** After a sign-in, in its transaction: its session ends by the member's session limit. */
  async afterSignIn(memberId: number, executor: Executor): Promise<void> {
    const row = await repository.findProtection(executor, memberId, this.clock.now());
    const minutes = row?.limits.sessionMinutes ?? null;
    if (minutes !== null) await this.sessions.capMemberSessions(memberId, minutes * 60, executor);
  }

  /**
   * Refuses a deposit that would take the member's deposits of the brand's day, ISO week or month past a deposit
   * limit (PROTECTION_DEPOSIT_LIMIT, with `remainingMinor`), or one while a time-out or exclusion is in force.
   * Deposits are the ledger's `deposit` movements, and `openMinor`: what the member's open orders would bring in.
   */
  async checkDeposit(owner: ProtectionOwner, amountMinor: number, openMinor = 0): Promise<void> {
    const now = this.clock.now();
    await this.applyDueIfAny(owner.memberId, now);
    const block = await repository.findActiveBlock(this.db, owner.memberId, now);
    if (block) throw new AppError('PROTECTION_DEPOSIT_LIMIT', { remainingMinor: 0 });
    const row = await repository.findProtection(this.db, owner.memberId, now);
    if (!row) return;
    const { depositDaily, depositWeekly, depositMonthly } = row.limits;
    if (depositDaily === null && depositWeekly === null && depositMonthly === null) return;
    const used = await repository.sumDeposits(this.db, owner.memberId, row.timeZone, now);
    const room = [
      depositDaily === null ? Infinity : depositDaily - used.day,
      depositWeekly === null ? Infinity : depositWeekly - used.week,
      depositMonthly === null ? Infinity : depositMonthly - used.month,
    ];
    const remainingMinor = Math.max(0, Math.min(...room) - openMinor);
    if (amountMinor > remainingMinor) throw new AppError('PROTECTION_DEPOSIT_LIMIT', { remainingMinor });
  }

  /** The session's time played and net result since it signed in, for the reality check. */
  async realityCheck(owner: ProtectionOwner, sessionId: number): Promise<RealityCheck> {
    const now = this.clock.now();
    const session = await this.sessions.findSessionTimes(owner.memberId, sessionId);
    if (!session) throw new AppError('NOT_LOGGED_IN');
    const row = await repository.findProtection(this.db, owner.memberId, now);
    const play = await repository.sumPlaySince(this.db, owner.memberId, session.signedInAt);
    const sessionMinutes = row?.limits.sessionMinutes ?? null;
    return {
      intervalMinutes: row?.limits.realityCheckMinutes ?? null,
      sessionStartedAt: session.signedInAt.toISOString(),
      playedSeconds: Math.max(0, Math.floor((now.getTime() - session.signedInAt.getTime()) / 1000)),
      stakeMinor: play.stake,
      winMinor: play.win,
      netMinor: play.win - play.stake,
      sessionEndsAt: sessionMinutes === null ? null : session.expiresAt.toISOString(),
    };
  }

  /** A player's protection and its history, for the back office. */
  async getForPlayer(merchantId: number, memberId: number): Promise<PlayerProtection> {
    const money = await repository.findBrandMemberCurrency(this.db, memberId, merchantId);
    if (!money) throw new AppError('PROTECTION_PLAYER_NOT_FOUND');
    const settings = await this.getSettings({ memberId, merchantId });
    const history = await repository.findHistory(this.db, memberId, HISTORY_LIMIT);
    const items = history.map((row) => ({
      ...row,
      action: row.action as PlayerProtection['history'][number]['action'],
    }));
    return { ...money, settings, history: items };
  }

  /** An operator's time-out or self-exclusion of a player: only ever lengthens the one in force; audited. */
  blockByOperator(
    actor: Actor,
    owner: ProtectionOwner,
    request: PlayerProtectionBlockRequest,
  ): Promise<ProtectionBlock> {
    const now = this.clock.now();
    const endsAt =
      request.kind === 'timeOut' ? new Date(now.getTime() + request.days * DAY_MS) : addMonths(now, request.months);
    const length = request.kind === 'timeOut' ? request.days : request.months;
    return this.block(owner, request.kind, now, endsAt, actor, length);
  }

  /** Applies every raise and removal whose 24 hours are over (the housekeeping job); answers how many members. */
  async applyAllDue(): Promise<number> {
    const now = this.clock.now();
    const members = await repository.findMembersWithDuePending(this.db, now, DUE_BATCH);
    for (const memberId of members) await this.applyDueIfAny(memberId, now);
    return members.length;
  }

  private async block(
    owner: ProtectionOwner,
    kind: ProtectionBlockKind,
    startsAt: Date,
    endsAt: Date,
    actor: ChangeActor,
    /** Days of a time-out, months of a self-exclusion: the history's `after`. */
    length: number,
  ): Promise<ProtectionBlock> {
    await this.db.transaction(async (tx) => {
      if (!(await repository.lockMember(tx, owner.memberId, owner.merchantId))) {
        throw new AppError('PROTECTION_PLAYER_NOT_FOUND');
      }
      const current = await repository.findActiveBlock(tx, owner.memberId, startsAt);
      if (current && current.endsAt.getTime() >= endsAt.getTime()) throw new AppError('PROTECTION_BLOCK_SHORTER');
      const by = actorOf(actor);
      await repository.insertBlock(tx, { ...owner, kind, startsAt, endsAt, actor: by });
      await repository.insertHistory(tx, {
        ...owner,
        at: startsAt,
        key: kind,
        action: 'blocked',
        before: null,
        after: length,
        effectiveAt: endsAt,
        actor: by,
      });
      if (actor.kind !== 'member') {
        await this.audit.record(tx, {
          actor,
          merchantId: owner.merchantId,
          action: `protection.${kind}`,
          targetType: 'member',
          targetId: owner.memberId,
          before: current ? { kind: current.kind, until: current.endsAt.toISOString() } : null,
          after: { kind, until: endsAt.toISOString() },
        });
      }
      await this.sessions.endAllForProtection(owner.memberId, kind, tx);
    });
    this.sessionsEnded?.(owner.memberId, kind);
    return { kind, startedAt: startsAt.toISOString(), until: endsAt.toISOString() };
  }

  /** Applies the member's due changes when there are any (a read needs no transaction otherwise). */
  private async applyDueIfAny(memberId: number, now: Date): Promise<void> {
    const pending = await repository.findPending(this.db, memberId);
    if (!pending.some((p) => p.effectiveAt.getTime() <= now.getTime())) return;
    await this.db.transaction(async (tx) => {
      const row = await repository.findProtection(tx, memberId, now, { forUpdate: true });
      if (row) await this.applyDue(tx, row, now);
    });
  }

  /** In the caller's transaction, with the member's row locked: each change whose 24 hours are over. */
  private async applyDue(tx: Executor, row: repository.ProtectionRow, now: Date): Promise<void> {
    for (const change of await repository.findPending(tx, row.memberId)) {
      if (change.effectiveAt.getTime() > now.getTime()) continue;
      await repository.updateLimit(tx, row.memberId, change.key, change.value);
      await repository.deletePending(tx, row.memberId, change.key);
      await repository.insertHistory(tx, {
        memberId: row.memberId,
        merchantId: row.merchantId,
        at: change.effectiveAt,
        key: change.key,
        action: 'applied',
        before: row.limits[change.key],
        after: change.value,
        effectiveAt: change.effectiveAt,
        actor: 'system',
      });
    }
  }
}

function toBlock(block: repository.BlockRow): ProtectionBlock {
  return { kind: block.kind, startedAt: block.startsAt.toISOString(), until: block.endsAt.toISOString() };
}
