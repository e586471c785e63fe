import type {
  BoCreateMissionRequest,
  BoMission,
  BoMissionListQuery,
  BoMissionPage,
  BoUpdateMissionRequest,
  ClaimMissionResult,
  GameType,
  MissionItem,
  MissionState,
  MissionSummary,
  TranslatedLanguage,
} from '@parlay/contract';
import { MISSION_LIMITS } from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { addDays, localDay } from '../../lib/calendar';
import type { Actor, AuditService } from '../audit/index';
import type { FeedBatch, FeedConsumer, SettlementFeedService } from '../settlement-feed/index';
import type { WalletService } from '../wallet/index';
import * as repository from './missions.repository';

/** Missions' checkpoint in the settlement feed. */
export const MISSIONS_CONSUMER = 'missions';

/** A brand as missions need it. */
export interface MissionBrand {
  id: number;
  brand: { currency: string; currencyExponent: number; timeZone: string };
}

/** A member of a brand: whose missions. */
export interface MissionOwner {
  merchantId: number;
  memberId: number;
}

export { addDays, localDay };

/**
 * The period of a mission holding the brand's day `today`, as the feed's and the sign-in's SQL place it
 * (missions.repository.ts): a day, its week from Monday, or the campaign (its start's day to its end's).
 */
export function periodOf(
  mission: Pick<repository.MissionRow, 'period' | 'startsAt' | 'endsAt'>,
  today: string,
  timeZone: string,
): { start: string; end: string | null } {
  switch (mission.period) {
    case 'daily':
      return { start: today, end: today };
    case 'weekly': {
      const start = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
      return { start, end: addDays(start, 6) };
    }
    case 'campaign':
      return {
        start: localDay(new Date(mission.startsAt ?? 0), timeZone),
        // The end instant is excluded: its last day is the day of the moment before it.
        end: mission.endsAt === null ? null : localDay(new Date(Date.parse(mission.endsAt) - 1), timeZone),
      };
  }
}

/**
 * The progress a member sees: a sign-in streak whose last day is before yesterday is broken (the next sign-in starts
 * it again at 1), unless it reached its target, which keeps it for the claim.
 */
export function effectiveProgress(
  mission: Pick<repository.MissionRow, 'goal' | 'target'>,
  row: Pick<repository.ProgressRow, 'progress' | 'lastDay' | 'completedAt' | 'claimedAt'> | undefined,
  today: string,
): number {
  if (!row) return 0;
  if (mission.goal !== 'signin' || row.completedAt !== null || row.claimedAt !== null) return row.progress;
  return row.lastDay !== null && row.lastDay >= addDays(today, -1) ? row.progress : 0;
}

/** A mission's state for the member at `now` (docs/product/member-centre.md's activity states). */
export function stateOf(
  mission: Pick<repository.MissionRow, 'goal' | 'target' | 'startsAt' | 'endsAt'>,
  row: repository.ProgressRow | undefined,
  now: Date,
  today: string,
): MissionState {
  if (mission.startsAt !== null && Date.parse(mission.startsAt) > now.getTime()) return 'coming_soon';
  if (mission.endsAt !== null && Date.parse(mission.endsAt) <= now.getTime()) return 'close';
  if (row?.claimedAt) return 'claimed';
  if (effectiveProgress(mission, row, today) >= mission.target) return 'claim';
  if (mission.goal === 'signin' && row?.lastDay === today) return 'signed';
  return 'in_process';
}

const STATE_ORDER: Record<MissionState, number> = {
  claim: 0,
  in_process: 1,
  signed: 2,
  claimed: 3,
  coming_soon: 4,
  close: 5,
};

/** The wallet key of a mission's reward in a period: its movement's, once. */
export function rewardKey(missionId: number, memberId: number, periodStart: string): string {
  return `mission:${missionId}:${memberId}:${periodStart}`;
}

/**
 * Missions' progress from the settlement feed (decision 0054): each batch's settled rounds and deposits add to the
 * members' rows of the missions' periods, set-based, in the batch's transaction, which moves the checkpoint too: an
 * event counts once across instances and restarts.
 */
export class MissionsFeedConsumer implements FeedConsumer {
  readonly name = MISSIONS_CONSUMER;

  async apply(tx: Executor, batch: FeedBatch): Promise<void> {
    if (!batch.events.some((event) => event.kind === 'round' || event.kind === 'deposit')) return;
    await repository.progressBatch(tx, batch.after, batch.last);
  }
}

/**
 * Missions (missionLeaderboard; decision 0054): a brand's tasks counted per member in a period of its calendar; a
 * completed period's reward claimed by the member and paid once into the main balance by its key
 * mission:<missionId>:<memberId>:<periodStart> (wallet kind `mission`), with the row marked claimed in the same
 * transaction; the back office's missions, audited.
 */
export class MissionService {
  readonly feedConsumer = new MissionsFeedConsumer();

  constructor(
    private readonly db: Database,
    private readonly wallet: WalletService,
    private readonly feed: SettlementFeedService,
    private readonly audit: AuditService,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Applies what settled since missions' checkpoint (its feed job calls it). */
  consumeFeed(options: { maxBatches?: number; batchSize?: number } = {}) {
    return this.feed.consume(this.feedConsumer, options);
  }

  /**
   * Counts a member's sign-in (the sign-in path calls it after the session is created, in its transaction): once a
   * brand day for each running sign-in mission. Guests of free play count nothing.
   */
  async signedIn(
    executor: Executor,
    member: { merchantId: number; memberId: number; isFreePlay: boolean },
    timeZone: string,
  ): Promise<void> {
    if (member.isFreePlay) return;
    const now = this.clock();
    await repository.countSignIn(executor, {
      merchantId: member.merchantId,
      memberId: member.memberId,
      today: localDay(now, timeZone),
      timeZone,
      now,
    });
  }

  private toItem(
    mission: repository.MissionRow,
    row: repository.ProgressRow | undefined,
    language: TranslatedLanguage,
    now: Date,
    timeZone: string,
  ): MissionItem {
    const today = localDay(now, timeZone);
    const period = periodOf(mission, today, timeZone);
    return {
      id: mission.id,
      code: mission.code,
      title: language === 'KO' ? mission.titleKo : mission.titleEn,
      summary: language === 'KO' ? mission.summaryKo : mission.summaryEn,
      goal: mission.goal,
      gameType: (mission.gameType as GameType | null) ?? null,
      target: mission.target,
      progress: effectiveProgress(mission, row, today),
      period: mission.period,
      periodStart: period.start,
      periodEnd: period.end,
      rewardMinor: mission.rewardMinor,
      state: stateOf(mission, row, now, today),
      startsAt: mission.startsAt,
      endsAt: mission.endsAt,
      claimedAt: row?.claimedAt ?? null,
    };
  }

  /** GET /wps/relay/MCSFE_getMissionSummaryDetails: the brand's active missions with the member's current periods. */
  async summary(owner: MissionOwner, merchant: MissionBrand, language: TranslatedLanguage): Promise<MissionSummary> {
    const { timeZone, currency, currencyExponent } = merchant.brand;
    const now = this.clock();
    const today = localDay(now, timeZone);
    const missions = await repository.findActiveMissions(this.db, merchant.id);
    const periods = missions.map((mission) => ({
      missionId: mission.id,
      periodStart: periodOf(mission, today, timeZone).start,
    }));
    const rows = await repository.findProgress(this.db, owner.memberId, periods);
    const rowOf = new Map(rows.map((row) => [`${row.missionId}:${row.periodStart}`, row]));
    const items = missions
      .map((mission, index) =>
        this.toItem(mission, rowOf.get(`${mission.id}:${periods[index]!.periodStart}`), language, now, timeZone),
      )
      .sort((a, b) => STATE_ORDER[a.state] - STATE_ORDER[b.state] || a.id - b.id);
    return {
      readyCount: items.filter((item) => item.state === 'claim').length,
      currency,
      currencyExponent,
      timeZone,
      items,
    };
  }

  /**
   * The member's claim of a mission's current period: its row locked, the state checked (MISSION_ALREADY_CLAIMED,
   * MISSION_NOT_COMPLETE), the reward credited by its key and the row marked claimed, in one transaction; parallel
   * claims wait on the row and find it claimed. A refusal writes nothing.
   */
  async claim(
    owner: MissionOwner,
    merchant: MissionBrand,
    missionId: number,
    language: TranslatedLanguage,
  ): Promise<ClaimMissionResult> {
    const { timeZone, currency } = merchant.brand;
    const walletOwner = { ...owner, currency };
    const now = this.clock();
    const today = localDay(now, timeZone);
    const outcome = await this.db.transaction(async (tx) => {
      const mission = await repository.findMission(tx, owner.merchantId, missionId);
      if (!mission || !mission.active) throw new AppError('MISSION_NOT_FOUND');
      const periodStart = periodOf(mission, today, timeZone).start;
      const row = await repository.lockProgress(tx, mission.id, owner.memberId, periodStart);
      const state = stateOf(mission, row, now, today);
      if (state === 'claimed') throw new AppError('MISSION_ALREADY_CLAIMED');
      if (state !== 'claim' || !row) throw new AppError('MISSION_NOT_COMPLETE');
      const posted = await this.wallet.credit(tx, {
        ...walletOwner,
        amountMinor: mission.rewardMinor,
        kind: 'mission',
        idempotencyKey: rewardKey(mission.id, owner.memberId, periodStart),
        reason: `Mission ${mission.code} ${periodStart}`,
      });
      const claimed = await repository.markClaimed(tx, {
        missionId: mission.id,
        memberId: owner.memberId,
        periodStart,
        rewardMinor: mission.rewardMinor,
        movementId: posted.movementId,
      });
      return { mission, row: claimed, balanceMinor: posted.balanceAfterMinor };
    });
    this.wallet.announce(walletOwner, await this.wallet.getBalance(walletOwner));
    return {
      mission: this.toItem(outcome.mission, outcome.row, language, now, timeZone),
      amountMinor: outcome.mission.rewardMinor,
      balanceMinor: outcome.balanceMinor,
    };
  }

  private async toBoMissions(merchant: MissionBrand, missions: repository.MissionRow[]): Promise<BoMission[]> {
    const { timeZone } = merchant.brand;
    const today = localDay(this.clock(), timeZone);
    const periods = missions.map((mission) => ({
      missionId: mission.id,
      periodStart: periodOf(mission, today, timeZone).start,
    }));
    const stats = new Map(
      (await repository.findPeriodStats(this.db, periods)).map((row) => [row.missionId, row] as const),
    );
    return missions.map((mission, index) => {
      const figures = stats.get(mission.id);
      return {
        id: mission.id,
        code: mission.code,
        titleKo: mission.titleKo,
        titleEn: mission.titleEn,
        summaryKo: mission.summaryKo,
        summaryEn: mission.summaryEn,
        goal: mission.goal,
        gameType: (mission.gameType as GameType | null) ?? null,
        target: mission.target,
        period: mission.period,
        rewardMinor: mission.rewardMinor,
        startsAt: mission.startsAt,
        endsAt: mission.endsAt,
        active: mission.active,
        version: mission.version,
        createdAt: mission.createdAt,
        updatedAt: mission.updatedAt,
        current: {
          periodStart: periods[index]!.periodStart,
          inProgress: figures?.inProgress ?? 0,
          completed: figures?.completed ?? 0,
          claimed: figures?.claimed ?? 0,
          rewardPaidMinor: figures?.rewardPaidMinor ?? 0,
        },
      };
    });
  }

  private async boMission(merchant: MissionBrand, missionId: number): Promise<BoMission> {
    const mission = await repository.findMission(this.db, merchant.id, missionId);
    if (!mission) throw new AppError('MISSION_NOT_FOUND');
    return (await this.toBoMissions(merchant, [mission]))[0]!;
  }

  /** The brand's missions, newest first (keyset by id), each with its current period's figures. */
  async boMissions(merchant: MissionBrand, query: BoMissionListQuery): Promise<BoMissionPage> {
    const rows = await repository.findMissions(this.db, merchant.id, {
      ...(query.active === undefined ? {} : { active: query.active }),
      beforeId: parseIdCursor(query.cursor),
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    return {
      items: await this.toBoMissions(merchant, page),
      nextCursor: rows.length > query.limit ? String(page.at(-1)!.id) : null,
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
      timeZone: merchant.brand.timeZone,
    };
  }

  async create(actor: Actor, merchant: MissionBrand, request: BoCreateMissionRequest): Promise<BoMission> {
    checkMission(request.goal, request);
    const id = await this.db.transaction(async (tx) => {
      const id = await repository.insertMission(tx, { merchantId: merchant.id, ...request });
      if (id === undefined) throw new AppError('MISSION_CODE_TAKEN');
      await this.audit.record(tx, {
        actor,
        merchantId: merchant.id,
        action: 'missions.create',
        targetType: 'mission',
        targetId: request.code,
        after: request,
      });
      return id;
    });
    return this.boMission(merchant, id);
  }

  async update(
    actor: Actor,
    merchant: MissionBrand,
    missionId: number,
    request: BoUpdateMissionRequest,
  ): Promise<BoMission> {
    const before = await repository.findMission(this.db, merchant.id, missionId);
    if (!before) throw new AppError('MISSION_NOT_FOUND');
    const { version, ...fields } = request;
    checkMission(before.goal, fields);
    await this.save(actor, merchant, before, version, fields, 'missions.update');
    return this.boMission(merchant, missionId);
  }

  async deactivate(actor: Actor, merchant: MissionBrand, missionId: number, version: number): Promise<BoMission> {
    const before = await repository.findMission(this.db, merchant.id, missionId);
    if (!before) throw new AppError('MISSION_NOT_FOUND');
    await this.save(actor, merchant, before, version, { ...fieldsOf(before), active: false }, 'missions.deactivate');
    return this.boMission(merchant, missionId);
  }

  private async save(
    actor: Actor,
    merchant: MissionBrand,
    before: repository.MissionRow,
    version: number,
    fields: repository.MissionFields,
    action: string,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!(await repository.updateMission(tx, merchant.id, before.id, version, fields))) {
        throw new AppError('BO_CHANGED_SINCE_OPENED');
      }
      await this.audit.record(tx, {
        actor,
        merchantId: merchant.id,
        action,
        targetType: 'mission',
        targetId: before.code,
        before: { ...fieldsOf(before), version: before.version },
        after: fields,
      });
    });
  }
}

function fieldsOf(mission: repository.MissionRow): repository.MissionFields {
  return {
    titleKo: mission.titleKo,
    titleEn: mission.titleEn,
    summaryKo: mission.summaryKo,
    summaryEn: mission.summaryEn,
    gameType: mission.gameType,
    target: mission.target,
    period: mission.period,
    rewardMinor: mission.rewardMinor,
    startsAt: mission.startsAt,
    endsAt: mission.endsAt,
    active: mission.active,
  };
}

/**
 * A mission's fields fit together (else MISSION_INVALID with the reason): a campaign has a start, an end follows the
 * start, a game type only on rounds and wager, a sign-in target within a year of days.
 */
function checkMission(goal: repository.MissionRow['goal'], fields: repository.MissionFields): void {
  const refuse = (reason: string) => {
    throw new AppError('MISSION_INVALID', { reason });
  };
  if (fields.period === 'campaign' && fields.startsAt === null) refuse('a campaign needs startsAt');
  if (fields.startsAt !== null && fields.endsAt !== null && Date.parse(fields.endsAt) <= Date.parse(fields.startsAt)) {
    refuse('endsAt must follow startsAt');
  }
  if (fields.gameType !== null && goal !== 'rounds' && goal !== 'wager') refuse('a game type is for rounds and wager');
  if (goal === 'signin' && fields.target > MISSION_LIMITS.signinTargetMax) {
    refuse(`a sign-in target is at most ${MISSION_LIMITS.signinTargetMax} days`);
  }
}

function parseIdCursor(cursor: string | undefined): number | null {
  if (cursor === undefined) return null;
  const id = Number(cursor);
  if (!/^\d{1,18}$/.test(cursor) || !Number.isSafeInteger(id) || id <= 0) {
    throw new AppError('VALIDATION_FAILED', { issues: [{ path: 'cursor', message: 'not a cursor of this list' }] });
  }
  return id;
}
