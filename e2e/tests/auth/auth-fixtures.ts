import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type Browser, type Page } from '@playwright/test';
import { createDataDir } from '../../support/server';
import { shoot } from '../../support/shell';
import { JOURNEY_SERVER_ENV } from '../../support/server-env';

const execFileAsync = promisify(execFile);

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../screenshots/auth');
export const WIDTHS = [375, 1280] as const;
const root = path.resolve(import.meta.dirname, '../../..');

export interface SmsMessage {
  to: string;
  text: string;
}

/**
 * A platform server of its own for the account journeys. SMS codes are read the way an operator of
 * the default (outbox) provider reads them: from the server's log, where every message (SMS and
 * e-mail) is written with the outbox row. No HTTP backdoor; the embedded database stays locked by its one process.
 */
export interface AuthServer {
  baseURL: string;
  /** The code of the newest SMS to `to` (e.g. +821012345678) sent after `since`. */
  waitForSmsCode: (to: string, since: number) => Promise<string>;
  /** The first link in the newest e-mail to `to` sent after `since` (the outbox provider logs each one). */
  waitForMailLink: (to: string, since: number) => Promise<string>;
  /** The code of the newest e-mail to `to` sent after `since`. */
  waitForMailCode: (to: string, since: number) => Promise<string>;
  /**
   * `npm run admin -- ...args` on the server's data folder, as an operator of the embedded database does
   * it: the server stops, the command runs, the server starts again. Resolves with the command's output.
   */
  admin: (...args: string[]) => Promise<string>;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function startAuthServer(): Promise<AuthServer> {
  const port = await freePort();
  const housePort = await freePort();
  // A copy of the run's migrated and seeded folder (support/global-setup.ts).
  const dataDir = createDataDir('parlay-e2e-auth-');
  const messages: (SmsMessage & { at: number })[] = [];
  const mails: (SmsMessage & { at: number })[] = [];
  const env = {
    ...process.env,
    PORT: String(port),
    HOUSE_PORT: String(housePort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ...JOURNEY_SERVER_ENV,
    WEB_DIST_DIR: process.env['E2E_WEB_DIST_DIR'] ?? path.join(root, 'apps/web/dist'),
  };
  const baseURL = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  const launch = async () => {
    const started = spawn(process.execPath, ['apps/server/dist/main.js'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env,
    });
    child = started;
    let buffered = '';
    started.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.includes('"sms"') && !line.includes('"mail"')) continue;
        try {
          const entry = JSON.parse(line) as { sms?: SmsMessage; mail?: SmsMessage };
          if (entry.sms) messages.push({ ...entry.sms, at: Date.now() });
          if (entry.mail) mails.push({ ...entry.mail, at: Date.now() });
        } catch {
          // not a JSON log line
        }
      }
    });
    const deadline = Date.now() + 240_000;
    for (;;) {
      try {
        if ((await fetch(`${baseURL}/readyz`)).ok) break;
      } catch {
        // not up yet
      }
      if (Date.now() > deadline) throw new Error('auth e2e server did not start');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const halt = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };

  await launch();
  return {
    baseURL,
    waitForSmsCode: async (to, since) => {
      let code: string | undefined;
      await expect
        .poll(
          () => {
            const found = messages.filter((message) => message.to === to && message.at >= since).at(-1);
            code = found ? /Your code is (\d+)/.exec(found.text)?.[1] : undefined;
            return code;
          },
          { timeout: 15_000, message: `an SMS to ${to}` },
        )
        .toBeTruthy();
      return code!;
    },
    waitForMailLink: async (to, since) => {
      let link: string | undefined;
      await expect
        .poll(
          () => {
            const found = mails.filter((mail) => mail.to === to && mail.at >= since).at(-1);
            link = found ? /https?:\/\/\S+/.exec(found.text)?.[0] : undefined;
            return link;
          },
          { timeout: 15_000, message: `an e-mail to ${to}` },
        )
        .toBeTruthy();
      return link!;
    },
    waitForMailCode: async (to, since) => {
      let code: string | undefined;
      await expect
        .poll(
          () => {
            const found = mails.filter((mail) => mail.to === to && mail.at >= since).at(-1);
            code = found ? /Your code is (\d+)/.exec(found.text)?.[1] : undefined;
            return code;
          },
          { timeout: 15_000, message: `an e-mail code to ${to}` },
        )
        .toBeTruthy();
      return code!;
    },
    admin: async (...args) => {
      // The embedded database takes one process: stop the server, run the command, start it again.
      await halt();
      try {
        const { stdout } = await execFileAsync(
          process.execPath,
          ['--import', 'tsx', 'apps/server/src/cli/admin.ts', ...args],
          {
            cwd: root,
            env,
          },
        );
        return stdout;
      } finally {
        await launch();
      }
    },
    stop: async () => {
      await halt();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh visitor in English at the given width. */
export async function openSite(browser: Browser, baseURL: string, width: number) {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 780 : 900 }, baseURL });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    // The site's own page only: the script also runs in every frame, and a game frame's first empty
    // document may not reach storage at all (a SecurityError that failed a journey once).
    if (window !== window.top) return;
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'EN');
  });
  return { context, page, errors };
}

export async function shot(page: Page, name: string, width: number) {
  await shoot(page, { path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`) });
}

export function dialog(page: Page, name: string) {
  return page.locator(`[data-modal="${name}"]`);
}

/** Opens the login dialog from the header. */
export async function openLogin(page: Page) {
  await page.goto('/index');
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^log ?in$/i })
    .first()
    .click();
  await expect(dialog(page, 'loginPopupModal')).toBeVisible();
}

export async function signIn(page: Page, username: string, password: string) {
  const login = dialog(page, 'loginPopupModal');
  await login.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
  await login.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await login.getByRole('button', { name: 'Log in', exact: true }).click();
}
