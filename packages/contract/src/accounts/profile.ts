import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { LanguageSchema } from '../i18n';

/** Static avatars the player site draws itself; `avatar` holds one of these ids when avatarType is STATIC. */
export const STATIC_AVATARS = [
  'a01',
  'a02',
  'a03',
  'a04',
  'a05',
  'a06',
  'a07',
  'a08',
  'a09',
  'a10',
  'a11',
  'a12',
] as const;
export const StaticAvatarSchema = z.enum(STATIC_AVATARS);

export const AvatarSchema = z.object({
  avatar: z.string().describe('A static avatar id, or an image URL when CUSTOM.'),
  avatarType: z.enum(['CUSTOM', 'STATIC']),
});
export type Avatar = z.infer<typeof AvatarSchema>;
export const AvatarResponseSchema = successEnvelope(AvatarSchema);

export const IconListSchema = z.object({
  current: AvatarSchema,
  icons: z.array(StaticAvatarSchema).describe('Static avatars the member can choose.'),
});
export const IconListResponseSchema = successEnvelope(IconListSchema);
export const SetIconRequestSchema = z.object({ avatar: StaticAvatarSchema }).strict();

/**
 * An uploaded avatar (docs/product/member-centre.md#profile): a PNG or JPEG by its bytes, up to `maxBytes`, of a
 * size in pixels within these; the server crops it square and stores its own `size`-pixel encoding (no metadata).
 */
export const MEMBER_AVATAR_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  minWidth: 32,
  minHeight: 32,
  maxWidth: 4096,
  maxHeight: 4096,
  size: 256,
} as const;

/** A nickname: 2 to 20 letters, digits, spaces, `_`, `-` or `.`, starting and ending with a letter or digit. */
export const NICKNAME_LIMITS = { minLength: 2, maxLength: 20 } as const;
const NICKNAME_PATTERN = /^[\p{L}\p{N}](?:[\p{L}\p{N}_. -]*[\p{L}\p{N}])?$/u;
export const NicknameSchema = z
  .string()
  .trim()
  .min(NICKNAME_LIMITS.minLength)
  .max(NICKNAME_LIMITS.maxLength)
  .regex(NICKNAME_PATTERN)
  .describe('2 to 20 letters, digits, spaces, _, - or ., starting and ending with a letter or digit.');
export function isValidNickname(value: string): boolean {
  return NicknameSchema.safeParse(value).success;
}
export const NicknameUpdateRequestSchema = z.object({ nickname: z.string().max(200) }).strict();
export const NicknameUpdateResponseSchema = successEnvelope(z.object({ nickname: z.string() }));

export const LanguageUpdateRequestSchema = z.object({ language: LanguageSchema }).strict();
export const LanguageUpdateResponseSchema = successEnvelope(z.object({ language: LanguageSchema }));
