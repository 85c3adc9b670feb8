/**
 * Account security (issue 16): reporting API keys, TOTP two-factor sign-in, the audit log and the
 * caller's sessions. Times are ISO 8601 UTC strings; audit dates `yyyy-MM-dd` (UTC days).
 *
 * Routes (all need a session, `token` header):
 * - `GET    /v1/account/api_keys`            → `apiKeyList` (admin 67: the organisation's keys; others: their own)
 * - `POST   /v1/account/api_keys`            body `apiKeyCreateBody` → `apiKeyCreated` (the key, shown once)
 * - `DELETE /v1/account/api_keys`            body `apiKeyIdBody` → null
 * - `GET    /v1/account/two_factor`          → `twoFactorStatus`
 * - `POST   /v1/account/two_factor/enrol`    body `reauthBody` → `twoFactorEnrolment` (QR code data URL + secret)
 * - `POST   /v1/account/two_factor/confirm`  body `twoFactorCodeBody` → `recoveryCodesData`
 * - `POST   /v1/account/two_factor/disable`  body `twoFactorDisableBody` → null
 * - `PUT    /v1/account/two_factor/policy`   body `twoFactorPolicyBody` → `twoFactorStatus` (admin 67)
 * - `POST   /v1/passport/user/login/two_factor` body `twoFactorLoginBody` → `loginData` (no session)
 * - `GET    /v1/account/sessions`            → `sessionList`
 * - `DELETE /v1/account/sessions`            body `sessionRevokeBody` → null
 * - `POST   /v1/account/sessions/others`     body `reauthBody` → `{ revoked }` (signs out every other session)
 * - `GET    /v1/account/security_events`     → `securityEventList` (the caller's own sign-in events)
 * - `GET    /v1/audit/list`                  query `auditQuery` → `auditList` (admin 67: own organisation; ops 70: all)
 * - `GET    /v1/audit/export`                query `auditQuery` → CSV file
 */
import { z } from 'zod';
import { cleanName } from './text-rules.ts';

/** What a reporting API key starts with (so leaked keys are recognisable to secret scanners). */
export const API_KEY_PREFIX = 'ppk_';

export const apiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters, e.g. `ppk_Ab12Cd34`. */
  prefix: z.string(),
  /** Creator. */
  user_id: z.number().int(),
  user_email: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  use_count: z.number().int(),
});
export type ApiKey = z.infer<typeof apiKey>;
export const apiKeyList = z.object({ list: z.array(apiKey) });

export const apiKeyCreateBody = z.object({ name: cleanName(60) });
export type ApiKeyCreateBody = z.infer<typeof apiKeyCreateBody>;
/** The new key with its secret `key`, which is never shown again. */
export const apiKeyCreated = apiKey.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreated>;
export const apiKeyIdBody = z.object({ id: z.number().int().positive() });

/** Two-factor state of the caller. `must_enrol`: the organisation requires it and it is off. */
export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  required_by_organisation: z.boolean(),
  must_enrol: z.boolean(),
  /** Unused recovery codes left (0 when off). */
  recovery_codes_left: z.number().int(),
  /** Whether the caller may change the organisation's policy (role 67). */
  can_set_policy: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

/** An enrolment waiting for its first code: a QR code (PNG data URL) and the secret for manual entry. */
export const twoFactorEnrolment = z.object({
  qr_data_url: z.string(),
  secret: z.string(),
  otpauth_url: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolment>;

/** A 6-digit TOTP code. */
export const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'code must be 6 digits');
export const twoFactorCodeBody = z.object({ code: totpCode });
/** Ten single-use recovery codes, shown once. */
export const recoveryCodesData = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesData = z.infer<typeof recoveryCodesData>;
export const twoFactorDisableBody = z.object({ password: z.string().min(1).max(128), code: totpCode });

/**
 * Re-authentication before a change to how the caller signs in (issue 22 item 10, ASVS V6.2/V7.5):
 * enrolling two-factor and signing out every other session. The password always (606 when wrong);
 * a current code too when two-factor is on (10030 when missing or wrong). Wrong answers count like
 * wrong codes (10002 beyond).
 */
export const reauthBody = z.object({ password: z.string().min(1).max(128), code: totpCode.optional() });
export type ReauthBody = z.infer<typeof reauthBody>;
export const twoFactorPolicyBody = z.object({ require_two_factor: z.boolean() });

/**
 * Second sign-in step: the challenge from the login answer and either a TOTP `code` or a
 * `recovery_code` (`xxxxx-xxxxx`).
 */
export const twoFactorLoginBody = z
  .object({
    challenge: z.string().min(1).max(100),
    code: totpCode.optional(),
    recovery_code: z
      .string()
      .trim()
      .regex(/^[a-z0-9]{5}-?[a-z0-9]{5}$/i, 'recovery code must look like xxxxx-xxxxx')
      .optional(),
  })
  .refine((b) => (b.code === undefined) !== (b.recovery_code === undefined), {
    message: 'give either code or recovery_code',
    path: ['code'],
  });
export type TwoFactorLoginBody = z.infer<typeof twoFactorLoginBody>;

/** Login answer for a user with two-factor on: no session yet, a challenge valid `expires_in` seconds. */
export const twoFactorChallengeData = z.object({
  two_factor_challenge: z.string(),
  expires_in: z.number().int(),
});
export type TwoFactorChallengeData = z.infer<typeof twoFactorChallengeData>;

export const sessionItem = z.object({
  /** Opaque id of the session (not its token). */
  id: z.string(),
  /** e.g. "Chrome 120 on Windows 10"; empty when unknown. */
  device: z.string(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string().nullable(),
  current: z.boolean(),
});
export type SessionItem = z.infer<typeof sessionItem>;
export const sessionList = z.object({ list: z.array(sessionItem) });
export const sessionRevokeBody = z.object({ id: z.string().regex(/^[0-9a-f]{16}$/) });

/** Object types of audit entries. */
export const auditObjectTypes = [
  'app',
  'adpos',
  'member',
  'role',
  'data_permission',
  'api_key',
  'two_factor',
  'organisation',
  'statement',
  'payment_profile',
  'payout',
  'payment_document',
  'finance_grant',
  'sign_in',
] as const;
export type AuditObjectType = (typeof auditObjectTypes)[number];

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be yyyy-MM-dd');
export const auditQuery = z
  .object({
    actor_id: z.coerce.number().int().positive().optional(),
    object_type: z.enum(auditObjectTypes).optional(),
    /** Inclusive UTC days. */
    start: day.optional(),
    end: day.optional(),
    /** Operations only: one organisation. */
    company_id: z.coerce.number().int().positive().optional(),
    page_no: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine((q) => !q.start || !q.end || q.start <= q.end, { message: 'start after end', path: ['start'] });
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actor_id: z.number().int().nullable(),
  actor_email: z.string().nullable(),
  company_id: z.number().int().nullable(),
  ip: z.string().nullable(),
  object_type: z.string(),
  object_id: z.string(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditList = z.object({ list: z.array(auditEntry), total: z.number().int() });

/**
 * Sign-in events (issue 22 item 11, ASVS V16.3), audit entries of object type `sign_in` whose object
 * is the user: a successful sign-in, a wrong password for the account, a wrong two-factor code, a
 * lockout (the attempt that reached a limit), a recovery code used, a password changed or reset,
 * sessions signed out (`detail.how`: `logout`, `one`, `others`; `detail.count`).
 */
export const signInActions = [
  'login',
  'login_failed',
  'two_factor_failed',
  'locked_out',
  'recovery_code_used',
  'password_changed',
  'password_reset',
  'signed_out',
] as const;
export type SignInAction = (typeof signInActions)[number];

/** One event of the caller's own security page; `device` is read from the user agent ('' unknown). */
export const securityEvent = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.enum(signInActions),
  ip: z.string().nullable(),
  device: z.string(),
  detail: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
});
export type SecurityEvent = z.infer<typeof securityEvent>;
/** The latest 50 events, newest first. */
export const securityEventList = z.object({ list: z.array(securityEvent) });

/** `POST /v1/account/sessions/others`: how many of the caller's other sessions were ended. */
export const revokedSessions = z.object({ revoked: z.number().int() });
