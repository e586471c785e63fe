import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { HouseConfig } from '../config';
import type { DatabaseChannels } from '../db/channels';
import { HouseError, isHouseErrorCode } from '../errors';
import type { HouseSession } from '../players/players.service';
import * as repository from './crash.repository';
import type { BetInput, BetSlot, CrashDecider, CrashInstance } from './crash-shared';

/** A bet or a manual cash-out a follower got, sent on to the leader. */
export type ForwardedRequest =
  { op: 'bet'; session: HouseSession; input: BetInput } | { op: 'cashout'; playerRef: number; slot: BetSlot };

/** The bets and manual cash-outs a follower received, sent on to the leader, and the leader's answers. */
const REQUEST_CHANNEL = 'house_crash_request';
const ANSWER_CHANNEL = 'house_crash_answer';
/** How long a follower waits for the leader's answer before it tries to give the request up. */
const FORWARDED_TIMEOUT_MS = 5_000;
/** How much longer it waits once it finds the leader took the request: it is being decided. */
const FORWARDED_TAKEN_WAIT_MS = 25_000;

/**
 * A follower's bets and manual cash-outs, decided by the leader (decision 0016). Each request has one
 * fate, settled by a row in `house.crash_forwarded`: the leader writes it `taken` before it acts, a
 * follower with no answer in time writes it `abandoned`, and the first write wins.
 */
export class CrashForwarding {
  /** On a follower: requests sent on to the leader, by request id, until its answer. */
  private readonly forwarded = new Map<
    string,
    {
      resolve: (answer: unknown) => void;
      reject: (error: HouseError) => void;
      timer: NodeJS.Timeout | undefined;
      /** Called once the request is answered or failed: a stop waiting on a taken request ends then. */
      onDone: (() => void)[];
    }
  >();

  constructor(
    private readonly config: HouseConfig,
    private readonly log: FastifyBaseLogger,
    private readonly instance: CrashInstance,
    /** The instance's channels while they are open. */
    private readonly channels: () => DatabaseChannels | null,
    /** The leader's own round loop, which decides what it is sent. */
    private readonly decider: CrashDecider,
  ) {}

  private get db() {
    return this.config.database.db;
  }

  async listen(channels: DatabaseChannels): Promise<void> {
    await channels.listen(REQUEST_CHANNEL, (payload) => {
      this.onForwarded(payload).catch((error: unknown) =>
        this.log.error({ err: error }, 'forwarded crash request failed'),
      );
    });
    await channels.listen(ANSWER_CHANNEL, (payload) => this.onAnswer(payload));
  }

  /** On the leader, as it opens a game: rows older than an hour go. */
  deleteOld(): void {
    if (!this.channels()) return;
    repository
      .deleteOldForwarded(this.db)
      .catch((error: unknown) => this.log.warn({ err: error }, 'old forwarded crash requests not deleted'));
  }

  /**
   * Sends a request on to the leader and waits for its answer. With no answer in time, the follower
   * gives the request up (`giveUpForwarded`).
   */
  forward<T>(channels: DatabaseChannels, request: ForwardedRequest): Promise<T> {
    const requestId = randomUUID();
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => void this.giveUpForwarded(requestId),
        this.config.crash.forwardTimeoutMs ?? FORWARDED_TIMEOUT_MS,
      );
      this.forwarded.set(requestId, { resolve: (answer) => resolve(answer as T), reject, timer, onDone: [] });
      channels
        .notify(REQUEST_CHANNEL, JSON.stringify({ requestId, from: this.instance.instanceId, request }))
        .catch(() => this.failForwarded(requestId));
    });
  }

  /** At a stop: what still waits on the leader is given up, or, where the leader took it, answered first. */
  async giveUpAll(): Promise<void> {
    await Promise.all([...this.forwarded.keys()].map((requestId) => this.giveUpForwarded(requestId)));
  }

  /**
   * Claims a forwarded request as abandoned: then the leader will never make it, and the player is told
   * so. If the leader claimed it first, it is being decided, and the follower waits longer for the answer.
   * Resolves once the request is answered or failed.
   */
  private async giveUpForwarded(requestId: string): Promise<void> {
    const waiting = this.forwarded.get(requestId);
    if (!waiting) return;
    clearTimeout(waiting.timer);
    waiting.timer = undefined;
    let abandoned: boolean;
    try {
      abandoned = await repository.claimForwarded(this.db, requestId, 'abandoned');
    } catch (error) {
      this.log.warn({ err: error }, 'forwarded crash request not given up');
      this.failForwarded(requestId);
      return;
    }
    if (!this.forwarded.has(requestId)) return; // answered meanwhile
    if (abandoned) {
      this.failForwarded(requestId);
      return;
    }
    await new Promise<void>((done) => {
      waiting.onDone.push(done);
      clearTimeout(waiting.timer);
      waiting.timer = setTimeout(() => this.failForwarded(requestId), FORWARDED_TAKEN_WAIT_MS);
    });
  }

  /** Tells the player a forwarded request could not be decided. */
  private failForwarded(requestId: string): void {
    const waiting = this.forwarded.get(requestId);
    if (!waiting) return;
    clearTimeout(waiting.timer);
    this.forwarded.delete(requestId);
    waiting.reject(new HouseError('HOUSE_CRASH_UNAVAILABLE'));
    for (const done of waiting.onDone) done();
  }

  /** On the leader: a bet or cash-out a follower got, decided here, answered to that follower. */
  private async onForwarded(payload: string): Promise<void> {
    const channels = this.channels();
    if (!this.instance.isLeader || !channels) return;
    const { requestId, from, request } = JSON.parse(payload) as {
      requestId: string;
      from: string;
      request: ForwardedRequest;
    };
    // The follower gave up on it and told the player: it is never made.
    if (!(await repository.claimForwarded(this.db, requestId, 'taken'))) return;
    const work =
      request.op === 'bet'
        ? this.decider.placeBet(request.session, request.input)
        : this.decider.cashOut(request.playerRef, request.slot);
    const answer = await work.then(
      (value) => ({ value }),
      (error: unknown) =>
        error instanceof HouseError
          ? { code: error.code, ...(error.value === undefined ? {} : { errorValue: error.value }) }
          : { code: 'HOUSE_SYSTEM_ERROR' },
    );
    await channels
      .notify(ANSWER_CHANNEL, JSON.stringify({ requestId, to: from, ...answer }))
      .catch((error: unknown) => this.log.warn({ err: error }, 'crash answer not sent'));
  }

  private onAnswer(payload: string): void {
    const answer = JSON.parse(payload) as {
      requestId: string;
      to: string;
      value?: unknown;
      code?: string;
      errorValue?: unknown;
    };
    if (answer.to !== this.instance.instanceId) return;
    const waiting = this.forwarded.get(answer.requestId);
    if (!waiting) return;
    clearTimeout(waiting.timer);
    this.forwarded.delete(answer.requestId);
    if (answer.code === undefined) waiting.resolve(answer.value);
    else
      waiting.reject(
        isHouseErrorCode(answer.code)
          ? new HouseError(answer.code, answer.errorValue)
          : new HouseError('HOUSE_SYSTEM_ERROR'),
      );
    for (const done of waiting.onDone) done();
  }
}
