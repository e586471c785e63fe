import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { LoginResultSchema } from './session';
import { CountryDialingCodeSchema, MobileNumSchema } from './verification';

/** Change password (encrypted, signed in). */
export const ChangePasswordRequestSchema = z
  .object({
    oldPassword: z.string().trim().min(1).max(255),
    newPassword: z.string().trim().min(1).max(255),
    confirmNewPassword: z.string().trim().min(1).max(255),
  })
  .strict();
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;
export const ChangePasswordResponseSchema = successEnvelope(z.null());

/** Set a new password with the SMS code sent to the bound mobile (encrypted); signs in. */
export const PhoneRecoveryRequestSchema = z
  .object({
    mobileNum: MobileNumSchema,
    countryDialingCode: CountryDialingCodeSchema,
    verificationCode: z.string().trim().min(1).max(255),
    newPassword: z.string().trim().min(1).max(255),
    confirmNewPassword: z.string().trim().max(255).optional(),
  })
  .strict();
export type PhoneRecoveryRequest = z.infer<typeof PhoneRecoveryRequestSchema>;
export const PhoneRecoveryResponseSchema = successEnvelope(LoginResultSchema);

/** Forgotten password by e-mail (form-urlencoded). */
export const EmailRecoveryRequestSchema = z
  .object({ username: z.string().trim().min(1).max(100), email: z.string().trim().min(3).max(200) })
  .strict();
export const EmailRecoveryResponseSchema = successEnvelope(z.object({ sent: z.literal(true) }));

/** Set a new password with the token of the e-mailed link (encrypted). */
export const EmailResetRequestSchema = z
  .object({
    token: z.string().trim().min(20).max(100),
    newPassword: z.string().trim().min(1).max(255),
    confirmNewPassword: z.string().trim().min(1).max(255),
  })
  .strict();
export const EmailResetResponseSchema = successEnvelope(z.null());
/** Query parameter of the player site that carries the e-mailed reset token. */
export const RESET_PASSWORD_QUERY = 'resetPasswordToken';
/** How long an e-mailed reset link works. */
export const RESET_TOKEN_TTL_MINUTES = 30;
