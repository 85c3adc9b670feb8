/** Request and response schemas of the passport and user endpoints (spec §7 Account, api-contract §3–6). */
import { z } from 'zod';
import { cleanName } from './text-rules.ts';
import { isTimeZone } from './time-zones.ts';

/** `GET /api/v1/user/get_key` data (api-contract §4). */
export const publicKeyData = z.object({
  kid: z.string(),
  alg: z.literal('RSA-OAEP-256'),
  enc: z.literal('A256GCM'),
  public_key: z.string(),
});
export type PublicKeyData = z.infer<typeof publicKeyData>;

/** An encrypted request body: `{ data: <JWE compact> }` (api-contract §4). */
export const encryptedBody = z.object({ data: z.string().min(1).max(20000) });

/**
 * `gen_math` / `refresh_math` data (api-contract §5): `b64s` is a `data:image/svg+xml;base64,…` URL of
 * an image showing a small sum; the answer is that sum as decimal digits. A captcha expires after
 * 5 minutes and is consumed by the first login that names it, whether the answer was right or not.
 */
export const captchaData = z.object({ captcha_id: z.string(), b64s: z.string() });
/**
 * `refresh_math` body. Refreshing invalidates `captcha_id` and always answers a NEW `captcha_id`
 * with a new image (also when the old id is unknown or expired); the client must send the new id.
 */
export const refreshMathBody = z.object({ captcha_id: z.string().min(1).max(100) });

/** Plaintext of the encrypted login payload (spec §3 Login form). */
export const loginForm = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(128),
  captcha_id: z.string().min(1).max(100),
  captcha_answer: z.string().trim().min(1).max(20),
  plat_type: z.coerce.number().int(),
  caller: z.string().max(100).optional(),
  timestamp: z.coerce.number().int(),
  sign: z.string().min(1).max(128),
});
export type LoginForm = z.infer<typeof loginForm>;

/**
 * Login answer data (api-contract §6). `company_status`: 0 no organisation, 1 active member,
 * 3 membership pending. Login of an inactivated user (status 2) answers 20005; of a deleted user
 * (status -1) 605, as if the account did not exist.
 */
export const loginData = z.object({ token: z.string(), company_status: z.number().int() });
export type LoginData = z.infer<typeof loginData>;

/** 10002 data. */
export const retryAfterData = z.object({ retry_after: z.number().int() });

export const roleInfo = z.object({ id: z.number().int(), name: z.string() });
export const optPermission = z.object({ role_info: roleInfo });
export const permissionInfo = z.object({
  /** 3 SDK app key, 4 RTB channel, 5 affiliate channel (spec §6). */
  type: z.number().int(),
  name: z.string(),
  /** The app key or channel this permission grants. */
  rule: z.string(),
});
export const dataPermission = z.object({ permission_info: permissionInfo });

/** `GET /api/v1/user/user_info` → code 200, `data[0]` (spec §3 User info). */
export const userInfo = z.object({
  user_id: z.number().int(),
  email: z.string(),
  user_name: z.string(),
  name: z.string(),
  status: z.number().int(),
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  company_status: z.number().int(),
  account_id: z.number().int().nullable(),
  opt_permission: z.array(optPermission),
  data_permission: z.array(dataPermission),
  cooperation_types: z.array(z.number().int()),
  /**
   * Beyond the spec (issue 13 item 9): the IANA time zone the user reads hourly reports in, null for
   * the network's; `network_timezone` is the network's REPORT_TIMEZONE, the zone of daily-only kinds.
   */
  timezone: z.string().nullable(),
  network_timezone: z.string(),
});
export type UserInfo = z.infer<typeof userInfo>;

/**
 * `PUT /api/v1/user/timezone` body (issue 13 item 9): an IANA zone, or null for the network's.
 * Answers 200 with the user info; 604 with a field error for an unknown zone.
 */
export const userTimezoneBody = z.object({
  timezone: z.string().max(64).refine(isTimeZone, { message: 'unknown time zone' }).nullable(),
});
export type UserTimezoneBody = z.infer<typeof userTimezoneBody>;

/**
 * `GET /api/v1/user/menu` data: the caller's menu tree (the spec leaves its fields open; this decides).
 * `key` is a stable i18n key for the title (the web's `common` namespace, one of `menuKeys`); `path`
 * the route. Parents (`/report`, `/account`) carry `children`.
 */
export type MenuItem = { key: string; path: string; children?: MenuItem[] };
export const menuItem: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({ key: z.string(), path: z.string(), children: z.array(menuItem).optional() }),
);

export { type MenuKey, menuKeys } from './menu.ts';

/**
 * Purpose of an emailed code (`send_email.type`): `reset` for `password/forgot`, `signup` for
 * `user/signup`. A code only works for the purpose it was sent for.
 */
export const emailCodePurpose = z.enum(['reset', 'signup']);
export type EmailCodePurpose = z.infer<typeof emailCodePurpose>;

/** Text of the password rule (spec §5 general hint), the `message` of its 604 field error. */
export const passwordRuleText = {
  zh: '密码需为 8 到 30 个字符，至少包含一个大写字母、一个小写字母和一个数字',
  en: '8 or up to 30 characters with at least one uppercase, at least one lowercase, at least one numeric digit.',
} as const;

/**
 * Plaintext of the encrypted `POST /v1/passport/captcha/send_email` payload (api-contract §3–4),
 * signed. Mails a 6-digit code valid 10 minutes, single use, void after 5 wrong tries; a newer code
 * replaces older ones. Always answers code 0 with `data: null` for a well-formed request, whether or
 * not the address is registered (for `reset`, unknown addresses get no mail; for `signup`, a
 * registered address gets the code and `user/signup` then answers 10004). 10002 with
 * `data.retry_after` (seconds) when asked again within 10 s, or after 5 codes to one address within an
 * hour, or 20 from one client address within an hour. The mail is in the request's Accept-Language.
 */
export const sendEmailForm = z.object({
  email: z.string().trim().min(1).max(254),
  type: emailCodePurpose,
  plat_type: z.coerce.number().int(),
  timestamp: z.coerce.number().int(),
  sign: z.string().min(1).max(128),
});
export type SendEmailForm = z.infer<typeof sendEmailForm>;

/** Seconds between two codes to one address (spec §9 verification resend wait). */
export const EMAIL_CODE_RESEND_SECONDS = 10;
/** Lifetime of an emailed code, seconds. */
export const EMAIL_CODE_TTL_SECONDS = 10 * 60;
/** Tries after which a code is void. */
export const EMAIL_CODE_MAX_TRIES = 5;
/** Codes per address per hour. */
export const EMAIL_CODES_PER_HOUR = 5;

/**
 * Plaintext of the encrypted `POST /v1/passport/password/forgot` payload, signed. `code` is the
 * emailed code of purpose `reset`. Answers: 0 `data: null` (password replaced, every session of the
 * user revoked: their next call answers 20003); 604 with field errors (email format, password rule on
 * field `password`); 10005 wrong, expired, used or void code (also for unknown emails); 10003 sign.
 */
export const forgotPasswordForm = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(128),
  code: z.string().trim().min(1).max(12),
  plat_type: z.coerce.number().int(),
  timestamp: z.coerce.number().int(),
  sign: z.string().min(1).max(128),
});
export type ForgotPasswordForm = z.infer<typeof forgotPasswordForm>;

/**
 * Plaintext of the encrypted `POST /v1/passport/user/signup` payload, signed. `code` is the emailed
 * code of purpose `signup`. Creates the user with status 1 and no organisation (login then answers
 * `company_status` 0; the client goes to /organize). Answers: 0 `data: { user_id }`; 604 field
 * errors (email format, password rule, name 1–50); 10005 wrong or expired code (checked first);
 * 10004 email already registered.
 */
export const signupForm = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(128),
  name: cleanName(50),
  code: z.string().trim().min(1).max(12),
  plat_type: z.coerce.number().int(),
  timestamp: z.coerce.number().int(),
  sign: z.string().min(1).max(128),
});
export type SignupForm = z.infer<typeof signupForm>;
export const signupData = z.object({ user_id: z.number().int() });

/**
 * `PUT /api/v1/user/password` body (session required, not signed: the session header is the
 * credential). Answers 0 `data: null` (every OTHER session of the user revoked, the current one stays);
 * 606 wrong old password; 604 new password against the rule (field `new_password`); 10002 with
 * `retry_after` after 5 wrong old passwords within 15 minutes.
 */
export const changePasswordBody = z.object({
  old_password: z.string().min(1).max(128),
  new_password: z.string().min(1).max(128),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** `message` of the 604 field error for a malformed email (spec §5 Reset password). */
export const emailFormatText = { zh: '邮箱格式不正确', en: 'The mailbox format is incorrect' } as const;
