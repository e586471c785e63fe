import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { pageSchema, PageRequestSchema, VersionSchema } from './paging';
import { PERMISSIONS, ROLE_NAMES } from './permissions';

/** The session cookie of the back office: HttpOnly, SameSite=Strict, Secure over TLS, path /bo/api. */
export const BACKOFFICE_SESSION_COOKIE = 'parlay_bo';
/** A session ends after this long without a call ... */
export const OPERATOR_SESSION_IDLE_SECONDS = 30 * 60;
/** ... and this long after sign-in, however active. */
export const OPERATOR_SESSION_ABSOLUTE_SECONDS = 12 * 60 * 60;
/** The time between the password step and the code step. */
export const SIGN_IN_CHALLENGE_SECONDS = 5 * 60;
/** An invitation link works once, for this long. */
export const INVITATION_SECONDS = 72 * 60 * 60;
/** Recovery codes given at enrolment; each signs in once without the authenticator. */
export const RECOVERY_CODE_COUNT = 10;
export const OPERATOR_PASSWORD_MIN_LENGTH = 12;
export const OPERATOR_PASSWORD_MAX_LENGTH = 128;
/** The back office's page that accepts an invitation, under its base path; the link's token is `?token=`. */
export const INVITATION_PAGE_PATH = '/invitation';

export const RoleNameSchema = z.enum(ROLE_NAMES);
export const PermissionSchema = z.enum(PERMISSIONS);
export const OPERATOR_STATUSES = ['invited', 'active', 'suspended'] as const;
export const OperatorStatusSchema = z
  .enum(OPERATOR_STATUSES)
  .describe('invited: has not accepted the invitation yet; suspended: may not sign in, its sessions ended.');

export const OperatorLoginSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9._-]{2,39}$/, '3 to 40 of a-z, 0-9, . _ -, starting with a letter or digit')
  .describe('The name the operator signs in with, lower case.');
const OperatorPasswordSchema = z
  .string()
  .min(OPERATOR_PASSWORD_MIN_LENGTH)
  .max(OPERATOR_PASSWORD_MAX_LENGTH)
  .describe(`${OPERATOR_PASSWORD_MIN_LENGTH} to ${OPERATOR_PASSWORD_MAX_LENGTH} characters.`);
const TotpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'six digits')
  .describe('The 6 digits the authenticator shows now.');
const ChallengeSchema = z.string().min(20).max(100).describe("The sign-in's challenge from step 1.");
const MerchantCodeSchema = z.string().trim().min(1).max(64);

// ---- Sign-in ----

export const SignInRequestSchema = z
  .object({ login: OperatorLoginSchema, password: z.string().min(1).max(OPERATOR_PASSWORD_MAX_LENGTH) })
  .strict();
export type SignInRequest = z.infer<typeof SignInRequestSchema>;

/** The authenticator to enrol at the first sign-in, shown once. */
export const TotpEnrolmentSchema = z.object({
  secret: z.string().describe('The base32 secret, for typing into an authenticator by hand.'),
  otpauthUri: z.string().describe('otpauth://totp/… URI: draw it as a QR code for the authenticator app to scan.'),
});
export type TotpEnrolment = z.infer<typeof TotpEnrolmentSchema>;

/** What step 1 answers: the second step to take, within `expiresInSeconds`. */
export const SignInStepSchema = z.discriminatedUnion('next', [
  z.object({
    next: z.literal('totp').describe('Send a code of the authenticator (or a recovery code).'),
    challenge: z.string(),
    expiresInSeconds: z.number().int(),
  }),
  z.object({
    next: z.literal('enrol').describe('First sign-in: enrol the authenticator, then send its first code.'),
    challenge: z.string(),
    expiresInSeconds: z.number().int(),
    enrolment: TotpEnrolmentSchema,
  }),
]);
export type SignInStep = z.infer<typeof SignInStepSchema>;
export const SignInResponseSchema = successEnvelope(SignInStepSchema);

export const TotpSignInRequestSchema = z.object({ challenge: ChallengeSchema, code: TotpCodeSchema }).strict();
export type TotpSignInRequest = z.infer<typeof TotpSignInRequestSchema>;
export const RecoverySignInRequestSchema = z
  .object({
    challenge: ChallengeSchema,
    recoveryCode: z.string().trim().min(8).max(40).describe('One of the recovery codes, dashes or not.'),
  })
  .strict();
export type RecoverySignInRequest = z.infer<typeof RecoverySignInRequestSchema>;

export const BrandRefSchema = z.object({ code: z.string(), name: z.string() });

/** The signed-in operator, as every page of the back office needs it. */
export const OperatorSessionSchema = z.object({
  operator: z.object({ id: z.number().int(), login: z.string(), name: z.string(), email: z.string() }),
  roles: z.array(RoleNameSchema),
  permissions: z.array(PermissionSchema).describe('What the roles allow: hide what is not here.'),
  allBrands: z.boolean().describe('Acts on every brand, present and future.'),
  brands: z.array(BrandRefSchema).describe('The brands the operator may act on (all of them when allBrands).'),
  expiresAt: z.string().describe('When the session ends however active (ISO).'),
  idleSeconds: z.number().int().describe('The session ends after this long without a call.'),
  recoveryCodesLeft: z.number().int().describe('Unused recovery codes: renew them when few are left.'),
});
export type OperatorSession = z.infer<typeof OperatorSessionSchema>;
export const OperatorSessionResponseSchema = successEnvelope(OperatorSessionSchema);

/** The first sign-in: the session, and the recovery codes, shown this once. */
export const EnrolmentResultSchema = OperatorSessionSchema.extend({
  recoveryCodes: z.array(z.string()).describe('Shown once: the operator keeps them somewhere safe.'),
});
export type EnrolmentResult = z.infer<typeof EnrolmentResultSchema>;
export const EnrolmentResponseSchema = successEnvelope(EnrolmentResultSchema);

export const RenewRecoveryCodesRequestSchema = z.object({ code: TotpCodeSchema }).strict();
export const RecoveryCodesResponseSchema = successEnvelope(
  z.object({ recoveryCodes: z.array(z.string()).describe('Shown once; the previous codes no longer work.') }),
);

export const SignOutEverywhereResponseSchema = successEnvelope(
  z.object({ ended: z.number().int().describe('Sessions ended, this one included.') }),
);
export const EmptyResponseSchema = successEnvelope(z.null());

// ---- Invitations ----

export const InvitationRequestSchema = z
  .object({ token: z.string().min(20).max(100).describe("The link's token.") })
  .strict();
export const InvitationSchema = z.object({
  login: z.string(),
  name: z.string(),
  email: z.string(),
  expiresAt: z.string(),
});
export const InvitationResponseSchema = successEnvelope(InvitationSchema);
export const AcceptInvitationRequestSchema = z
  .object({ token: z.string().min(20).max(100), password: OperatorPasswordSchema })
  .strict();
export type AcceptInvitationRequest = z.infer<typeof AcceptInvitationRequestSchema>;
export const AcceptInvitationResponseSchema = successEnvelope(
  z.object({ login: z.string().describe('Sign in with it: the first sign-in enrols the authenticator.') }),
);

// ---- Operators ----

export const OperatorIdParamsSchema = z.object({ operatorId: z.coerce.number().int().positive() });

export const OperatorSchema = z.object({
  id: z.number().int(),
  login: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(RoleNameSchema),
  allBrands: z.boolean(),
  brands: z.array(z.string()).describe('Merchant codes; empty when allBrands.'),
  status: OperatorStatusSchema,
  totpEnrolled: z.boolean(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type Operator = z.infer<typeof OperatorSchema>;

export const OperatorDetailSchema = OperatorSchema.extend({
  suspendedAt: z.string().nullable(),
  suspendedReason: z.string().nullable(),
  liveSessions: z.number().int(),
  invitationExpiresAt: z.string().nullable().describe('The pending invitation, if any.'),
  recoveryCodesLeft: z.number().int(),
});
export type OperatorDetail = z.infer<typeof OperatorDetailSchema>;
export const OperatorDetailResponseSchema = successEnvelope(OperatorDetailSchema);

export const OperatorListQuerySchema = PageRequestSchema.extend({
  status: OperatorStatusSchema.optional(),
  q: z.string().trim().min(1).max(100).optional().describe('Part of the login, name or e-mail.'),
});
export type OperatorListQuery = z.infer<typeof OperatorListQuerySchema>;
export const OperatorPageSchema = pageSchema(OperatorSchema);
export const OperatorListResponseSchema = successEnvelope(OperatorPageSchema);

const BrandScopeFields = {
  allBrands: z.boolean().describe('Every brand, present and future (an operator of all brands only).'),
  brands: z.array(MerchantCodeSchema).max(100).describe('Merchant codes, when not allBrands.'),
};

export const InviteOperatorRequestSchema = z
  .object({
    login: OperatorLoginSchema,
    name: z.string().trim().min(1).max(100),
    email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
    roles: z.array(RoleNameSchema).min(1).max(ROLE_NAMES.length),
    ...BrandScopeFields,
  })
  .strict();
export type InviteOperatorRequest = z.infer<typeof InviteOperatorRequestSchema>;

export const SuspendOperatorRequestSchema = z
  .object({ reason: z.string().trim().min(1).max(500), version: VersionSchema })
  .strict();
export const VersionedRequestSchema = z.object({ version: VersionSchema }).strict();
export const SetOperatorRolesRequestSchema = z
  .object({ roles: z.array(RoleNameSchema).min(1).max(ROLE_NAMES.length), version: VersionSchema })
  .strict();
export const SetOperatorBrandsRequestSchema = z.object({ ...BrandScopeFields, version: VersionSchema }).strict();
export const EndSessionsResponseSchema = SignOutEverywhereResponseSchema;

// ---- A brand's IP allow-list ----

export const BrandParamsSchema = z.object({ brand: MerchantCodeSchema.describe("The brand's merchant code.") });

export const IpAllowEntrySchema = z.object({
  cidr: z.string().trim().min(2).max(64).describe('An IP address or a CIDR range (v4 or v6).'),
  note: z.string().trim().max(200).default('').describe('Whose address it is.'),
});
export const IpAllowListSchema = z.object({
  brand: z.string(),
  entries: z.array(z.object({ cidr: z.string(), note: z.string() })),
  version: z.number().int(),
  yourIp: z.string().describe('The address this call came from, as the server sees it.'),
});
export type IpAllowList = z.infer<typeof IpAllowListSchema>;
export const IpAllowListResponseSchema = successEnvelope(IpAllowListSchema);
export const SetIpAllowListRequestSchema = z
  .object({
    entries: z.array(IpAllowEntrySchema).max(100).describe('Empty: calls for the brand come from anywhere.'),
    version: VersionSchema,
  })
  .strict();
export type SetIpAllowListRequest = z.infer<typeof SetIpAllowListRequestSchema>;
