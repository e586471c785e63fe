import { randomBytes } from 'node:crypto';
import { buildSandboxApp, type SandboxApp, type SandboxConfig } from './app';
import type { SandboxProviderRegistration } from './embedded';
import type { PayerChoice } from './sandbox.service';
import { ManualTime } from './time';

export interface TestSandbox extends SandboxApp {
  /** The sandbox's address on this machine (API and hosted page). */
  baseUrl: string;
  merchantKey: string;
  secret: string;
  /** What `CashierService.registerProvider` takes, or `createSandboxProvider` as its config. */
  registration: SandboxProviderRegistration;
  /** The sandbox's clock and scheduler: `await time.advance(ms)` runs the expiries, payouts and deliveries due. */
  time: ManualTime;
  /** Submits the payer's choice on the hosted page at `paymentUrl`, as the browser's form does. */
  choose(paymentUrl: string, choice: PayerChoice): Promise<{ status: number; location: string | null }>;
  close(): Promise<void>;
}

/**
 * A sandbox on a free local port, on time the test moves (nothing happens until `time.advance`), starting at
 * `startMs` (default: now). Pass `transport` to hand callbacks to an app that does not listen (e.g. through
 * `app.inject`), and `chaos`, `retry` or `rules` to choose duplicates, reordering, back-off, expiry and payout
 * outcomes. Both ends check the other's timestamps within 5 minutes: a test that moves the sandbox's time further
 * gives the platform's adapter the same clock, e.g. `cashier.useAdapter('sandbox', (config) =>
 * createSandboxProvider(config, { now: () => sandbox.time.now() }))`.
 */
export async function startTestSandbox(
  options: Partial<Pick<SandboxConfig, 'rules' | 'retry' | 'chaos' | 'transport'>> & { startMs?: number } = {},
): Promise<TestSandbox> {
  const time = new ManualTime(options.startMs ?? Date.now());
  const merchantKey = `test-${randomBytes(4).toString('hex')}`;
  const secret = randomBytes(32).toString('hex');
  // The public URL is known only once the port is: the service reads it through this object.
  const config: SandboxConfig = {
    publicUrl: 'http://127.0.0.1',
    merchants: [{ key: merchantKey, secret }],
    time,
    retry: { baseDelayMs: 1000, maxDelayMs: 60_000, maxAttempts: 6, timeoutMs: 5000, ...options.retry },
    ...(options.rules && { rules: options.rules }),
    ...(options.chaos && { chaos: options.chaos }),
    ...(options.transport && { transport: options.transport }),
  };
  const sandbox = buildSandboxApp(config);
  await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = sandbox.app.server.address() as { port: number };
  const baseUrl = `http://127.0.0.1:${port}`;
  sandbox.service.setPublicUrl(baseUrl);
  return {
    ...sandbox,
    baseUrl,
    merchantKey,
    secret,
    registration: { code: 'sandbox', adapter: 'sandbox', baseUrl, merchantKey, secret },
    time,
    async choose(paymentUrl, choice) {
      const response = await fetch(paymentUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ choice }).toString(),
        redirect: 'manual',
      });
      await response.text();
      return { status: response.status, location: response.headers.get('location') };
    },
    close: () => sandbox.app.close(),
  };
}
