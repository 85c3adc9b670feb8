/**
 * Field rules shared by password reset, sign-up and password change (spec §5, api-contract §6):
 * a well-formed email and the password rule (8–30 with a lowercase, an uppercase and a digit).
 * Failures are 604 field errors in the caller's language.
 */

import { emailFormatText, passwordRuleText } from '@portal/contracts/account.ts';
import type { Lang } from '@portal/contracts/codes.ts';
import type { FieldError } from '@portal/contracts/envelope.ts';
import { isEmail, isPassword } from '@portal/contracts/validators.ts';
import { paramError } from '../../lib/app-error.ts';

/** Field errors of `fields` against the rules; empty when all pass. */
export function credentialErrors(
  fields: { email?: { field: string; value: string }; password?: { field: string; value: string } },
  lang: Lang,
): FieldError[] {
  const errors: FieldError[] = [];
  if (fields.email && !isEmail(fields.email.value)) {
    errors.push({ field: fields.email.field, message: emailFormatText[lang] });
  }
  if (fields.password && !isPassword(fields.password.value)) {
    errors.push({ field: fields.password.field, message: passwordRuleText[lang] });
  }
  return errors;
}

/** Throws 604 with the field errors of `credentialErrors`, if any. */
export function assertCredentials(...args: Parameters<typeof credentialErrors>): void {
  const errors = credentialErrors(...args);
  if (errors.length > 0) throw paramError(errors);
}

/** The stored form of an email: trimmed, lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
