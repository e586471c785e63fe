import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { MemberInfoSchema } from './member';
import { AltchaPayloadSchema, CountryDialingCodeSchema } from './verification';

/**
 * Login payload (docs/product/accounts.md#login-payload); sent encrypted. `altcha` replaces the product's slider
 * (geetest) result.
 */
export const LoginRequestSchema = z
  .object({
    username: z.string().trim().min(1).max(100).describe('Username, or the mobile number when type is sms.'),
    password: z.string().trim().min(1).max(255).describe('Password, or the SMS code when type is sms.'),
    type: z.enum(['username', 'sms', 'firebase']).default('username'),
    countryDialingCode: CountryDialingCodeSchema.optional().describe('Required when type is sms.'),
    captcha: z
      .string()
      .trim()
      .max(16)
      .optional()
      .describe('Not read any more: there is no image captcha; after failures altcha carries a harder proof of work.'),
    captchaId: z.string().uuid().optional().describe('Not read any more (see captcha).'),
    altcha: AltchaPayloadSchema,
  })
  .strict();
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** Login result (docs/product/accounts.md#login-result): the token and flags, plus the member info. */
export const LoginResultSchema = MemberInfoSchema.extend({
  token: z.string().describe('Bearer token: send as Authorization: Bearer <token>.'),
  expiresAt: z.string().describe('Absolute expiry of the session (ISO); idle sessions end sooner.'),
  firstTimeLogin: z.boolean().describe('The first sign-in of this account: trigger the first-login action.'),
  passwordExpired: z.boolean(),
  passwordIsDefault: z.boolean().describe("The password is the platform's default one."),
  cpw: z.boolean().describe('Show the change-password dialog now (default or expired password, username sign-in).'),
});
export type LoginResult = z.infer<typeof LoginResultSchema>;
export const LoginResponseSchema = successEnvelope(LoginResultSchema);

/** Password age after which it is expired (forced change when FORCE_PASSWORD_CHANGE is on). */
export const PASSWORD_MAX_AGE_DAYS = 90;

export const SECOND_CHECK_METHODS = ['sms', 'email', 'bankAccountName', 'authenticator'] as const;
export const SecondCheckMethodSchema = z.enum(SECOND_CHECK_METHODS);
export type SecondCheckMethod = z.infer<typeof SecondCheckMethodSchema>;

/** `value` of LOGIN_VERIFICATION_REQUIRED. */
export const LoginChallengeSchema = z.object({
  challengeId: z.string().uuid(),
  methods: z.array(SecondCheckMethodSchema).describe('Checks the member can pass, in order of preference.'),
  maskedMobile: z.string().nullable(),
  maskedEmail: z.string().nullable(),
  expiresInSeconds: z.number().int(),
});
export type LoginChallenge = z.infer<typeof LoginChallengeSchema>;

export const LoginChallengeCodeRequestSchema = z
  .object({ challengeId: z.string().uuid(), method: z.enum(['sms', 'email']) })
  .strict();
export const LoginChallengeAnswerRequestSchema = z
  .object({
    challengeId: z.string().uuid(),
    method: SecondCheckMethodSchema,
    answer: z.string().trim().min(1).max(255).describe('The code, or the bank account name.'),
  })
  .strict();
export type LoginChallengeAnswerRequest = z.infer<typeof LoginChallengeAnswerRequestSchema>;

/** Free-play login payload (docs/product/calls.md#session-and-sign-in). */
export const FreePlayRequestSchema = z
  .object({
    os: z.string().trim().max(50).default(''),
    platform: z.literal('W'),
    random: z
      .string()
      .min(1)
      .max(4096)
      .describe('A random string of 16 to 256 characters, encrypted as a compact JWE.'),
    gatewayVersion: z.literal(3),
  })
  .strict();
export type FreePlayRequest = z.infer<typeof FreePlayRequestSchema>;

export const LogoutResponseSchema = successEnvelope(z.null());
