import { CATALOGUE_SYNC_MAX_BYTES, CATALOGUE_SYNC_TIMEOUT_MS, VENDOR_HEADERS } from '@parlay/contract';
import { AppError } from '../../lib/app-error';

/** A vendor's feed as its catalogue address answered it: the raw bytes and the signature they came with. */
export interface CatalogueAnswer {
  raw: Buffer;
  signature: string | undefined;
}

export interface CatalogueReadLimits {
  timeoutMs: number;
  maxBytes: number;
  /**
   * The signal that gives up on a reading once `timeoutMs` has passed: `AbortSignal.timeout` unless given. A
   * test hands one it aborts itself, so no test waits out the real time.
   */
  deadline?: (timeoutMs: number) => AbortSignal;
}

export const DEFAULT_CATALOGUE_READ_LIMITS: CatalogueReadLimits = {
  timeoutMs: CATALOGUE_SYNC_TIMEOUT_MS,
  maxBytes: CATALOGUE_SYNC_MAX_BYTES,
};

function failed(reason: string, cause?: unknown): AppError {
  return new AppError('GAME_CATALOGUE_SYNC_FAILED', { reason }, cause === undefined ? undefined : { cause });
}

/**
 * `GET <catalogueUrl>` for the vendor `code` (the catalogue sync of the contract). It refuses redirects, an
 * answer that is not 200, one longer than `maxBytes` (stopped as soon as it is) and one slower than
 * `timeoutMs`, each as GAME_CATALOGUE_SYNC_FAILED with the reason. The bytes are not parsed here: the
 * caller checks their signature first.
 */
export async function readCatalogue(
  catalogueUrl: string,
  code: string,
  limits: CatalogueReadLimits = DEFAULT_CATALOGUE_READ_LIMITS,
): Promise<CatalogueAnswer> {
  const signal = limits.deadline ? limits.deadline(limits.timeoutMs) : AbortSignal.timeout(limits.timeoutMs);
  let response: Response;
  try {
    response = await fetch(catalogueUrl, {
      headers: { accept: 'application/json', [VENDOR_HEADERS.vendorCode]: code },
      redirect: 'error',
      signal,
    });
  } catch (error) {
    throw failed(signal.aborted ? `no answer within ${limits.timeoutMs} ms` : 'unreachable', error);
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    throw failed(`answered HTTP ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > limits.maxBytes) {
    await response.body?.cancel();
    throw failed(`longer than ${limits.maxBytes} bytes`);
  }
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of (response.body ?? []) as AsyncIterable<Uint8Array>) {
      length += chunk.byteLength;
      // Leaving the loop cancels the rest of the answer.
      if (length > limits.maxBytes) throw failed(`longer than ${limits.maxBytes} bytes`);
      chunks.push(Buffer.from(chunk));
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw failed(signal.aborted ? `no answer within ${limits.timeoutMs} ms` : 'the answer broke off', error);
  }
  return {
    raw: Buffer.concat(chunks, length),
    signature: response.headers.get(VENDOR_HEADERS.signature) ?? undefined,
  };
}
