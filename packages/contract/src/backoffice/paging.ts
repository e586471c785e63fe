import { z } from 'zod';

/** Most items a back-office list answers at once. */
export const MAX_PAGE_LIMIT = 200;
export const DEFAULT_PAGE_LIMIT = 50;

/** The page a list call asks for: keyset paging, so page 500 costs what page 1 does. */
export const PageRequestSchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_LIMIT)
    .default(DEFAULT_PAGE_LIMIT)
    .describe(`Items per page, 1 to ${MAX_PAGE_LIMIT}.`),
  cursor: z.string().min(1).max(200).optional().describe("The previous page's nextCursor; absent for the first page."),
});
export type PageRequest = z.infer<typeof PageRequestSchema>;

/** One page of a list: its items and the cursor of the next page, null on the last one. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    nextCursor: z.string().nullable().describe('Send as cursor for the next page; null: this is the last page.'),
  });
}
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** A thing two operators could open at once: a save carries the version it was opened at. */
export const VersionSchema = z
  .number()
  .int()
  .min(0)
  .describe('The version the editor opened; a stale one is refused with BO_CHANGED_SINCE_OPENED and writes nothing.');
