/** Field errors of a 604 answer (api-contract §2: `data.errors` = `[{ field, message }]`) for antd forms. */
import { Code } from '@portal/contracts/codes.ts';
import { RequestError } from './request.ts';

export type FieldError<K extends string = string> = { name: K; errors: string[] };

/**
 * The field errors of `err` for the form fields in `known` (server field name → form field name);
 * [] when `err` is not a 604 or names no known field.
 */
export function fieldErrorsOf<const K extends string>(
  err: unknown,
  known: Record<string, K>,
): FieldError<K>[] {
  if (!(err instanceof RequestError) || err.code !== Code.PARAM_ERROR) return [];
  const errors = (err.data as { errors?: { field?: unknown; message?: unknown }[] } | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((e) => {
    const name = typeof e.field === 'string' ? known[e.field] : undefined;
    return name && typeof e.message === 'string' ? [{ name, errors: [e.message] }] : [];
  });
}

/** The business code of a failed request, if any. */
export function codeOf(err: unknown): number | undefined {
  return err instanceof RequestError ? err.code : undefined;
}
