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
  CAPTCHA_WRONG: 10001,
  TOO_MANY_ATTEMPTS: 10002,
  BAD_SIGNATURE: 10003,
  EMAIL_TAKEN: 10004,
  VERIFY_CODE_WRONG: 10005,
  NAME_TAKEN: 10006,
  TRANSITION_NOT_ALLOWED: 10007,
  NOT_FOUND: 10008,
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
  10001: { zh: '验证码错误或已过期', en: 'The captcha answer is wrong or has expired' },
  10002: { zh: '尝试次数过多，请稍后再试', en: 'Too many attempts, please try again later' },
  10003: { zh: '签名无效或请求已过期', en: 'Invalid signature or the request has expired' },
  10004: { zh: '该邮箱已注册', en: 'This email is already registered' },
  10005: { zh: '验证码错误或已过期', en: 'The verification code is wrong or has expired' },
  10006: { zh: '名称或包名已存在', en: 'The name or package name already exists' },
  10007: { zh: '不允许的状态变更', en: 'This status change is not allowed' },
  10008: { zh: '请求的资源不存在', en: 'The requested resource does not exist' },
  20003: { zh: '登录已过期，请重新登录', en: 'Your session has expired, please sign in again' },
  20005: { zh: '登录已失效，请重新登录', en: 'Your login is no longer valid, please sign in again' },
};

/** Picks the catalogue language from an `Accept-Language` header value (zh-CN default, en). */
export function langFromHeader(header: string | undefined | null): Lang {
  if (!header) return 'zh';
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh';
}

/** The catalogue text for `code` in `lang`. */
export function codeMessage(code: CodeValue, lang: Lang): string {
  return codeText[code][lang];
}
