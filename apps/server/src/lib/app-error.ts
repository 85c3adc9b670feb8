/**
 * The one error type of the server (architecture: "throw one error type carrying a catalogue code").
 * The error handler turns it into the envelope `{ code, msg, data }` with HTTP 200 (api-contract §1).
 */
import type { CodeValue } from '@portal/contracts/codes.ts';
import type { FieldError } from '@portal/contracts/envelope.ts';

export class AppError extends Error {
  constructor(
    readonly code: CodeValue,
    /** Extra `data` of the envelope (e.g. `{ retry_after }`, `{ errors }`). */
    readonly data: unknown = null,
    /** Overrides the catalogue text; already in the caller's language. */
    readonly msgOverride?: string,
  ) {
    super(`code ${code}`);
  }
}

/** A 604 answer with field errors. */
export function paramError(errors: FieldError[]): AppError {
  return new AppError(604, { errors });
}
