/** Request and response schemas of the passport and user endpoints (spec §7 Account, api-contract §3–6). */
import { z } from 'zod';

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
});
export type UserInfo = z.infer<typeof userInfo>;

/**
 * `GET /api/v1/user/menu` data: the caller's menu tree (the spec leaves its fields open; this decides).
 * `key` is a stable i18n key for the title (the web's `common` namespace, one of `menuKeys`); `path`
 * the route. Parents (`/report`, `/account`) carry `children`.
 */
export type MenuItem = { key: string; path: string; children?: MenuItem[] };
export const menuItem: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({ key: z.string(), path: z.string(), children: z.array(menuItem).optional() }),
);

/** Title keys of the menu tree with their paths (spec §2 sidebar titles and routes). */
export const menuKeys = {
  'menu.reports': '/report',
  'menu.sdkReport': '/report/sdk',
  'menu.rtbReport': '/report/rtb',
  'menu.affiliateReport': '/report/newreport',
  'menu.newAffiliate': '/report/reportv2',
  'menu.gameReport': '/report/game',
  'menu.appReport': '/appReport/list',
  'menu.appManagement': '/apps/list',
  'menu.adSlots': '/adpos/list',
  'menu.accountManagement': '/account',
  'menu.accountInfo': '/account/index',
  'menu.changePassword': '/account/modPassword',
  'menu.userManagement': '/users',
  'menu.roleManagement': '/roles',
} as const;
export type MenuKey = keyof typeof menuKeys;
