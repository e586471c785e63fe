import { Chaos, type ChaosSettings, type DeliveryPlan } from './chaos';
import { SANDBOX_HEADERS, callbackSigningText, sign, timestampOf } from './signature';
import type { SandboxTime } from './time';

/** The answer that tells the sandbox a callback arrived: HTTP 200 with the body `OK` (spaces around aside). */
export const ACKNOWLEDGEMENT_BODY = 'OK';

export type SandboxEvent =
  | {
      eventId: string;
      type: 'deposit';
      orderNo: string;
      providerRef: string;
      status: 'paid' | 'failed' | 'expired';
      amountMinor: number;
      currency: string;
      occurredAt: string;
    }
  | {
      eventId: string;
      type: 'payout';
      payoutNo: string;
      providerRef: string;
      status: 'paid' | 'failed';
      reason: string | null;
      amountMinor: number;
      currency: string;
      occurredAt: string;
    };

/** How a callback reaches the platform: fetch by default; a test may hand it to an app's inject instead. */
export type CallbackTransport = (
  url: string,
  request: { headers: Record<string, string>; body: string; timeoutMs: number },
) => Promise<{ status: number; body: string }>;

export const fetchTransport: CallbackTransport = async (url, { headers, body, timeoutMs }) => {
  const response = await fetch(url, {
    method: 'POST',
    headers,
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { status: response.status, body: await response.text() };
};

export interface RetrySettings {
  /** The wait before the second attempt; each later wait doubles, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Attempts of one delivery before the sandbox gives up on it (the platform's reconciliation then queries). */
  maxAttempts: number;
  /** How long one attempt waits for the platform's answer. */
  timeoutMs: number;
}

export const DEFAULT_RETRY: RetrySettings = {
  baseDelayMs: 2000,
  maxDelayMs: 300_000,
  maxAttempts: 10,
  timeoutMs: 10_000,
};

/** One attempt of one delivery, as the tests and the log read them. */
export interface DeliveryAttempt {
  eventId: string;
  /** 1 for an event's first delivery, 2 for its duplicate. */
  delivery: number;
  attempt: number;
  at: number;
  /** The platform's HTTP status, or 0 when it could not be reached or did not answer in time. */
  status: number;
  acknowledged: boolean;
}

/** How many attempts and events the sandbox remembers for tests and inspection; older ones are dropped. */
export const RECENT_LIMIT = 10_000;

/** Appends, dropping the oldest entries past RECENT_LIMIT: a long demo run keeps its memory flat. */
export function keepRecent<T>(list: T[], entry: T): void {
  list.push(entry);
  if (list.length > RECENT_LIMIT) list.splice(0, list.length - RECENT_LIMIT);
}

/** The wait before attempt `attempt + 1`: baseDelayMs × 2^(attempt − 1), at most maxDelayMs. */
export function retryDelayMs(retry: RetrySettings, attempt: number): number {
  return Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1));
}

interface CallbackLogger {
  warn(details: object, message: string): void;
}

/**
 * Sends each event to its callback URL, signed afresh on each attempt, until the platform acknowledges it or
 * the attempts run out; some events twice or held back, as the chaos settings draw.
 */
export class CallbackSender {
  readonly attempts: DeliveryAttempt[] = [];
  private readonly chaos: Chaos;
  private readonly scripted: DeliveryPlan[] = [];

  constructor(
    private readonly options: {
      time: SandboxTime;
      retry: RetrySettings;
      chaos: ChaosSettings;
      transport: CallbackTransport;
      log: CallbackLogger;
    },
  ) {
    this.chaos = new Chaos(options.chaos);
  }

  /**
   * For tests that drive the odd deliveries deliberately: the next events are delivered by these plans, in turn,
   * instead of by the chaos settings' draws.
   */
  script(...plans: DeliveryPlan[]): void {
    this.scripted.push(...plans);
  }

  send(event: SandboxEvent, target: { callbackUrl: string; merchantKey: string; secret: string }): void {
    const plan = this.scripted.shift() ?? this.chaos.planDelivery();
    const body = JSON.stringify(event);
    this.options.time.schedule(plan.firstDelayMs, () => this.attempt(event, body, target, 1, 1));
    if (plan.duplicateDelayMs !== null) {
      this.options.time.schedule(plan.duplicateDelayMs, () => this.attempt(event, body, target, 2, 1));
    }
  }

  private async attempt(
    event: SandboxEvent,
    body: string,
    target: { callbackUrl: string; merchantKey: string; secret: string },
    delivery: number,
    attempt: number,
  ): Promise<void> {
    const { time, retry, transport, log } = this.options;
    const timestamp = timestampOf(time.now());
    const headers = {
      'content-type': 'application/json',
      [SANDBOX_HEADERS.merchant]: target.merchantKey,
      [SANDBOX_HEADERS.timestamp]: timestamp,
      [SANDBOX_HEADERS.signature]: sign(target.secret, callbackSigningText(timestamp, body)),
      [SANDBOX_HEADERS.eventId]: event.eventId,
      [SANDBOX_HEADERS.attempt]: String(attempt),
    };
    let status = 0;
    let acknowledged = false;
    try {
      const answer = await transport(target.callbackUrl, { headers, body, timeoutMs: retry.timeoutMs });
      status = answer.status;
      acknowledged = answer.status === 200 && answer.body.trim() === ACKNOWLEDGEMENT_BODY;
    } catch {
      // Unreachable or too slow: the same as a refusal, tried again later.
    }
    keepRecent(this.attempts, { eventId: event.eventId, delivery, attempt, at: time.now(), status, acknowledged });
    if (acknowledged) return;
    if (attempt >= retry.maxAttempts) {
      log.warn(
        { eventId: event.eventId, attempts: attempt, status },
        'the platform never acknowledged a callback; giving up',
      );
      return;
    }
    time.schedule(retryDelayMs(retry, attempt), () => this.attempt(event, body, target, delivery, attempt + 1));
  }
}
