/**
 * The code catalogue of api-contract §2: every business code the server may answer, with its zh and en
 * text. The server never invents a code outside this table; the web shows these texts (spec §8).
 */
export const Code = {
  OK: 0,
  OK_USER_INFO: 200,
  NO_PERMISSION: 402,
  NO_DATA: 601,
  SYSTEM_ERROR: 602,
  NOT_LOGGED_ON: 603,
  PARAM_ERROR: 604,
  BAD_CREDENTIALS: 605,
  WRONG_PASSWORD: 606,
  QUERY_TOO_SLOW: 607,
  REPORTS_BUSY: 608,
  CAPTCHA_WRONG: 10001,
  TOO_MANY_ATTEMPTS: 10002,
  BAD_SIGNATURE: 10003,
  EMAIL_TAKEN: 10004,
  VERIFY_CODE_WRONG: 10005,
  NAME_TAKEN: 10006,
  TRANSITION_NOT_ALLOWED: 10007,
  NOT_FOUND: 10008,
  ACCOUNT_INACTIVE: 10020,
  ACCOUNT_DELETED: 10021,
  JOIN_EMAIL_NOT_ADMIN: 10022,
  JOIN_ACCOUNT_UNKNOWN: 10023,
  OWN_ROLE: 10024,
  LAST_ADMIN: 10025,
  OWNER_PROTECTED: 10026,
  OWNER_ONLY_DEMOTES: 10027,
  TWO_FACTOR_CODE_WRONG: 10030,
  TWO_FACTOR_REQUIRED: 10031,
  TWO_FACTOR_CHALLENGE_EXPIRED: 10032,
  VIEW_SCHEDULED_BY_OTHERS: 10033,
  OWNER_ONLY_DATA_PERMISSIONS: 10050,
  TWO_FACTOR_REQUIRED_BY_ORGANISATION: 10051,
  LIMIT_REACHED: 10052,
  PAYOUT_ON_HOLD: 10100,
  BELOW_THRESHOLD: 10101,
  INVOICE_REQUIRED: 10102,
  PAYMENT_PROFILE_MISSING: 10103,
  TEST_DEVICE_EXISTS: 10150,
  APP_ADS_NO_WEBSITE: 10151,
  SESSION_EXPIRED: 20003,
  LOGIN_INVALID: 20005,
} as const;

export type CodeValue = (typeof Code)[keyof typeof Code];
export type Lang = 'zh' | 'en';

/** zh and en text for each code; `msg` of the envelope in the caller's language. */
export const codeText: Record<CodeValue, Record<Lang, string>> = {
  0: { zh: '成功', en: 'Success' },
  200: { zh: '成功', en: 'Success' },
  402: {
    zh: '您没有权限，请联系管理员申请',
    en: 'You do not have permission, please contact the administrator to apply',
  },
  601: {
    zh: '当前账号下暂无数据，请先完成接入',
    en: 'No data under the current account, please complete the connection first',
  },
  602: { zh: '系统错误', en: 'System error' },
  603: { zh: '未登录', en: 'Not logged on' },
  604: { zh: '参数错误', en: 'Parameter error' },
  605: { zh: '用户名或密码错误', en: 'User name or password error' },
  606: { zh: '密码错误', en: 'Incorrect password' },
  607: {
    zh: '查询耗时过长，请缩小日期范围或减少分组维度',
    en: 'The query took too long: narrow the date range or the grouping',
  },
  608: {
    zh: '大范围报表查询繁忙，请稍后再试或缩小查询范围',
    en: 'Too many large report queries are running: try again shortly or narrow the query',
  },
  10001: { zh: '验证码错误或已过期', en: 'The captcha answer is wrong or has expired' },
  10002: { zh: '尝试次数过多，请稍后再试', en: 'Too many attempts, please try again later' },
  10003: { zh: '签名无效或请求已过期', en: 'Invalid signature or the request has expired' },
  10004: { zh: '该邮箱已注册', en: 'This email is already registered' },
  10005: { zh: '验证码错误或已过期', en: 'The verification code is wrong or has expired' },
  10006: { zh: '名称或包名已存在', en: 'The name or package name already exists' },
  10007: { zh: '不允许的状态变更', en: 'This status change is not allowed' },
  10008: { zh: '请求的资源不存在', en: 'The requested resource does not exist' },
  10020: {
    zh: '该账号已被停用，请联系组织管理员',
    en: "This account has been deactivated; please contact your organisation's administrator",
  },
  10021: {
    zh: '该账号已被删除，请联系组织管理员',
    en: "This account has been deleted; please contact your organisation's administrator",
  },
  10022: {
    zh: '该邮箱不是任何组织超级管理员的邮箱',
    en: "This email is not a super admin's email of any organisation",
  },
  10023: { zh: '该账户 ID 不存在', en: 'No account has this Account ID' },
  10024: { zh: '不能修改自己的角色', en: 'You cannot change your own role' },
  10025: {
    zh: '组织至少需要保留一名在职的管理员',
    en: 'The organisation must keep at least one active administrator',
  },
  10026: {
    zh: '不能降级、停用或删除组织所有者',
    en: "The organisation's owner cannot be demoted, inactivated or deleted",
  },
  10027: {
    zh: '只有组织所有者可以取消管理员角色',
    en: "Only the organisation's owner can demote an administrator",
  },
  10030: { zh: '两步验证码错误', en: 'The two-factor code is wrong' },
  10031: {
    zh: '您的组织要求开启两步验证，请先完成设置',
    en: 'Your organisation requires two-factor sign-in, please set it up first',
  },
  10032: {
    zh: '登录验证已过期，请重新登录',
    en: 'The sign-in verification has expired, please sign in again',
  },
  10033: {
    zh: '其他成员的定时报表正在使用此视图，不能删除、设为私有或改为其他报表',
    en: "Other members' scheduled reports use this view: it cannot be deleted, made private or moved to another report",
  },
  10050: {
    zh: '只有组织所有者可以修改所有者的数据权限',
    en: "Only the organisation's owner can change the owner's data permissions",
  },
  10051: {
    zh: '组织要求两步验证，管理员不能关闭自己的两步验证；请先取消组织的要求',
    en: 'Your organisation requires two-factor sign-in: an administrator cannot turn theirs off while it does',
  },
  10052: {
    zh: '数量已达上限，请删除不再需要的后再试',
    en: 'The limit is reached: delete some you no longer need, then try again',
  },
  10100: {
    zh: '付款暂停中：收款信息变更后 7 天内或该账单已被暂停付款',
    en: 'Payouts are on hold: the payment profile changed within 7 days, or the statement is held',
  },
  10101: {
    zh: '应付金额低于最低付款额，将结转至下月',
    en: 'The amount payable is below the payment threshold and carries over to the next month',
  },
  10102: { zh: '该账单需要先上传发票', en: 'An invoice must be uploaded for this statement first' },
  10103: { zh: '请先填写收款信息', en: 'Fill in the payment profile first' },
  10150: {
    zh: '该广告 ID 已在测试设备列表中',
    en: 'This advertising ID is already on the test device list',
  },
  10151: {
    zh: '请先填写应用的开发者网站，再检查 app-ads.txt',
    en: "Enter the app's developer website before checking its app-ads.txt",
  },
  20003: { zh: '登录已过期，请重新登录', en: 'Your session has expired, please sign in again' },
  20005: { zh: '登录已失效，请重新登录', en: 'Your login is no longer valid, please sign in again' },
};

/**
 * Picks the catalogue language from an `Accept-Language` header value (RFC 9110 §12.5.4; zh-CN default,
 * en): the zh or en range with the highest quality wins, the earlier one on a tie; ranges of other
 * languages and `*` are skipped, so `fr, en;q=0.8` is English and `fr` alone is Chinese. `q=0` refuses.
 */
export function langFromHeader(header: string | undefined | null): Lang {
  if (!header) return 'zh';
  let best: { lang: Lang; q: number } | null = null;
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const lang: Lang | null = /^en([-_]|$)/.test(tag) ? 'en' : /^zh([-_]|$)/.test(tag) ? 'zh' : null;
    if (!lang) continue;
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { lang, q };
  }
  return best?.lang ?? 'zh';
}

/** The catalogue text for `code` in `lang`. */
export function codeMessage(code: CodeValue, lang: Lang): string {
  return codeText[code][lang];
}
