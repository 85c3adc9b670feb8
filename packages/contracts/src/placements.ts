/**
 * Ad slots (spec §2 Ad slots list, §3 Ad slot, §4, §5 Ad slot form, §7 Ad slots). Access rules as for
 * apps (contracts apps.ts): active member with role 67 (own organisation) or 70 (all); 402 for another
 * organisation's ad slot or app, 601 without an organisation.
 *
 * - `GET    /v1/adpos`            query `placementListQuery` → `placementListData`
 * - `GET    /v1/adpos/name_exist` query `placementNameExistQuery` → `{ exist }` (`app_id` optional)
 * - `POST   /v1/adpos`            body `placementCreateBody` → `placementItem`
 * - `PUT    /v1/adpos`            body `placementUpdateBody` → `placementItem` (app and ad style fixed: 604)
 * - `DELETE /v1/adpos`            body `placementDeleteBody` → `null` (status −1, to-do action 4)
 * - `PUT    /v1/adpos/status`     body `statusBody` of apps.ts (`id` = adpos_id) → `placementItem`
 * - `GET    /v1/adpos/type`       query `placementTypeQuery` → `adStyleInfo[]`
 */
import { z } from 'zod';
import type { Lang } from './codes.ts';
import { AdStyle } from './constants.ts';

/** Ad slot name limit (spec §9). */
export const PLACEMENT_NAME_MAX = 30;

/** Content types (spec §5): 1 horizontal image-text … 6 300*250. */
export const ContentType = {
  H_IMAGE_TEXT: 1,
  V_IMAGE_TEXT: 2,
  H_VIDEO: 3,
  V_VIDEO: 4,
  BANNER_320_50: 5,
  BANNER_300_250: 6,
} as const;

/** Allowed content types per ad style (spec §5 table). */
export const contentTypesByStyle: Record<number, number[]> = {
  [AdStyle.BANNER]: [5, 6],
  [AdStyle.INTERSTITIAL]: [1, 2, 3, 4],
  [AdStyle.NATIVE]: [1, 2, 3, 4],
  [AdStyle.REWARDED_VIDEO]: [3, 4],
};

/** Groups of content types of which at most one may be chosen (spec §5: Banner 5 and 6). */
export const exclusiveContentTypes: Record<number, number[][]> = {
  [AdStyle.BANNER]: [[5, 6]],
};

export const adStyleName: Record<number, Record<Lang, string>> = {
  [AdStyle.BANNER]: { zh: '横幅', en: 'Banner' },
  [AdStyle.INTERSTITIAL]: { zh: '插屏', en: 'Interstitial' },
  [AdStyle.NATIVE]: { zh: '原生', en: 'Native' },
  [AdStyle.REWARDED_VIDEO]: { zh: '激励视频', en: 'Rewarded Video' },
};

export const contentTypeName: Record<number, Record<Lang, string>> = {
  1: { zh: '横版图文', en: 'Horizontal image-text' },
  2: { zh: '竖版图文', en: 'Vertical image-text' },
  3: { zh: '横版视频', en: 'Horizontal video' },
  4: { zh: '竖版视频', en: 'Vertical video' },
  5: { zh: '320*50', en: '320*50' },
  6: { zh: '300*250', en: '300*250' },
};

/** Texts of the ad slot rules (spec §5) in zh and en; server 604 messages and the dialog's. */
export const placementText = {
  required: { zh: '{field}不能为空', en: '{field} is required' },
  tooLong: { zh: '{field}不能超过 {max} 个字符', en: '{field} must be at most {max} characters' },
  nameTaken: { zh: '广告位名称已存在', en: 'Ad slot name already exists' },
  badStyle: { zh: '广告样式无效', en: 'Invalid ad style' },
  badContent: {
    zh: '该广告样式不支持所选的内容类型',
    en: 'These content types are not allowed for this ad style',
  },
  exclusive: { zh: '320*50 与 300*250 只能选择一个', en: '320*50 and 300*250 cannot be chosen together' },
  fixed: { zh: '{field}创建后不能修改', en: '{field} cannot be changed after creation' },
  appDeleted: { zh: '应用已删除', en: 'The app is deleted' },
} as const satisfies Record<string, Record<Lang, string>>;

export const placementFieldLabel: Record<string, Record<Lang, string>> = {
  app: { zh: '应用', en: 'App' },
  adpos_name: { zh: '广告位名称', en: 'Ad slot name' },
  ad_style: { zh: '广告样式', en: 'Ad style' },
  content_type: { zh: '内容类型', en: 'Content type' },
};

/**
 * The content-type rule of spec §5 for `style`: the failing rule or null. `required` when empty,
 * `badStyle` for an unknown style, `badContent` for a type outside the style's list (or repeated),
 * `exclusive` when two of an exclusive group are chosen.
 */
export function contentTypeProblem(
  style: number,
  types: number[],
): 'required' | 'badStyle' | 'badContent' | 'exclusive' | null {
  const allowed = contentTypesByStyle[style];
  if (!allowed) return 'badStyle';
  if (types.length === 0) return 'required';
  if (new Set(types).size !== types.length || types.some((t) => !allowed.includes(t))) return 'badContent';
  for (const group of exclusiveContentTypes[style] ?? []) {
    if (types.filter((t) => group.includes(t)).length > 1) return 'exclusive';
  }
  return null;
}

const int = z.coerce.number().int();
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined ? undefined : v.trim() || undefined));

/**
 * `GET /v1/adpos`: one page, newest first. `adpos_name` and `app_name` are substring filters;
 * `app_id` exact. Deleted ad slots (−1) only when `audit_status` is −1.
 */
export const placementListQuery = z.object({
  page_no: int.min(1).default(1),
  page_size: int.min(1).max(10000).default(10),
  adpos_id: int.optional(),
  adpos_name: optionalText,
  app_id: int.optional(),
  app_name: optionalText,
  ad_style: int.optional(),
  audit_status: int.optional(),
});
export type PlacementListQuery = z.input<typeof placementListQuery>;

/** One ad slot; `channel_name` is the app's name (spec §3). */
export const placementItem = z.object({
  adpos_id: z.number().int(),
  adpos_name: z.string(),
  ad_style: z.number().int(),
  content_type: z.array(z.number().int()),
  audit_status: z.number().int(),
  channel_name: z.string(),
  app: z.object({ id: z.number().int() }),
});
export type PlacementItem = z.infer<typeof placementItem>;
export const placementListData = z.object({ list: z.array(placementItem), total: z.number().int() });
export type PlacementListData = z.infer<typeof placementListData>;

/**
 * `GET /v1/adpos/name_exist` (api-contract §10): `adpos_id` when editing (excluded from the check);
 * `app_id` optional: absent, the check covers the app of `adpos_id`, or else every app of the
 * caller's organisation (every app for operations).
 */
export const placementNameExistQuery = z.object({
  adpos_name: z.string(),
  app_id: int.optional(),
  adpos_id: int.optional(),
});

/** `POST /v1/adpos`. `adpos_name` is trimmed. */
export const placementCreateBody = z.object({
  adpos_name: z.string(),
  ad_style: z.number().int(),
  app: z.object({ id: z.number().int() }),
  content_type: z.array(z.number().int()).max(10),
});
export type PlacementCreateBody = z.infer<typeof placementCreateBody>;
export const placementUpdateBody = placementCreateBody.extend({ adpos_id: z.number().int() });
export type PlacementUpdateBody = z.infer<typeof placementUpdateBody>;
export const placementDeleteBody = z.object({ id: z.number().int(), status: z.literal(-1).optional() });

/** `GET /v1/adpos/type`: publisher_type 1 (SDK) lists the styles; other types have none. */
export const placementTypeQuery = z.object({ publisher_type: int.default(1) });
export const adStyleInfo = z.object({
  ad_style: z.number().int(),
  name: z.string(),
  content_types: z.array(z.object({ value: z.number().int(), name: z.string() })),
  /** Groups of which at most one may be chosen. */
  exclusive: z.array(z.array(z.number().int())),
});
export type AdStyleInfo = z.infer<typeof adStyleInfo>;
