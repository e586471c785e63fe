import type { Database } from '../../db/client';
import * as repository from './auth.repository';

/** Guests are removed this long after they expire, so a trial round in flight can finish first. */
export const GUEST_GRACE_SECONDS = 15 * 60;
/** Guests removed per transaction: a long backlog is cleared in short steps that hold few locks. */
export const GUEST_BATCH = 200;

/** Free-play guests after their expiry: the account, its sessions and its play money go. */
export class GuestService {
  constructor(private readonly db: Database) {}

  /**
   * Removes every guest expired longer than the grace; answers how many went and how many stay (a
   * guest with a real-money record is kept for an operator to look at).
   */
  async removeExpired(
    options: { graceSeconds?: number; batch?: number } = {},
  ): Promise<{ removed: number; kept: number }> {
    const graceSeconds = options.graceSeconds ?? GUEST_GRACE_SECONDS;
    const limit = options.batch ?? GUEST_BATCH;
    let removed = 0;
    for (;;) {
      const step = await this.db.transaction((tx) => repository.deleteExpiredGuests(tx, { graceSeconds, limit }));
      removed += step;
      if (step < limit) break;
    }
    return { removed, kept: await repository.countStuckGuests(this.db, graceSeconds) };
  }
}
