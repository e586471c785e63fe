import { randomBytes } from 'node:crypto';
import { buildSandboxApp, type SandboxApp } from './app';
import { loadSandboxEnv } from './env';
import { RealTime } from './time';

/** What the platform stores to reach the sandbox through its adapter `sandbox`. */
export interface SandboxProviderRegistration {
  code: 'sandbox';
  adapter: 'sandbox';
  baseUrl: string;
  merchantKey: string;
  secret: string;
}

export interface EmbeddedSandboxOptions {
  /** The platform's own port in this process: the sandbox listens on the next but one by default. */
  platformPort: number;
  /** The address the platform listens on (its HOST): the sandbox listens there too, unless SANDBOX_PAY_HOST says. */
  platformHost: string;
  /** Stores the provider's address and this start's merchant key and secret with the platform. */
  registerProvider(registration: SandboxProviderRegistration): Promise<unknown>;
  env?: Record<string, string | undefined>;
  /** The platform's log destination, so both write alike to one terminal. */
  logStream?: { write(line: string): unknown };
}

/**
 * The sandbox payment provider in the platform's process, on its own port, reaching the platform only through
 * signed HTTP callbacks and answering only signed calls, as a provider elsewhere would.
 */
export async function startEmbeddedPaymentSandbox(options: EmbeddedSandboxOptions): Promise<SandboxApp | null> {
  const env = loadSandboxEnv(options.env ?? process.env);
  if (env.SANDBOX_PAY_ENABLED === 'false') return null;
  // A fresh key and secret each start: both ends live in this process and the registration replaces the stored one.
  const merchant = { key: `parlay-${randomBytes(6).toString('hex')}`, secret: randomBytes(32).toString('hex') };
  const sandbox = buildSandboxApp({
    // Known once the port is (below); nothing reads it before.
    publicUrl: env.SANDBOX_PAY_PUBLIC_URL ?? 'http://localhost',
    merchants: [merchant],
    time: new RealTime(),
    rules: {
      orderTtlMs: env.SANDBOX_PAY_ORDER_TTL_MS,
      payoutDelayMs: env.SANDBOX_PAY_PAYOUT_DELAY_MS,
      payoutFailDigit: env.SANDBOX_PAY_PAYOUT_FAIL_DIGIT,
    },
    retry: { baseDelayMs: env.SANDBOX_PAY_RETRY_BASE_MS, maxAttempts: env.SANDBOX_PAY_MAX_ATTEMPTS },
    chaos: {
      seed: env.SANDBOX_PAY_CHAOS_SEED,
      duplicateRate: env.SANDBOX_PAY_DUPLICATE_RATE,
      reorderRate: env.SANDBOX_PAY_REORDER,
    },
    logLevel: env.LOG_LEVEL,
    ...(options.logStream && { logStream: options.logStream }),
  });
  const host = env.SANDBOX_PAY_HOST ?? options.platformHost;
  try {
    await sandbox.app.listen({ port: env.SANDBOX_PAY_PORT ?? options.platformPort + 2, host });
  } catch (error) {
    // The default port taken (tests and journeys start servers on free ports side by side): any free port does,
    // since the platform learns the address from the registration. A port the operator chose is kept or fails.
    if (env.SANDBOX_PAY_PORT !== undefined || (error as { code?: unknown }).code !== 'EADDRINUSE') throw error;
    await sandbox.app.listen({ port: 0, host });
    sandbox.app.log.warn(
      { port: options.platformPort + 2 },
      "the sandbox payment provider's default port is taken; it listens on a free one",
    );
  }
  const { port: boundPort } = sandbox.app.server.address() as { port: number };
  if (env.SANDBOX_PAY_PUBLIC_URL === undefined) sandbox.service.setPublicUrl(`http://localhost:${boundPort}`);
  await options.registerProvider({
    code: 'sandbox',
    adapter: 'sandbox',
    // The platform calls the API on this machine; payers' browsers use publicUrl.
    baseUrl: `http://127.0.0.1:${boundPort}`,
    merchantKey: merchant.key,
    secret: merchant.secret,
  });
  return sandbox;
}
