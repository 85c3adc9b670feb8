/**
 * antd form rules for the account forms (spec §5 Reset password): email, password rule, confirmation.
 * The texts come from the caller's catalogue so each page shows its own wording in zh and en.
 */
import { isEmail, PASSWORD_RE } from '@portal/contracts/validators.ts';
import type { FormRule } from 'antd';

/** Email required (whitespace counts as empty) and well formed. */
export function emailRules(required: string, format: string): FormRule[] {
  return [
    { required: true, whitespace: true, message: required },
    {
      validator: (_, v: string | undefined) =>
        !v?.trim() || isEmail(v) ? Promise.resolve() : Promise.reject(new Error(format)),
    },
  ];
}

/** Password required and 8–30 characters with a lowercase, an uppercase and a digit. */
export function passwordRules(required: string, format: string): FormRule[] {
  return [
    { required: true, message: required },
    { pattern: PASSWORD_RE, message: format },
  ];
}

/** Repeat of the password in field `of`: required, and equal to it. */
export function confirmRules(of: string, required: string, mismatch: string): FormRule[] {
  return [
    { required: true, message: required },
    ({ getFieldValue }) => ({
      validator: (_, v: string | undefined) =>
        !v || v === getFieldValue(of) ? Promise.resolve() : Promise.reject(new Error(mismatch)),
    }),
  ];
}
