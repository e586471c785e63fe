import { z } from 'zod';

const RATE = z.coerce.number().min(0).max(1);

const SandboxEnvSchema = z.object({
  SANDBOX_PAY_ENABLED: z.enum(['true', 'false']).default('true'),
  SANDBOX_PAY_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The address to listen on; by default the platform's HOST. */
  SANDBOX_PAY_HOST: z.string().min(1).optional(),
  /** Where payers' browsers reach the hosted page; default http://localhost:<port>. */
  SANDBOX_PAY_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  SANDBOX_PAY_DUPLICATE_RATE: RATE.default(0),
  SANDBOX_PAY_REORDER: RATE.default(0),
  SANDBOX_PAY_CHAOS_SEED: z.coerce.number().int().min(0).max(0xffffffff).default(1),
  SANDBOX_PAY_ORDER_TTL_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(15 * 60 * 1000),
  SANDBOX_PAY_PAYOUT_DELAY_MS: z.coerce.number().int().min(0).default(5000),
  /** A payout to an account number ending in this digit fails; empty: none fails. */
  SANDBOX_PAY_PAYOUT_FAIL_DIGIT: z.string().regex(/^\d?$/).default('9'),
  SANDBOX_PAY_RETRY_BASE_MS: z.coerce.number().int().min(1).default(2000),
  SANDBOX_PAY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(10),
  LOG_LEVEL: z.string().default('info'),
});
export type SandboxEnv = z.infer<typeof SandboxEnvSchema>;

/** Reads the sandbox's variables; refuses to start on a malformed one and says which. */
export function loadSandboxEnv(env: Record<string, string | undefined> = process.env): SandboxEnv {
  const parsed = SandboxEnvSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`payment sandbox configuration: ${issues}`);
  }
  return parsed.data;
}
