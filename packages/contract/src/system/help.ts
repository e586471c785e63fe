import { z } from 'zod';

/** Help-centre categories; the footer's About list links to every one but faq. */
export const HELP_CATEGORIES = [
  'faq',
  'terms',
  'about',
  'contact',
  'privacy',
  'responsible',
  'affiliates',
  'refund',
] as const;
export const HelpCategorySchema = z.enum(HELP_CATEGORIES);
export type HelpCategory = z.infer<typeof HelpCategorySchema>;

export const HelpCenterQuerySchema = z.object({
  category: HelpCategorySchema.optional().describe('Only items of this category; all when omitted.'),
  language: z.string().max(8).optional().describe('Language of the items; the request language when omitted.'),
});
