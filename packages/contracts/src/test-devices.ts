/**
 * Test devices (issue 27 item 2): an organisation's advertising IDs that the ad server serves test
 * ads to. Managed by the organisation's active admins (role 67, `canManageTestDevices` in access.ts);
 * every route is scoped to the caller's organisation from the session, never from the request.
 *
 * - `GET    /v1/test_devices`         → `testDeviceList`
 * - `POST   /v1/test_devices`         body `testDeviceBody` → `testDevice` (10150: already listed)
 * - `PUT    /v1/test_devices/:id`     body `testDeviceBody` → `testDevice` (10008: not the caller's)
 * - `DELETE /v1/test_devices/:id`     → `null`
 * - `GET    /external_api/test_devices` signed (api-contract §3, `partner_id`), query
 *   `externalTestDevicesQuery` → `externalTestDevices`: every organisation's live devices and the
 *   latest change time; with `since` equal to (or after) that time, `changed: false` and no list, so
 *   the ad server can poll often for the price of one indexed `max()`.
 *
 * An advertising ID is a GAID (Android) or IDFA (iOS): a UUID, 8-4-4-4-12 hexadecimal digits, case
 * ignored and stored lower-case. The all-zero ID (a device with ad tracking limited) identifies no
 * device and is refused.
 */
import { z } from 'zod';
import type { Lang } from './codes.ts';

export const TEST_DEVICE_NAME_MAX = 50;
/** Devices per organisation (the ad server loads every list). */
export const TEST_DEVICES_MAX = 100;

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const ZERO_ID = '00000000-0000-0000-0000-000000000000';
/** A UTF-16 half without its pair (not storable as UTF-8 text). */
export const LONE_SURROGATE = /\p{Cs}/u;

export const testDeviceText = {
  badId: {
    zh: '广告 ID 须为 GAID 或 IDFA 格式（如 38400000-8cf0-11bd-b23e-10b96e40000d）',
    en: 'The advertising ID must be a GAID or IDFA (e.g. 38400000-8cf0-11bd-b23e-10b96e40000d)',
  },
  zeroId: {
    zh: '全零的广告 ID 表示设备已限制广告追踪，无法用作测试设备',
    en: 'An all-zero advertising ID means ad tracking is limited on the device: it cannot be a test device',
  },
  name: { zh: '设备名称为 1 到 50 个字符', en: 'The device name must be 1 to 50 characters' },
  platform: { zh: '请选择平台', en: 'Choose a platform' },
  tooMany: {
    zh: '每个组织最多 100 台测试设备',
    en: 'An organisation can have at most 100 test devices',
  },
} as const satisfies Record<string, Record<Lang, string>>;

/** The advertising ID in its stored form (lower-case), or null when it is not a usable GAID/IDFA. */
export function normaliseAdvertisingId(raw: string): string | null {
  const v = raw.trim();
  if (!UUID.test(v)) return null;
  const lower = v.toLowerCase();
  return lower === ZERO_ID ? null : lower;
}

/**
 * Create or edit body as the route accepts it (types and size only); the rules are
 * `testDeviceProblems`, so their messages follow the caller's language.
 */
export const testDeviceBody = z.object({
  advertising_id: z.string().max(200),
  name: z.string().max(200),
  /** 1 Android (GAID), 2 iOS (IDFA). */
  platform: z.number().int(),
});
export type TestDeviceBody = z.input<typeof testDeviceBody>;

/** The body's problems in `lang` as `{ field, message }` (empty when valid). */
export function testDeviceProblems(b: TestDeviceBody, lang: Lang): { field: string; message: string }[] {
  const out: { field: string; message: string }[] = [];
  const id = b.advertising_id.trim();
  if (!UUID.test(id)) out.push({ field: 'advertising_id', message: testDeviceText.badId[lang] });
  else if (id === ZERO_ID) out.push({ field: 'advertising_id', message: testDeviceText.zeroId[lang] });
  const name = b.name.trim();
  if (!name || name.length > TEST_DEVICE_NAME_MAX || LONE_SURROGATE.test(name))
    out.push({ field: 'name', message: testDeviceText.name[lang] });
  if (b.platform !== 1 && b.platform !== 2)
    out.push({ field: 'platform', message: testDeviceText.platform[lang] });
  return out;
}

export const testDeviceIdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});

/** One device; `added_at` ISO 8601; `added_by` the adding user's name (email when none). */
export const testDevice = z.object({
  id: z.number().int(),
  advertising_id: z.string(),
  name: z.string(),
  platform: z.number().int(),
  added_by: z.string(),
  added_at: z.string(),
});
export type TestDevice = z.infer<typeof testDevice>;

export const testDeviceList = z.object({ list: z.array(testDevice) });
export type TestDeviceList = z.infer<typeof testDeviceList>;

/** `since`: an `updated_at` of an earlier answer (ISO 8601). */
export const externalTestDevicesQuery = z.object({ since: z.string().max(40).optional() });

export const externalTestDevices = z.object({
  /** Latest change (add, edit, removal) of any test device, ISO 8601 with ms; null when none ever. */
  updated_at: z.string().nullable(),
  /** False when nothing changed after `since`; `list` is then empty. */
  changed: z.boolean(),
  list: z.array(
    z.object({
      company_id: z.number().int(),
      advertising_id: z.string(),
      /** 1 Android, 2 iOS. */
      platform: z.number().int(),
      name: z.string(),
    }),
  ),
});
export type ExternalTestDevices = z.infer<typeof externalTestDevices>;
