/**
 * Notifications (issue 27 item 4): the one declaration of each kind, and the wire of the bell, the
 * list and the preferences.
 *
 * A kind is declared once, in `notificationKinds` below, with `defineNotificationKind`:
 * - `label`: its name on the preferences page (zh, en);
 * - `params`: the zod schema of what the sender passes (validated when sent);
 * - `title`, `body`: templates in zh and en with `{param}` placeholders, filled from `params` and from
 *   `values` (placeholders computed per language, e.g. a role's name);
 * - `link`: the web path of the object it is about (the list's entry and the mail link open it);
 * - `channels`: where it goes unless the recipient chose otherwise: 'portal', 'email' or 'both';
 * - `audience`: who receives it: `user` (the one user the sender names) or `organisation_admins`
 *   (the active role-67 admins of the organisation the sender names, except the user who acted).
 * The server sends one with `notify(tx, kind, to, params)` (apps/server modules/notifications/notify.ts)
 * inside the transaction of the change it reports; nothing else is needed for a new kind.
 *
 * Routes (session required; a user reads and marks only their own notifications, another's id
 * answers 10008 like an unknown one):
 * - `GET /v1/notifications`                  query `notificationListQuery` → `notificationListData`
 * - `GET /v1/notifications/unread_count`     → `unreadCount`
 * - `PUT /v1/notifications/:id/read`         → `null`
 * - `PUT /v1/notifications/read_all`         → `{ updated }`
 * - `GET /v1/notifications/preferences`      → `notificationPreferences`
 * - `PUT /v1/notifications/preferences`      body `notificationPreferencesBody` → `notificationPreferences`
 * - `PUT /api/v1/user/language`              body `userLanguageBody` → `null` (the language mails use)
 */
import { z } from 'zod';
import type { Lang } from './codes.ts';
import { Role } from './constants.ts';

/** Where a kind is delivered: the portal's bell and list, e-mail, or both. */
export const notificationChannels = ['portal', 'email', 'both'] as const;
export type NotificationChannels = (typeof notificationChannels)[number];

export type NotificationAudience = 'user' | 'organisation_admins';

type Texts = Record<Lang, string>;

export type NotificationKindDef<
  P extends z.ZodType<Record<string, unknown>>,
  A extends NotificationAudience = NotificationAudience,
> = {
  label: Texts;
  params: P;
  title: Texts;
  body: Texts;
  values?: (params: z.infer<P>, lang: Lang) => Record<string, string>;
  link: (params: z.infer<P>) => string;
  channels: NotificationChannels;
  audience: A;
};

/**
 * Declares a kind (identity; it keeps the params' type for `link`, `values` and senders, and the
 * audience, which decides the recipients a sender names).
 */
export function defineNotificationKind<
  P extends z.ZodType<Record<string, unknown>>,
  A extends NotificationAudience,
>(def: NotificationKindDef<P, A>): NotificationKindDef<P, A> {
  return def;
}

const id = z.number().int();
const text = z.string().max(500);
const q = encodeURIComponent;

const roleName: Record<number, Texts> = {
  [Role.ADMIN]: { zh: '管理员', en: 'administrator' },
  [Role.MEMBER]: { zh: '成员', en: 'member' },
  [Role.OPS]: { zh: '运营', en: 'operations' },
};

/** Every kind, in the order the preferences page lists them. */
export const notificationKinds = {
  app_approved: defineNotificationKind({
    label: { zh: '应用审核通过', en: 'App approved' },
    params: z.object({ app_id: id, app_name: text }),
    title: { zh: '应用「{app_name}」已通过审核', en: 'App "{app_name}" was approved' },
    body: {
      zh: '运营已通过应用「{app_name}」的审核，应用密钥现已可见，可以开始接入广告位。',
      en: 'Operations approved your app "{app_name}": its app key is now shown and its ad slots can go live.',
    },
    link: (p) => `/apps/list?app_name=${q(p.app_name)}`,
    channels: 'both',
    audience: 'organisation_admins',
  }),
  app_rejected: defineNotificationKind({
    label: { zh: '应用审核未通过', en: 'App rejected' },
    params: z.object({ app_id: id, app_name: text, reason: text }),
    title: { zh: '应用「{app_name}」未通过审核', en: 'App "{app_name}" was rejected' },
    body: {
      zh: '原因：{reason}。修改并保存应用后将重新提交审核。',
      en: 'Reason: {reason}. Edit and save the app to send it for review again.',
    },
    link: (p) => `/apps/list?app_name=${q(p.app_name)}`,
    channels: 'both',
    audience: 'organisation_admins',
  }),
  placement_approved: defineNotificationKind({
    label: { zh: '广告位审核通过', en: 'Ad slot approved' },
    params: z.object({ adpos_id: id, adpos_name: text, app_name: text }),
    title: { zh: '广告位「{adpos_name}」已通过审核', en: 'Ad slot "{adpos_name}" was approved' },
    body: {
      zh: '应用「{app_name}」的广告位「{adpos_name}」（ID {adpos_id}）已通过审核。',
      en: 'Ad slot "{adpos_name}" (ID {adpos_id}) of app "{app_name}" was approved.',
    },
    link: (p) => `/adpos/list?adpos_id=${p.adpos_id}`,
    channels: 'both',
    audience: 'organisation_admins',
  }),
  placement_rejected: defineNotificationKind({
    label: { zh: '广告位审核未通过', en: 'Ad slot rejected' },
    params: z.object({ adpos_id: id, adpos_name: text, app_name: text, reason: text }),
    title: { zh: '广告位「{adpos_name}」未通过审核', en: 'Ad slot "{adpos_name}" was rejected' },
    body: {
      zh: '应用「{app_name}」的广告位「{adpos_name}」（ID {adpos_id}）未通过审核。原因：{reason}。修改并保存后将重新提交审核。',
      en: 'Ad slot "{adpos_name}" (ID {adpos_id}) of app "{app_name}" was rejected. Reason: {reason}. Edit and save it to send it for review again.',
    },
    link: (p) => `/adpos/list?adpos_id=${p.adpos_id}`,
    channels: 'both',
    audience: 'organisation_admins',
  }),
  join_requested: defineNotificationKind({
    label: { zh: '加入组织申请', en: 'Request to join' },
    params: z.object({ user_id: id, user_name: text, email: text, reason: text }),
    values: (p) => ({ reason: p.reason || '—' }),
    title: { zh: '{user_name} 申请加入组织', en: '{user_name} asked to join your organisation' },
    body: {
      zh: '{email} 申请加入组织，理由：{reason}。请在用户管理中批准或拒绝。',
      en: '{email} asked to join, giving as reason: {reason}. Approve or decline it in user management.',
    },
    link: () => '/users',
    channels: 'both',
    audience: 'organisation_admins',
  }),
  member_joined: defineNotificationKind({
    label: { zh: '新成员加入', en: 'Member joined' },
    params: z.object({ user_id: id, user_name: text, email: text }),
    title: { zh: '{user_name} 已加入组织', en: '{user_name} joined your organisation' },
    body: { zh: '{email} 的加入申请已获批准。', en: 'The request of {email} to join was approved.' },
    link: () => '/users',
    channels: 'portal',
    audience: 'organisation_admins',
  }),
  role_changed: defineNotificationKind({
    label: { zh: '角色变更', en: 'Role changed' },
    params: z.object({ role_id: id }),
    values: (p, lang) => ({ role: roleName[p.role_id]?.[lang] ?? String(p.role_id) }),
    title: { zh: '您的角色已变更为{role}', en: 'Your role is now {role}' },
    body: {
      zh: '组织管理员已将您的角色变更为{role}，可用的菜单与操作随之变化。',
      en: 'An administrator of your organisation made you {role}; your menus and actions follow.',
    },
    link: () => '/account/index',
    channels: 'both',
    audience: 'user',
  }),
  data_permission_changed: defineNotificationKind({
    label: { zh: '数据权限变更', en: 'Data permissions changed' },
    params: z.object({ count: z.number().int().min(0) }),
    title: { zh: '您的数据权限已变更', en: 'Your data permissions changed' },
    body: {
      zh: '组织管理员更新了您的数据权限，现在共 {count} 项；报表只显示权限内的数据。',
      en: 'An administrator of your organisation updated your data permissions: {count} entries now. Reports show only what they cover.',
    },
    link: () => '/account/index',
    channels: 'both',
    audience: 'user',
  }),
  api_key_created: defineNotificationKind({
    label: { zh: '创建 API 密钥', en: 'API key created' },
    params: z.object({ key_id: id, name: text, prefix: text }),
    title: { zh: '已创建 API 密钥「{name}」', en: 'API key "{name}" was created' },
    body: {
      zh: '您的账号创建了 API 密钥「{name}」（{prefix}…）。如果不是您本人操作，请立即撤销该密钥并修改密码。',
      en: 'The API key "{name}" ({prefix}…) was created for your account. If this was not you, revoke it and change your password now.',
    },
    link: () => '/account/apiKeys',
    channels: 'both',
    audience: 'user',
  }),
  two_factor_disabled: defineNotificationKind({
    label: { zh: '关闭两步验证', en: 'Two-factor turned off' },
    params: z.object({}),
    title: { zh: '两步验证已关闭', en: 'Two-factor sign-in was turned off' },
    body: {
      zh: '您的账号已关闭两步验证。如果不是您本人操作，请立即修改密码并重新开启。',
      en: 'Two-factor sign-in was turned off for your account. If this was not you, change your password and turn it on again now.',
    },
    link: () => '/account/security',
    channels: 'both',
    audience: 'user',
  }),
  new_device_sign_in: defineNotificationKind({
    label: { zh: '新设备登录', en: 'Sign-in from a new device' },
    params: z.object({ device: text, ip: text }),
    title: { zh: '新设备登录：{device}', en: 'New sign-in: {device}' },
    body: {
      zh: '您的账号在一台新设备上登录：{device}，IP {ip}。如果不是您本人，请立即修改密码并在安全设置中退出该会话。',
      en: 'Your account signed in on a new device: {device}, IP {ip}. If this was not you, change your password now and sign that session out under Security.',
    },
    link: () => '/account/security',
    channels: 'both',
    audience: 'user',
  }),
  report_schedule_failed: defineNotificationKind({
    label: { zh: '定时报表发送失败', en: 'Scheduled report failed' },
    params: z.object({ schedule_id: id, view_name: text, error: text }),
    title: { zh: '定时报表「{view_name}」发送失败', en: 'Scheduled report "{view_name}" was not sent' },
    body: {
      zh: '定时报表「{view_name}」本次未能发送。原因：{error}',
      en: 'The scheduled report "{view_name}" could not be sent this time. Reason: {error}',
    },
    link: () => '/report/schedules',
    channels: 'both',
    audience: 'user',
  }),
  app_ads_txt_missing: defineNotificationKind({
    label: { zh: 'app-ads.txt 缺少本平台的行', en: 'app-ads.txt line missing' },
    params: z.object({ app_id: id, app_name: text, url: text, line: text }),
    title: {
      zh: '应用「{app_name}」的 app-ads.txt 缺少本平台的行',
      en: 'The app-ads.txt of "{app_name}" lacks our line',
    },
    body: {
      zh: '检查 {url} 时未找到本平台的行，广告主可能因此不购买该应用的广告。请在文件中加入：{line}',
      en: "Checking {url} found no line of ours, so buyers may skip this app's ads. Add this line to the file: {line}",
    },
    link: (p) => `/apps/list?app_name=${q(p.app_name)}`,
    channels: 'both',
    audience: 'organisation_admins',
  }),
  app_ads_txt_wrong: defineNotificationKind({
    label: { zh: 'app-ads.txt 中的行有误', en: 'app-ads.txt line wrong' },
    params: z.object({ app_id: id, app_name: text, url: text, line: text }),
    title: {
      zh: '应用「{app_name}」的 app-ads.txt 中本平台的行有误',
      en: 'Our line in the app-ads.txt of "{app_name}" is wrong',
    },
    body: {
      zh: '{url} 中本平台的行与您的账户不符。请改为：{line}',
      en: 'The line of ours in {url} does not match your account. Change it to: {line}',
    },
    link: (p) => `/apps/list?app_name=${q(p.app_name)}`,
    channels: 'both',
    audience: 'organisation_admins',
  }),
} as const;

export type NotificationKind = keyof typeof notificationKinds;
export type NotificationParams<K extends NotificationKind> = z.infer<(typeof notificationKinds)[K]['params']>;

/** True for a declared kind. */
export function isNotificationKind(kind: string): kind is NotificationKind {
  return Object.hasOwn(notificationKinds, kind);
}

/** `template` with each `{name}` replaced by `values[name]` (unknown placeholders stay as written). */
export function fillTemplate(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    values[name] === undefined || values[name] === null ? whole : String(values[name]),
  );
}

/** A notification's title, body and link in `lang`, from its kind and stored params. */
export function renderNotification(
  kind: string,
  params: Record<string, unknown>,
  lang: Lang,
): { title: string; body: string; link: string } {
  if (!isNotificationKind(kind)) return { title: kind, body: '', link: '' };
  // Each kind's functions take its own params; the stored ones were validated when sent.
  const def = notificationKinds[kind] as unknown as NotificationKindDef<z.ZodType<Record<string, unknown>>>;
  const values = { ...params, ...(def.values?.(params, lang) ?? {}) };
  return {
    title: fillTemplate(def.title[lang], values),
    body: fillTemplate(def.body[lang], values),
    link: def.link(params),
  };
}

// ---- wire ----

export const notificationListQuery = z.object({
  page_no: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  /** `1`: unread ones only. */
  unread: z.enum(['0', '1']).default('0'),
});
export type NotificationListQuery = z.input<typeof notificationListQuery>;
/** The list's parameters after parsing (what a client sends). */
export type NotificationListParams = z.infer<typeof notificationListQuery>;

/** One notification, rendered in the caller's language. `created_at` ISO 8601. */
export const notificationItem = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** Web path of its object. */
  link: z.string(),
  read: z.boolean(),
  created_at: z.string(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationListData = z.object({
  list: z.array(notificationItem),
  total: z.number().int(),
  unread: z.number().int(),
});
export type NotificationListData = z.infer<typeof notificationListData>;

export const unreadCount = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCount>;

export const notificationIdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 53 - 1),
});
export const readAllData = z.object({ updated: z.number().int() });

/** One kind's preference; `label` in the caller's language. */
export const notificationPreference = z.object({
  kind: z.string(),
  label: z.string(),
  channels: z.enum(notificationChannels),
  default_channels: z.enum(notificationChannels),
});
export type NotificationPreference = z.infer<typeof notificationPreference>;
export const notificationPreferences = z.object({ list: z.array(notificationPreference) });
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

export const notificationPreferencesBody = z.object({
  list: z
    .array(
      z.object({
        kind: z.string().refine(isNotificationKind, 'unknown notification kind'),
        channels: z.enum(notificationChannels),
      }),
    )
    .min(1)
    .max(100),
});
export type NotificationPreferencesBody = z.input<typeof notificationPreferencesBody>;

/** `PUT /api/v1/user/language`: the UI language the user chose. */
export const userLanguageBody = z.object({ lang: z.enum(['zh', 'en']) });
