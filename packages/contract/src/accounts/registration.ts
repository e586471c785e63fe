import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { RegisterRulesSchema } from './rules';
import { LoginResultSchema } from './session';
import { AltchaPayloadSchema, CountryDialingCodeSchema } from './verification';

const optionalText = (max: number) => z.string().max(max).optional();

/**
 * The registration user (docs/product/accounts.md#registration-user), sent encrypted. The rules engine
 * (GET /wps/system/setting/register) decides which optional fields show and which are required; the schema
 * only bounds types and sizes.
 */
export const RegisterRequestSchema = z
  .object({
    username: z.string().max(100).default('').describe('On the mobile tab the username is the mobile number.'),
    password: z.string().max(255).default(''),
    confirmPassword: z.string().max(255).default(''),
    payeeName: optionalText(100),
    email: optionalText(200),
    qqNum: optionalText(50),
    mobileNum: optionalText(20),
    countryDialingCode: CountryDialingCodeSchema.optional(),
    recommenderId: optionalText(50),
    captcha: optionalText(16).describe(
      'Not read any more: the captcha rule asks for a harder proof of work in altcha.',
    ),
    captchaId: z.string().uuid().optional().describe('Not read any more (see captcha).'),
    verificationCode: optionalText(255),
    affiliateCode: optionalText(50),
    referralCode: optionalText(50),
    paymentPassword: optionalText(50),
    line: optionalText(100),
    whatsapp: optionalText(50),
    facebook: optionalText(200),
    wechat: optionalText(100),
    telegram: optionalText(100),
    zalo: optionalText(50),
    idNumber: optionalText(50),
    birthday: optionalText(20),
    address: optionalText(300),
    nationality: optionalText(100),
    occupation: optionalText(100),
    sourceOfIncome: optionalText(200),
    fullname: optionalText(100),
    nickname: optionalText(50),
    domain: optionalText(255),
    registerUrl: optionalText(2048).describe('The registration page URL.'),
    registerMethod: z.literal('WEB').default('WEB'),
    login: z.boolean().default(true).describe('Sign in right after registering.'),
    firebaseChannel: optionalText(50),
    firebaseIdToken: optionalText(4096),
    altcha: AltchaPayloadSchema,
  })
  .strict();
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

/** The new account; with login true, also signed in (token set). */
export const RegisterResultSchema = LoginResultSchema.extend({
  token: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type RegisterResult = z.infer<typeof RegisterResultSchema>;
export const RegisterResponseSchema = successEnvelope(RegisterResultSchema);

/** Register settings and validation rules of a brand. */
export const RegisterSettingsSchema = z.object({
  rules: RegisterRulesSchema,
  directRegister: z.boolean().describe('The register button and dialog show.'),
  usernameRegistration: z.boolean(),
  mobileRegistration: z.boolean(),
  smsVerification: z.boolean().describe('An SMS code is required to register a mobile number.'),
  mobilePassword: z.boolean().describe('Mobile registration also sets a password.'),
  expiredMinutes: z.number().int(),
  minimumAge: z.number().int().describe('Age of the registration consent checkbox.'),
  birthdayMinimumAge: z.number().int().describe('Age the birthday must show.'),
});
export type RegisterSettings = z.infer<typeof RegisterSettingsSchema>;
export const RegisterSettingsResponseSchema = successEnvelope(RegisterSettingsSchema);

export const AffiliateQuerySchema = z.object({
  code: z.string().trim().min(1).max(50),
  domain: z.string().max(255).optional(),
});
export const AffiliateSchema = z.object({
  code: z.string(),
  valid: z.literal(true),
});
export const AffiliateResponseSchema = successEnvelope(AffiliateSchema);
