import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldError, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api-client';

/**
 * A form checked by a schema of the contract, the one the server checks the call with (issue 32: every form
 * validates with the contract's schemas on both sides). The schema's messages are English; a form shows its own
 * translated rule under a field instead (`ruleOf`).
 */
export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as never,
    defaultValues,
  });
}

/** The translated rule of a field that failed its check, or nothing. */
export function ruleOf(error: FieldError | object | undefined, rule: string): string | undefined {
  return error ? rule : undefined;
}

/** A refusal's text for the operator: the server's own words, already in the operator's language. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/**
 * Checks a call's body with the contract's schema before it is sent: the body as parsed, or which top-level
 * fields failed (a form shows its own translated rule under each).
 */
export function checkWith<S extends z.ZodType>(
  schema: S,
  body: unknown,
): { data: z.output<S>; failed: null } | { data: null; failed: ReadonlySet<string> } {
  const result = schema.safeParse(body);
  if (result.success) return { data: result.data, failed: null };
  return { data: null, failed: new Set(result.error.issues.map((issue) => issue.path.map(String).join('.'))) };
}
