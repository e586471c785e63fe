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

export const LanguageUpdateRequestSchema = z.object({ language: LanguageSchema }).strict();
export const LanguageUpdateResponseSchema = successEnvelope(z.object({ language: LanguageSchema }));
