import { z } from 'zod';
import { HELP_CATEGORIES } from './constants';

export { HELP_CATEGORIES, type HelpCategory } from './constants';

export const HelpCategorySchema = z.enum(HELP_CATEGORIES);

export const HelpCenterQuerySchema = z.object({
  category: HelpCategorySchema.optional().describe('Only items of this category; all when omitted.'),
  language: z.string().max(8).optional().describe('Language of the items; the request language when omitted.'),
});

/** The name of an uploaded image, as the server made it: 32 hex digits and png or jpg. */
export const MediaParamsSchema = z.object({
  name: z
    .string()
    .regex(/^[a-f0-9]{32}\.(png|jpg)$/)
    .describe('The generated name of the image.'),
});
