import { z } from 'zod';
import { SecondCheckMethodSchema } from '../accounts/session';
import { SIGN_IN_METHODS } from '../backoffice/players';
import { successEnvelope } from '../envelope';

// The security centre (docs/product/member-centre.md#security-centre): what the signed-in member sees and
// changes of the account's protection. Every call reads or ends only the caller's own rows.

/** Recovery codes an authenticator enrolment gives, each good once. */
export const MEMBER_RECOVERY_CODE_COUNT = 10;
/** How long an enrolment's secret waits for its confirming code. */
export const AUTHENTICATOR_ENROLMENT_SECONDS = 10 * 60;
/** Sign-ins a page of the history holds at most. */
export const SIGN_IN_PAGE_MAX = 50;

export const SecurityOverviewSchema = z.object({
  unregisteredIpCheck: z
    .boolean()
    .describe('Whether the brand asks for an extra verification on a sign-in from an IP the member has not used.'),
  secondCheckMethods: z
    .array(SecondCheckMethodSchema)
    .describe(
      'The extra verifications this member can pass on an unregistered IP, in the order the check offers them.',
    ),
  authenticator: z.object({
    enrolled: z.boolean(),
    recoveryCodesLeft: z.number().int().min(0).describe('Unused recovery codes; 0 without an authenticator.'),
  }),
  hasMobile: z.boolean(),
  hasEmail: z.boolean(),
});
export type SecurityOverview = z.infer<typeof SecurityOverviewSchema>;
export const SecurityOverviewResponseSchema = successEnvelope(SecurityOverviewSchema);

export const SignInHistoryQuerySchema = z
  .object({
    beforeId: z.coerce.number().int().positive().optional().describe('The nextBeforeId of the previous page.'),
    limit: z.coerce.number().int().min(1).max(SIGN_IN_PAGE_MAX).default(20),
  })
  .strict();
export type SignInHistoryQuery = z.infer<typeof SignInHistoryQuerySchema>;

export const MemberSignInSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  ip: z.string(),
  country: z.string().describe("ISO 3166 alpha-2 of the IP when it signed in; '' when unknown or private."),
  userAgent: z.string().describe('The browser and device that signed in, as it named itself.'),
  method: z.enum(SIGN_IN_METHODS).nullable().describe('null for sign-ins recorded before methods were.'),
  current: z.boolean().describe('The sign-in of the session making this call.'),
});
export type MemberSignIn = z.infer<typeof MemberSignInSchema>;
export const SignInHistorySchema = z.object({
  items: z.array(MemberSignInSchema),
  nextBeforeId: z.number().int().nullable().describe('Pass as beforeId for the next page; null on the last.'),
});
export type SignInHistory = z.infer<typeof SignInHistorySchema>;
export const SignInHistoryResponseSchema = successEnvelope(SignInHistorySchema);

export const MemberSessionSchema = z.object({
  id: z.number().int(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  ip: z.string(),
  country: z.string(),
  userAgent: z.string(),
  current: z.boolean().describe('The session making this call.'),
});
export type MemberSession = z.infer<typeof MemberSessionSchema>;
export const MemberSessionsSchema = z.object({ items: z.array(MemberSessionSchema) });
export const MemberSessionsResponseSchema = successEnvelope(MemberSessionsSchema);

export const SignOutSessionRequestSchema = z
  .object({ sessionId: z.number().int().positive().describe("One of the member's own live sessions, not this one.") })
  .strict();
export type SignOutSessionRequest = z.infer<typeof SignOutSessionRequestSchema>;
export const SignOutSessionsResponseSchema = successEnvelope(
  z.object({ ended: z.number().int().min(0).describe('Sessions ended.') }),
);

export const KnownIpSchema = z.object({
  ip: z.string(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  country: z.string().describe("Of the last sign-in from this IP; '' when unknown."),
  userAgent: z.string().describe("The device of the last sign-in from this IP; '' when none is recorded."),
  current: z.boolean().describe('The IP this call comes from.'),
});
export type KnownIp = z.infer<typeof KnownIpSchema>;
export const KnownIpsSchema = z.object({ items: z.array(KnownIpSchema) });
export const KnownIpsResponseSchema = successEnvelope(KnownIpsSchema);
export const RemoveKnownIpRequestSchema = z.object({ ip: z.string().trim().min(1).max(64) }).strict();
export type RemoveKnownIpRequest = z.infer<typeof RemoveKnownIpRequestSchema>;
export const RemoveKnownIpResponseSchema = successEnvelope(z.null());

export const AuthenticatorEnrolmentSchema = z.object({
  secret: z.string().describe('Base32, for an authenticator typed in by hand.'),
  otpauthUri: z.string().describe('The otpauth:// URI the QR code holds.'),
  expiresInSeconds: z.number().int(),
});
export type AuthenticatorEnrolment = z.infer<typeof AuthenticatorEnrolmentSchema>;
export const AuthenticatorEnrolmentResponseSchema = successEnvelope(AuthenticatorEnrolmentSchema);

export const AuthenticatorCodeRequestSchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(6)
      .max(20)
      .describe("The authenticator's 6-digit code, or (to remove it) one of the recovery codes."),
  })
  .strict();
export type AuthenticatorCodeRequest = z.infer<typeof AuthenticatorCodeRequestSchema>;
export const MemberRecoveryCodesSchema = z.object({
  recoveryCodes: z.array(z.string()).describe('Shown this once; each signs in or removes the authenticator once.'),
});
export type MemberRecoveryCodes = z.infer<typeof MemberRecoveryCodesSchema>;
export const MemberRecoveryCodesResponseSchema = successEnvelope(MemberRecoveryCodesSchema);
export const RemoveAuthenticatorResponseSchema = successEnvelope(z.null());
export * from './payment-password';
