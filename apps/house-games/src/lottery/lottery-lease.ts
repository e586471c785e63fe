import { randomUUID } from 'node:crypto';
import type { HouseDatabase } from '../db/database';
import * as repository from './lottery.repository';

/**
 * The draw loop's lease: the row of `house.lottery_leader`, as crash-lease.ts's is the crash loop's (a row, not an
 * advisory lock: the embedded PGlite has one session for every user of the handle). The loop takes or renews it at
 * the start of every pass and works only while it holds it, so one instance schedules, draws and settles; another
 * takes over once the holder has stopped renewing it for `leaseMs`. Settling stays safe without it (each slip's
 * status and the wallet's idempotency pay a slip once): the lease keeps two instances from doing the work twice.
 */
export class LotteryLease {
  readonly instanceId = randomUUID();
  private held = false;

  constructor(
    private readonly database: HouseDatabase,
    private readonly leaseMs: number,
  ) {}

  get isLeader(): boolean {
    return this.held;
  }

  /** Takes or renews the lease; true while this instance holds it. */
  async hold(): Promise<boolean> {
    this.held = await repository.takeLease(this.database.db, this.instanceId, this.leaseMs);
    return this.held;
  }

  /** Gives the lease up at once, so the next leader need not wait for it to expire. */
  async release(): Promise<void> {
    const wasHeld = this.held;
    this.held = false;
    if (wasHeld) await repository.releaseLease(this.database.db, this.instanceId).catch(() => undefined);
  }
}
