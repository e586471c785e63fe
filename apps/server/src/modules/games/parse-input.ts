import type { z } from 'zod';
import { AppError } from '../../lib/app-error';

/** Input checked against a contract schema, or `code` with the first 20 places where it fails. */
export function parseInput<T>(
  schema: z.ZodType<T>,
  input: unknown,
  code: 'GAME_FEED_INVALID' | 'VALIDATION_FAILED',
): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new AppError(code, {
      issues: parsed.error.issues.slice(0, 20).map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    });
  }
  return parsed.data;
}
