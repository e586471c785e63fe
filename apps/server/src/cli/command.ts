import type { Database } from '../db/client';
import type { Actor } from '../modules/audit/index';
import type { Services } from '../services';

/** What every admin command gets: the database and the brand used when --merchant is not given. */
export interface AdminContext {
  db: Database;
  defaultMerchantCode: string;
  /**
   * DATA_ENCRYPTION_KEY, for commands that store vendors' wallet secrets or read operators' authenticator
   * secrets (the development default when absent).
   */
  dataEncryptionKey?: string;
  /** BACKOFFICE_URL, which invitation links lead to (else the brand's site address). */
  backofficeUrl?: string | undefined;
  /** Who runs the command, as the audit trail records it: the OS user (os.userInfo) when absent. */
  osUser?: string;
}

/** What a command runs with: the context, the platform's services built from it (services.ts), and its actor. */
export interface CommandContext extends AdminContext {
  services: Services;
  /** `cli` with the OS user: every change a command makes is audited under it. */
  actor: Actor;
}

/**
 * One subcommand of `npm run admin -- <name> ...`. `run` gets the arguments after the name and returns
 * the text to print; it throws AppError (translated to English for the operator) or a usage error.
 */
export interface AdminCommand {
  name: string;
  summary: string;
  /** Lines of usage shown by `help`, each starting with the command name. */
  usage: string[];
  run(context: CommandContext, args: string[]): Promise<string>;
}

/** A mistake in the command line; the CLI prints it with the command's usage. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
