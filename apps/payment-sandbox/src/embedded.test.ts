import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbeddedPaymentSandbox, type SandboxProviderRegistration } from './embedded';
import type { SandboxApp } from './app';

const started: SandboxApp[] = [];
const blockers: Server[] = [];

afterEach(async () => {
  for (const sandbox of started.splice(0)) await sandbox.app.close();
  for (const blocker of blockers.splice(0)) await new Promise((resolve) => blocker.close(resolve));
});

/** A port held by another listener, as a neighbour's server would hold it. */
async function takenPort(): Promise<number> {
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  blockers.push(blocker);
  return (blocker.address() as { port: number }).port;
}

async function start(env: Record<string, string>, platformPort: number) {
  const registrations: SandboxProviderRegistration[] = [];
  const sandbox = await startEmbeddedPaymentSandbox({
    platformPort,
    platformHost: '127.0.0.1',
    registerProvider: async (registration) => registrations.push(registration),
    env: { LOG_LEVEL: 'silent', ...env },
  });
  if (sandbox) started.push(sandbox);
  return { sandbox, registrations };
}

describe(startEmbeddedPaymentSandbox.name, () => {
  it('is off with SANDBOX_PAY_ENABLED=false', async () => {
    const { sandbox, registrations } = await start({ SANDBOX_PAY_ENABLED: 'false' }, 8080);
    expect(sandbox).toBeNull();
    expect(registrations).toEqual([]);
  });

  it('listens on the platform port + 2 and registers its address with a fresh key and secret each start', async () => {
    const platformPort = (await takenPort()) - 2;
    await new Promise((resolve) => blockers.pop()!.close(resolve));
    const first = await start({}, platformPort);
    expect(first.registrations).toEqual([
      {
        code: 'sandbox',
        adapter: 'sandbox',
        baseUrl: `http://127.0.0.1:${platformPort + 2}`,
        merchantKey: expect.stringMatching(/^parlay-[0-9a-f]{12}$/),
        secret: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    ]);
    await first.sandbox!.app.close();
    const second = await start({}, platformPort);
    expect(second.registrations[0]!.secret).not.toBe(first.registrations[0]!.secret);
  });

  it('moves to a free port when its default one is taken, but not when SANDBOX_PAY_PORT names it', async () => {
    const taken = await takenPort();
    const { sandbox, registrations } = await start({}, taken - 2);
    const port = (sandbox!.app.server.address() as { port: number }).port;
    expect(port).not.toBe(taken);
    expect(registrations[0]!.baseUrl).toBe(`http://127.0.0.1:${port}`);
    const order = sandbox!.service.createDeposit(registrations[0]!.merchantKey, {
      orderNo: 'E-1',
      amountMinor: 100,
      currency: 'KRW',
      language: 'en',
      returnUrl: 'http://localhost/',
      callbackUrl: 'http://localhost/cb',
    });
    expect(sandbox!.service.paymentUrlOf(order.order)).toMatch(new RegExp(`^http://localhost:${port}/pay/`));
    await expect(start({ SANDBOX_PAY_PORT: String(taken) }, 8080)).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });

  it('refuses a malformed setting by name', async () => {
    await expect(start({ SANDBOX_PAY_DUPLICATE_RATE: '2' }, 8080)).rejects.toThrow(/SANDBOX_PAY_DUPLICATE_RATE/);
  });
});
