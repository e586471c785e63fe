import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { HouseConfig } from '../config';
import * as repository from './crash.repository';

const DEFAULT_LEASE_MS = 10_000;

/** What the holder of the lease does on winning it and on losing it. */
export interface CrashLeaseHandlers {
  /** This instance took the lease: it runs the round loop from now on. */
  lead(): Promise<void>;
  /** Another instance holds the lease now (this one missed its renewals): its loop must stop at once. */
  lose(): void;
}

/**
 * The leader's lease: a row in `house.crash_leader`, taken or renewed every third of `leaseMs`. A row, not
 * an advisory lock, because the embedded PGlite has one session for every user of the handle.
 */
export class CrashLease {
  /** This instance's name in the lease row. */
  readonly instanceId = randomUUID();
  private leader = false;
  private isContending = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly config: HouseConfig,
    private readonly log: FastifyBaseLogger,
    private readonly handlers: CrashLeaseHandlers,
  ) {}

  /** True while this instance holds the lease and runs the loop; the others take bets for its next game. */
  get isLeader(): boolean {
    return this.leader;
  }

  private get leaseMs(): number {
    return this.config.crash.leaseMs ?? DEFAULT_LEASE_MS;
  }

  /** Contends once, then keeps renewing (or trying) in the background. */
  async start(): Promise<void> {
    await this.contend();
    this.timer = setInterval(
      () => {
        this.contend().catch((error: unknown) => this.log.error({ err: error }, 'crash lease failed'));
      },
      Math.max(50, Math.floor(this.leaseMs / 3)),
    );
    this.timer.unref();
  }

  /** Stops renewing and gives the lease up at once, if held: the next leader need not wait for it to expire. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const wasLeader = this.leader;
    this.leader = false;
    if (wasLeader) await repository.releaseLease(this.config.database.db, this.instanceId).catch(() => undefined);
  }

  /** Takes or renews the lease; leads on winning it and stops leading on losing it. */
  private async contend(): Promise<void> {
    if (this.isContending) return;
    this.isContending = true;
    try {
      const held = await repository.takeLease(this.config.database.db, this.instanceId, this.leaseMs);
      if (held && !this.leader) {
        this.leader = true;
        await this.handlers.lead();
      } else if (!held && this.leader) {
        // Two loops must never run.
        this.log.warn('crash lease lost: this instance stops its loop');
        this.leader = false;
        this.handlers.lose();
      }
    } finally {
      this.isContending = false;
    }
  }
}
