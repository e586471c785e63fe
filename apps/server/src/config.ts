import { z } from 'zod';
import { PRODUCTION_PASSWORD_HASH_COST } from './lib/crypto/password';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Development default of DATA_ENCRYPTION_KEY (README). A production deployment sets its own. */
export const DEV_DATA_ENCRYPTION_KEY = 'parlay-development-data-key-not-for-production';

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Comma-separated addresses or CIDR ranges whose X-Forwarded-For is believed; empty trusts none. */
    TRUSTED_PROXIES: z.string().default(''),
    /** Serve the built player site from this folder; empty disables static serving. */
    WEB_DIST_DIR: z.string().default(''),
    /** Serve the built back office from this folder at /backoffice; empty serves its API only. */
    BACKOFFICE_DIST_DIR: z.string().default(''),
    /** False: this server has no back office, neither its pages nor its API (/bo/…), which answer 404. */
    BACKOFFICE_ENABLED: booleanFlag.default(true),
    /** Comma-separated host names the back office answers on (bo.example.com); empty: every host. */
    BACKOFFICE_HOSTS: z.string().default(''),
    /** Merchant code of the brand served when the host matches no domain. */
    DEFAULT_MERCHANT_CODE: z.string().min(1).default('parlay'),
    SEED_DEMO: booleanFlag.default(true),
    /** Path of a MaxMind-format country database; empty uses the bundled ip-location-db database. */
    GEOIP_DB_PATH: z.string().default(''),
    /** SMTP server for e-mail (smtp:// or smtps://, credentials in the URL); empty keeps mail in the outbox only. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Parlay <no-reply@parlay.example>'),
    /** Serve GET /wps/dev/outbox (messages the outbox providers kept) for journeys and demos; never in production. */
    DEV_OUTBOX_API: booleanFlag.default(false),
    /**
     * Serve POST /wps/dev/settlement-clock (moves the agents' settlement clock forward and settles what is due) for
     * journeys and demos; never in production.
     */
    DEV_CLOCK_API: booleanFlag.default(false),
    /** Encrypts secrets stored in the database (vendors' wallet secrets); 32+ characters, kept out of the database. */
    DATA_ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').default(DEV_DATA_ENCRYPTION_KEY),
    /**
     * The origin payment providers send their callbacks to (https://pay-callback.example.com); empty: this server's
     * own address, http://127.0.0.1:PORT, which only a provider on this machine reaches (the sandbox).
     */
    CASHIER_CALLBACK_URL: z
      .string()
      .regex(/^https?:\/\/[^/?#\s]+$/, 'must be an http:// or https:// origin')
      .optional(),
    /**
     * A lottery vendor deployed apart from this server (docs/decisions/0070-lottery-vendor.md): the base of its public
     * API (`GET {url}/results?gameCode&before`), whose results the lottery calls answer for its games, and its vendor
     * code. Empty: the embedded house games' lottery when it runs (HOUSE_LOTTERY_ENABLED), else none.
     */
    LOTTERY_VENDOR_API_URL: z
      .string()
      .regex(/^https?:\/\/[^?#\s]+$/, 'must be an http:// or https:// address without query')
      .optional(),
    LOTTERY_VENDOR_CODE: z
      .string()
      .regex(/^[\w.:-]{1,64}$/)
      .default('PARLAY_LOTTERY'),
    /** When set, GET /metrics answers only a scrape that sends `Authorization: Bearer <token>`; 24+ characters. */
    METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
    /**
     * Where the back office's pages are served (https://bo.example.com/backoffice): invitation links lead there,
     * and writes to /bo/api may come from its origin. Empty: links lead to the brand's site address + /backoffice.
     */
    BACKOFFICE_URL: z
      .string()
      .regex(/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/, 'must be an http:// or https:// address without query')
      .optional(),
    /** log2 of scrypt's N for new password hashes; lower only to make tests fast, never in production. */
    PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(PRODUCTION_PASSWORD_HASH_COST),
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.PASSWORD_HASH_COST >= PRODUCTION_PASSWORD_HASH_COST, {
    path: ['PASSWORD_HASH_COST'],
    message: `must be at least ${PRODUCTION_PASSWORD_HASH_COST} in production`,
  });

export type Config = z.infer<typeof EnvSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment; refuses to start on a bad variable and names it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  return parsed.data;
}

/** BACKOFFICE_HOSTS as host names, lower case; a port written with one is dropped (the Host header's is ignored). */
export function parseBackofficeHosts(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim().toLowerCase().replace(/:\d+$/, ''))
    .filter((entry) => entry.length > 0);
}

export function parseTrustedProxies(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
}
