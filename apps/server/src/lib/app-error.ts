import type { ErrorCode } from '@parlay/contract';

/**
 * The one error type services throw. It carries a contract error code; the HTTP layer turns it into
 * the envelope with the status and the translated text of that code. `value` is detail a client may
 * act on (a field name, whether a captcha is now required, a retry delay).
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly value?: unknown,
    options?: { cause?: unknown; params?: Record<string, string | number> },
  ) {
    super(code, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.params = options?.params;
  }

  /** Values inserted into the translated text, e.g. { min: 6, max: 12 }. */
  readonly params: Record<string, string | number> | undefined;
}
