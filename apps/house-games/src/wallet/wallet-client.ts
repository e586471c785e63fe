import { createHash, createHmac, randomUUID } from 'node:crypto';
import {
  VENDOR_HEADERS,
  VENDOR_WALLET_PATHS,
  walletSigningText,
  type WalletBalanceRequest,
  type WalletCreditBatchItem,
  type WalletCreditBatchItemResult,
  type WalletCreditBatchResult,
  type WalletCreditRequest,
  type WalletDebitRequest,
  type WalletRollbackRequest,
  type WalletTransactionResult,
} from '@parlay/contract';

/** The platform answered and said no (not enough money, session ended, ...): nothing moved. */
export class WalletRefusedError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'WalletRefusedError';
  }
}

/** No answer (timeout, network, 5xx): the call may or may not have been applied. */
export class WalletUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WalletUnavailableError';
  }
}

export interface WalletClientOptions {
  /** The platform's origin, e.g. http://127.0.0.1:8080. */
  baseUrl: string;
  vendorCode: string;
  secret: string;
  /** How long one call may take before it counts as unanswered. */
  timeoutMs?: number;
  /** Pauses between attempts of a credit or rollback; the last one repeats until `maxAttempts`. */
  retryDelaysMs?: number[];
  /** Attempts of a credit or rollback in one call; the recovery job keeps trying after that. */
  maxAttempts?: number;
  /** The clock each attempt is signed with (milliseconds since the epoch); tests move it. */
  now?: () => number;
}

type Body = Record<string, unknown>;
type Omitted<T> = Omit<T, 'requestId'>;

/**
 * The seamless-wallet client: every attempt signed when it is sent, with HMAC-SHA256 of its time and raw
 * body (`walletSigningText`); the platform refuses a signature more than 5 minutes old, and a credit may be
 * retried for far longer. A repeat of a transaction uses the same requestId and body, so the platform
 * answers it with its first answer.
 */
export class WalletClient {
  private readonly timeoutMs: number;
  private readonly retryDelaysMs: number[];
  private readonly maxAttempts: number;
  private readonly now: () => number;

  constructor(private readonly options: WalletClientOptions) {
    this.now = options.now ?? Date.now;
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.retryDelaysMs = options.retryDelaysMs ?? [200, 500, 1_000, 2_000];
    this.maxAttempts = options.maxAttempts ?? 6;
  }

  async balance(request: Omitted<WalletBalanceRequest>): Promise<{ balanceMinor: number; currency: string }> {
    return this.post(VENDOR_WALLET_PATHS.balance, { requestId: `bal-${randomUUID()}`, ...request });
  }

  /** One attempt: on WalletUnavailableError the caller must roll the debit back. */
  async debit(request: Omitted<WalletDebitRequest>): Promise<WalletTransactionResult> {
    return this.post(VENDOR_WALLET_PATHS.debit, { requestId: `req-${request.transactionId}`, ...request });
  }

  /** Retried until the platform confirms or `maxAttempts` pass (then WalletUnavailableError). */
  async credit(request: Omitted<WalletCreditRequest>): Promise<WalletTransactionResult> {
    return this.retry(() =>
      this.post(VENDOR_WALLET_PATHS.credit, { requestId: `req-${request.transactionId}`, ...request }),
    );
  }

  /**
   * Many round credits in one call (docs/decisions/0071-batched-vendor-credits.md), retried like a credit; answers
   * each credit, in order: applied, already applied, or refused with its code. The requestId is made of the
   * transactionIds, so that the same batch sent again is the same request, answered as the first.
   */
  async creditBatch(credits: readonly WalletCreditBatchItem[]): Promise<WalletCreditBatchItemResult[]> {
    const ids = createHash('sha256')
      .update(credits.map((credit) => credit.transactionId).join('\n'))
      .digest('hex');
    const { credits: answers } = await this.retry(() =>
      this.post<WalletCreditBatchResult>(VENDOR_WALLET_PATHS.creditBatch, { requestId: `req-batch-${ids}`, credits }),
    );
    return answers;
  }

  /** Retried like a credit. The platform acknowledges a rollback of a debit it never saw. */
  async rollback(request: Omitted<WalletRollbackRequest>): Promise<WalletTransactionResult> {
    return this.retry(() =>
      this.post(VENDOR_WALLET_PATHS.rollback, { requestId: `req-${request.transactionId}.rb`, ...request }),
    );
  }

  private async retry<T>(attempt: () => Promise<T>): Promise<T> {
    let lastError: unknown;
    for (let index = 0; index < this.maxAttempts; index += 1) {
      try {
        return await attempt();
      } catch (error) {
        lastError = error;
        // A refusal is an answer: repeating the same request gets the same refusal.
        if (error instanceof WalletRefusedError) throw error;
        const pause = this.retryDelaysMs[Math.min(index, this.retryDelaysMs.length - 1)] ?? 1_000;
        if (index < this.maxAttempts - 1) await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
    throw lastError instanceof Error ? lastError : new WalletUnavailableError('wallet unavailable');
  }

  private async post<T>(path: string, body: Body): Promise<T> {
    const raw = JSON.stringify(body);
    const timestamp = String(Math.floor(this.now() / 1000));
    const signature = createHmac('sha256', this.options.secret).update(walletSigningText(timestamp, raw)).digest('hex');
    let response: Response;
    try {
      response = await fetch(new URL(path, this.options.baseUrl), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [VENDOR_HEADERS.vendorCode]: this.options.vendorCode,
          [VENDOR_HEADERS.timestamp]: timestamp,
          [VENDOR_HEADERS.signature]: signature,
        },
        body: raw,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new WalletUnavailableError(`wallet ${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
    let payload: { success?: boolean; value?: unknown; code?: string; message?: string };
    try {
      payload = (await response.json()) as typeof payload;
    } catch {
      throw new WalletUnavailableError(`wallet ${path}: HTTP ${response.status} without a JSON answer`);
    }
    if (response.ok && payload.success === true) return payload.value as T;
    if (response.status >= 500 || response.status === 429) {
      throw new WalletUnavailableError(`wallet ${path}: HTTP ${response.status} ${payload.code ?? ''}`);
    }
    throw new WalletRefusedError(payload.code ?? 'WALLET_REFUSED', response.status, payload.message ?? 'refused');
  }
}
