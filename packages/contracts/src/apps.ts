/**
 * Apps (spec §2 Apps list, §3 App, §4 states, §5 App form, §7 Apps). Every route needs a session;
 * the caller must be an active member of an organisation (601 otherwise) with role 67 (its own
 * organisation's apps) or 70 (network operations: every organisation); anyone else answers 402, and
 * so does an id of another organisation's app.
 *
 * - `GET    /v1/app`                   query `appListQuery` → `appListData`
 * - `GET    /v1/app/list`              → `appOption[]` (not deleted; the dialog's options)
 * - `GET    /v1/app/channel_name_exist` query `nameExistQuery` → `existData`
 * - `GET    /v1/app/pkg_exist`         query `pkgExistQuery` → `existData`
 * - `GET    /v1/app/urlvalid`          query `urlValidQuery` → `urlValidData`
 * - `POST   /v1/app`                   body `appCreateBody` → `appItem`
 * - `PUT    /v1/app`                   body `appUpdateBody` → `appItem`
 * - `DELETE /v1/app`                   body `appDeleteBody` → `null` (status −1, to-do action 4)
 * - `PUT    /v1/app/status`            body `statusBody` → `appItem`
 * - `GET    /v1/industry`              → `industry[]` (two levels, `parent_id` −1 = first level)
 *
 * Field failures answer 604 with `data.errors` (messages of `appText` in the caller's language);
 * a taken name or package answers 10006 with the specific text; a refused transition 10007.
 */
import { z } from 'zod';
import type { Lang } from './codes.ts';
import { GOOGLE_PLAY_PREFIX, URL_RE } from './validators.ts';

/** Limits of spec §5 and §9. */
export const APP_NAME_MAX = 30;
export const PACKAGE_NAME_MAX = 100;
export const APP_DESCRIPTION_MAX = 500;
export const STORE_ADDRESS_MAX = 500;

/**
 * Audit status 4 "rejected" (api-contract override, decided here): operations rejecting an app or ad
 * slot under review. Frozen (3) can be lifted by the publisher (3 → 2, spec §4), so a rejection
 * stored as 3 would let a publisher approve its own app; 4 is plain text like 1, and saving an edit of
 * a rejected item sends it back to review (4 → 1).
 */
export const REJECTED = 4;

/** Texts of the app rules (spec §5, §8) in zh and en; the server's 604/10006 messages and the dialog's. */
export const appText = {
  required: { zh: '{field}不能为空', en: '{field} is required' },
  tooLong: { zh: '{field}不能超过 {max} 个字符', en: '{field} must be at most {max} characters' },
  nameTaken: { zh: '应用名称已存在', en: 'app name already exists' },
  pkgEmpty: { zh: '请输入包名', en: 'please enter package name' },
  pkgTaken: { zh: '包名已存在', en: 'package name already exists' },
  invalidUrl: { zh: '无效的链接地址', en: 'invalid URL' },
  pkgMismatch: {
    zh: 'Google Play 地址的 id 参数必须与包名一致',
    en: "The Google Play address's id parameter must equal the package name",
  },
  badIndustry: { zh: '请选择二级分类', en: 'Choose a second-level category' },
  badChoice: { zh: '{field}的取值无效', en: '{field} has an invalid value' },
  badPublisher: { zh: '请选择开发者公司', en: 'Choose the publisher company' },
  badProfitCenter: { zh: '利润中心不存在', en: 'The profit centre does not exist' },
  deleted: { zh: '应用已删除', en: 'The app is deleted' },
  reasonRequired: { zh: '请填写驳回原因', en: 'Give the reason for the rejection' },
  reasonInvalid: {
    zh: '驳回原因不能超过 200 个字符，且不能包含控制字符',
    en: 'The reason must be at most 200 characters, without control characters',
  },
} as const satisfies Record<string, Record<Lang, string>>;

/** Field labels used inside `appText` messages. */
export const appFieldLabel: Record<string, Record<Lang, string>> = {
  app_name: { zh: '应用名称', en: 'App name' },
  package_name: { zh: '包名', en: 'Package name' },
  platform: { zh: '系统', en: 'System' },
  is_online: { zh: '是否上架', en: 'Online' },
  app_store_address: { zh: '应用商店地址', en: 'Store address' },
  industry_id: { zh: '分类', en: 'Category' },
  description: { zh: '描述', en: 'Description' },
  publisher_id: { zh: '开发者公司', en: 'Publisher company' },
  profit_center_id: { zh: '利润中心', en: 'Profit centre' },
};

/** Fills `{field}`, `{max}` of a text. */
export function fillText(text: string, vars: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));
}

/**
 * The store-address format rule of spec §5: with `is_online` 1 the address must start with the
 * Google Play apps prefix, otherwise it must look like an http(s) URL. Pure; both client and server.
 */
export function storeAddressFormatOk(address: string, isOnline: number): boolean {
  const a = address.trim();
  if (isOnline === 1) return a.startsWith(GOOGLE_PLAY_PREFIX) && URL_RE.test(a);
  return URL_RE.test(a);
}

/**
 * The server's validity check of `GET /v1/app/urlvalid` (decided here): the format rule above, and
 * for a Google Play address (`is_online` 1) a parseable URL whose `id` query parameter equals the
 * package name. Returns the failing rule or null.
 */
export function storeAddressProblem(
  address: string,
  isOnline: number,
  packageName: string,
): 'invalidUrl' | 'pkgMismatch' | null {
  if (!storeAddressFormatOk(address, isOnline)) return 'invalidUrl';
  if (isOnline !== 1) return null;
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return 'invalidUrl';
  }
  return url.searchParams.get('id') === packageName.trim() ? null : 'pkgMismatch';
}

const int = z.coerce.number().int();
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined ? undefined : v.trim() || undefined));

/** `GET /v1/app`: one page, newest first; `app_name`, `pkg_name` are substring filters (case-insensitive). */
export const appListQuery = z.object({
  page_no: int.min(1).default(1),
  page_size: int.min(1).max(10000).default(10),
  app_name: optionalText,
  pkg_name: optionalText,
  audit_status: int.optional(),
});
export type AppListQuery = z.input<typeof appListQuery>;

/**
 * One app row. `app_key` is null while the app is under review (1) or rejected (4); `adpos_count`
 * counts its ad slots that are not deleted. `publisher_id` is the owning company.
 */
export const appItem = z.object({
  id: z.number().int(),
  app_name: z.string(),
  package_name: z.string(),
  platform: z.number().int(),
  is_online: z.number().int(),
  app_store_address: z.string(),
  industry_id: z.number().int().nullable(),
  /** Category label "first / second" in the caller's language. */
  industry_name: z.string().nullable(),
  audit_status: z.number().int(),
  publisher_id: z.number().int(),
  publisher_name: z.string(),
  profit_center_id: z.number().int().nullable(),
  description: z.string(),
  app_key: z.string().nullable(),
  adpos_count: z.number().int(),
});
export type AppItem = z.infer<typeof appItem>;
export const appListData = z.object({ list: z.array(appItem), total: z.number().int() });
export type AppListData = z.infer<typeof appListData>;

/** An option of `GET /v1/app/list`. */
export const appOption = z.object({
  id: z.number().int(),
  app_name: z.string(),
  package_name: z.string(),
  audit_status: z.number().int(),
});
export type AppOption = z.infer<typeof appOption>;

/**
 * `GET /v1/app/channel_name_exist`: `id` is the app being edited (excluded). Operations creating an
 * app name the publisher company with `publisher_id` (ignored for anyone else).
 */
export const nameExistQuery = z.object({
  app_name: z.string(),
  id: int.optional(),
  publisher_id: int.optional(),
});
/** `GET /v1/app/pkg_exist`: `id` is the app being edited (excluded). */
export const pkgExistQuery = z.object({ package_name: z.string(), id: int.optional() });
/** `exist` true when another app that is not deleted has it (names: same organisation; packages: network-wide). */
export const existData = z.object({ exist: z.boolean() });

/** `GET /v1/app/urlvalid`; `id` when editing. */
export const urlValidQuery = z.object({
  url: z.string(),
  is_online: int,
  package_name: z.string().default(''),
  id: int.optional(),
});
export const urlValidData = z.object({ result: z.boolean() });

/**
 * `POST /v1/app`. Fields are checked by the server exactly like the dialog (spec §5). `publisher_id`
 * and `profit_center_id` are read only from operations staff (role 70), who must name a publisher
 * company; for anyone else the app belongs to the caller's company and both are ignored.
 */
export const appCreateBody = z.object({
  app_name: z.string(),
  package_name: z.string(),
  platform: z.number().int(),
  is_online: z.number().int(),
  app_store_address: z.string(),
  industry_id: z.number().int().nullable().optional(),
  description: z.string().optional(),
  publisher_id: z.number().int().optional(),
  profit_center_id: z.number().int().nullable().optional(),
});
export type AppCreateBody = z.infer<typeof appCreateBody>;
export const appUpdateBody = appCreateBody.extend({ id: z.number().int() });
export type AppUpdateBody = z.infer<typeof appUpdateBody>;

/** `DELETE /v1/app` (spec §7: sends id and status −1). */
export const appDeleteBody = z.object({ id: z.number().int(), status: z.literal(-1).optional() });

/** Longest reason operations may give for a rejection. */
export const REVIEW_REASON_MAX = 200;

/**
 * `PUT /v1/app/status` and `PUT /v1/adpos/status`. Allowed transitions (else 10007):
 * publisher (67): 2 → 3, 3 → 2; operations (70): also 1 → 2 (approve) and 1 → 4 (reject).
 * A rejection needs `reason` (issue 27 item 4: the publisher is told why): 604 with a field error on
 * `reason` when it is missing, blank, longer than REVIEW_REASON_MAX or holds control characters
 * (`reviewReasonProblem`). It is sent to the publisher in the rejection notification and kept in the
 * audit log; other transitions ignore it.
 */
export const statusBody = z.object({
  id: z.number().int(),
  audit_status: z.number().int(),
  reason: z.string().max(2000).optional(),
});
export type StatusBody = z.infer<typeof statusBody>;

/** A category; `name` in the caller's language. */
export const industry = z.object({ id: z.number().int(), parent_id: z.number().int(), name: z.string() });
export type Industry = z.infer<typeof industry>;

/**
 * The audit statuses an item in `from` may move to through the status endpoints (spec §4; the
 * decisions of `statusBody`). Deleting (→ −1) goes through DELETE, never here.
 */
export function allowedTransitions(from: number, isOps: boolean): number[] {
  if (from === 2) return [3];
  if (from === 3) return [2];
  if (from === 1 && isOps) return [2, REJECTED];
  return [];
}

/**
 * Operations (role 70 only, 402 otherwise), for the review and the app dialog (decided here):
 * - `GET /v1/ops/company/list` query `companyListQuery` → `publisherCompany[]`
 * - `GET /v1/ops/profit_center` → `profitCenter[]`
 * - `GET /v1/ops/review` → `reviewQueue` (apps and ad slots under review, oldest first)
 * - `GET /v1/ops/todo` query `todoListQuery` → `todoListData` (the to-do outbox, newest first)
 * The same lists answer signed partner calls at `/external_api/company/list` and
 * `/external_api/profit_center` (api-contract §3).
 */
export const companyListQuery = z.object({
  is_publisher: z.coerce.number().int().optional(),
  /** Comma-separated or JSON array, e.g. `1` or `[1]`: companies having all of them. */
  cooperation_types: z.string().optional(),
});
export const publisherCompany = z.object({ id: z.number().int(), company_name: z.string() });
export type PublisherCompany = z.infer<typeof publisherCompany>;
export const profitCenter = z.object({ id: z.number().int(), name: z.string() });
export type ProfitCenter = z.infer<typeof profitCenter>;

export const reviewQueue = z.object({
  apps: z.array(
    z.object({
      id: z.number().int(),
      app_name: z.string(),
      package_name: z.string(),
      publisher_name: z.string(),
    }),
  ),
  adpos: z.array(
    z.object({
      adpos_id: z.number().int(),
      adpos_name: z.string(),
      ad_style: z.number().int(),
      channel_name: z.string(),
      publisher_name: z.string(),
    }),
  ),
});
export type ReviewQueue = z.infer<typeof reviewQueue>;

/**
 * To-do action types (decided here; spec §4 names 4 for delete): 1 submitted for review (created,
 * or a rejected item edited), 2 status changed, 4 deleted.
 */
export const TodoAction = { SUBMITTED: 1, STATUS_CHANGED: 2, DELETED: 4 } as const;

export const todoListQuery = z.object({
  page_no: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(20),
  /** `pending` (not delivered yet, the default) or `all`. */
  state: z.enum(['pending', 'all']).default('pending'),
});
export const todoItem = z.object({
  id: z.number().int(),
  idempotency_key: z.string(),
  action_type: z.number().int(),
  entity: z.enum(['app', 'adpos']),
  entity_id: z.number().int(),
  name: z.string(),
  company_id: z.number().int(),
  from_status: z.number().int().nullable(),
  to_status: z.number().int().nullable(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type TodoItem = z.infer<typeof todoItem>;
export const todoListData = z.object({ list: z.array(todoItem), total: z.number().int() });

/**
 * True when `text` holds a C0/C1 control, a bidi override or isolate (U+202A–202E, U+2066–2069) or a
 * lone UTF-16 surrogate (which PostgreSQL refuses).
 */
export function hasUnsafeCharacters(text: string): boolean {
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return true;
    if ((c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)) return true;
    // for…of yields a lone surrogate as its own code point.
    if (c >= 0xd800 && c <= 0xdfff) return true;
  }
  return false;
}

/**
 * What is wrong with a rejection reason (`appText` key), or null when it is fine: required, trimmed
 * at most REVIEW_REASON_MAX characters, no control, bidi-override or lone-surrogate characters.
 */
export function reviewReasonProblem(reason: string | undefined): 'reasonRequired' | 'reasonInvalid' | null {
  const r = reason?.trim() ?? '';
  if (r === '') return 'reasonRequired';
  if ([...r].length > REVIEW_REASON_MAX || hasUnsafeCharacters(r)) return 'reasonInvalid';
  return null;
}
