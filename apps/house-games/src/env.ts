import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFeedUrlProblem } from '@parlay/contract';
import { z } from 'zod';
import { HOUSE_LOG_LEVELS, type HouseConfig } from './config';

const here = path.dirname(fileURLToPath(import.meta.url));
export const WEB_DIST_DIR = path.resolve(here, '../web/dist');

/** An origin as CSP writes it: a scheme, a host (`*.` for its subdomains) and a port; no path. */
const ORIGIN = /^https?:\/\/(\*\.)?([a-z\d-]+\.)*[a-z\d-]+(:\d{1,5})?$|^https?:\/\/\[[\da-f:.]+\](:\d{1,5})?$/i;

const HouseEnvSchema = z.object({
  HOUSE_ENABLED: z.enum(['true', 'false']).default('true'),
  HOUSE_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The address to listen on; embedded, the platform's HOST by default, standalone 0.0.0.0. */
  HOUSE_HOST: z.string().min(1).optional(),
  /**
   * Where players' browsers reach the vendor, e.g. https://games.example.com; the launch URL starts with it.
   * The platform takes a feed's addresses over https only, or over http on this machine (its decision 0028).
   */
  HOUSE_PUBLIC_URL: z
    .string()
    .url()
    .refine((value) => findFeedUrlProblem(value, { path: false }) === undefined, {
      message: 'must be an https: URL, or http: on localhost, 127.0.0.0/8 or [::1]',
    })
    .optional(),
  /**
   * The brands' sites, whose /game page frames the games: space-separated origins such as
   * `https://brand.example https://*.brand.example` (CSP frame-ancestors).
   */
  HOUSE_FRAME_ANCESTORS: z
    .string()
    .transform((value) => value.split(/\s+/).filter((origin) => origin !== ''))
    .refine((origins) => origins.length > 0 && origins.every((origin) => ORIGIN.test(origin)), {
      message: 'must be one or more origins separated by spaces, such as https://brand.example',
    })
    .optional(),
  /** Standalone only: the platform's origin, the vendor secret, and the vendor's own database. */
  HOUSE_WALLET_URL: z.string().url().optional(),
  HOUSE_VENDOR_CODE: z
    .string()
    .regex(/^[\w.:-]{1,64}$/)
    .default('HOUSE'),
  HOUSE_VENDOR_SECRET: z.string().min(16).optional(),
  HOUSE_DATABASE_URL: z.string().optional(),
  HOUSE_DATA_DIR: z.string().default('./data/house'),
  /** Crash timing: the betting window and the pause after a game, in ms; the curve's growth per ms (e^(rate t)). */
  HOUSE_CRASH_BETTING_MS: z.coerce.number().int().min(500).max(60_000).optional(),
  HOUSE_CRASH_PAUSE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  HOUSE_CRASH_CURVE_RATE: z.coerce.number().positive().max(0.01).optional(),
  /**
   * The lottery vendor (docs/decisions/0070-lottery-vendor.md), on unless `false`: its own vendor code and wallet
   * secret (embedded, a fresh secret each start unless given). The one switch of the demo's lottery: with it the demo
   * brands' lottery is ours and open.
   */
  HOUSE_LOTTERY_ENABLED: z.enum(['true', 'false']).default('true'),
  HOUSE_LOTTERY_VENDOR_CODE: z
    .string()
    .regex(/^[\w.:-]{1,64}$/)
    .default('PARLAY_LOTTERY'),
  HOUSE_LOTTERY_VENDOR_SECRET: z.string().min(16).optional(),
  /**
   * Where the lottery reads the Vietnamese draws' results (lottery-vn.ts): `sandbox` is the demo's feed of made-up
   * results (NOT real numbers); `none`, operators enter them. Either way an operator confirms each result.
   */
  HOUSE_LOTTERY_VN_FEED: z.enum(['none', 'sandbox']).default('none'),
  LOG_LEVEL: z.enum(HOUSE_LOG_LEVELS).default('info'),
});
export type HouseEnv = z.infer<typeof HouseEnvSchema>;

/** The crash timing of the variables over the defaults (6 s betting, 3 s pause, 2× at 11.6 s). */
export function crashTimingOf(env: HouseEnv, defaults: HouseConfig['crash']): HouseConfig['crash'] {
  return {
    ...defaults,
    bettingMs: env.HOUSE_CRASH_BETTING_MS ?? defaults.bettingMs,
    pauseMs: env.HOUSE_CRASH_PAUSE_MS ?? defaults.pauseMs,
    curveRate: env.HOUSE_CRASH_CURVE_RATE ?? defaults.curveRate,
  };
}

/** Reads the vendor's variables; refuses to start on a malformed one and says which. */
export function loadHouseEnv(env: Record<string, string | undefined> = process.env): HouseEnv {
  const parsed = HouseEnvSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`house games configuration: ${issues}`);
  }
  return parsed.data;
}
