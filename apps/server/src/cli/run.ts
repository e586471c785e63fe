import os from 'node:os';
import { DEV_DATA_ENCRYPTION_KEY } from '../config';
import type { DataDirLockedError } from '../db/data-dir-lock';
import { AppError } from '../lib/app-error';
import { translateError } from '../lib/envelope';
import { createOutboxMailProvider } from '../lib/mail/mail-provider';
import { createOutboxSmsProvider } from '../lib/sms/sms-provider';
import { buildServices } from '../services';
import { UsageError, type AdminCommand, type AdminContext } from './command';

export function formatHelp(commands: readonly AdminCommand[]): string {
  return [
    'Usage: npm run admin -- <command> [arguments]',
    '',
    ...commands.flatMap((command) => [`${command.name}: ${command.summary}`, ...command.usage.map((u) => `  ${u}`)]),
    '',
    'The CLI opens the database of the environment (DATABASE_URL, else the PGlite folder DATA_DIR).',
  ].join('\n');
}

/** Runs one command line; never throws for an operator's mistake, it answers the text and exit code. */
export async function runAdmin(
  commands: readonly AdminCommand[],
  context: AdminContext,
  argv: readonly string[],
): Promise<{ exitCode: number; output: string }> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    return { exitCode: name ? 0 : 1, output: formatHelp(commands) };
  }
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) return { exitCode: 1, output: `Unknown command "${name}".\n\n${formatHelp(commands)}` };
  const services = buildServices({
    db: context.db,
    config: {
      DEFAULT_MERCHANT_CODE: context.defaultMerchantCode,
      DATA_ENCRYPTION_KEY: context.dataEncryptionKey ?? DEV_DATA_ENCRYPTION_KEY,
      BACKOFFICE_URL: context.backofficeUrl,
    },
    // No command sends e-mail or SMS; one that did would still leave its message in the outbox table.
    mail: createOutboxMailProvider(() => undefined),
    sms: createOutboxSmsProvider(() => undefined),
  });
  const actor = { kind: 'cli', osUser: context.osUser ?? currentOsUser() } as const;
  try {
    return { exitCode: 0, output: await command.run({ ...context, services, actor }, args) };
  } catch (error) {
    if (error instanceof AppError) {
      const text = `${error.code}: ${translateError(error.code, 'EN', error.params)}`;
      const value = error.value as
        { balanceMinor?: unknown; reason?: unknown; issues?: { path: string; message: string }[] } | undefined;
      // A refused debit carries the balance: the operator needs it to choose an amount that fits.
      if (typeof value?.balanceMinor === 'number') {
        return { exitCode: 1, output: `${text} Balance: ${value.balanceMinor} (minor units).` };
      }
      // What went wrong, where the error says: a feed's failing fields, a vendor's unreadable catalogue.
      const details = [
        ...(typeof value?.reason === 'string' ? value.reason.split('\n') : []),
        ...(Array.isArray(value?.issues)
          ? value.issues.map((issue) => `${issue.path || '(feed)'}: ${issue.message}`)
          : []),
      ];
      return { exitCode: 1, output: [text, ...details.map((line) => `  ${line}`)].join('\n') };
    }
    // node:util parseArgs reports unknown or malformed options with ERR_PARSE_ARGS_* codes.
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (error instanceof UsageError || code.startsWith('ERR_PARSE_ARGS')) {
      return {
        exitCode: 1,
        output: `${(error as Error).message}\nUsage:\n${command.usage.map((u) => `  ${u}`).join('\n')}`,
      };
    }
    throw error;
  }
}

/** Who runs the CLI, for the audit trail: the OS account (a container without a passwd entry: $USER, else unknown). */
function currentOsUser(): string {
  try {
    return os.userInfo().username;
  } catch {
    return process.env['USER'] ?? 'unknown';
  }
}

/** The message for a data folder the server holds: PGlite allows one process per folder. */
export function explainLockedDataDir(error: DataDirLockedError): string {
  return (
    `${error.message}\n` +
    'The admin CLI works on the same embedded database as the server, which only one process may open. ' +
    'Stop the server and run the command again, or run both on PostgreSQL with DATABASE_URL.'
  );
}
