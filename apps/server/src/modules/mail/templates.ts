/**
 * Texts of the mails the portal sends, in zh and en (the request's Accept-Language, api-contract §1).
 */

import { EMAIL_CODE_TTL_SECONDS, type EmailCodePurpose } from '@portal/contracts/account.ts';
import type { Lang } from '@portal/contracts/codes.ts';
import type { Mail } from '../../plugins/mailer.ts';

const minutes = EMAIL_CODE_TTL_SECONDS / 60;

const texts: Record<EmailCodePurpose, Record<Lang, { subject: string; body: (code: string) => string }>> = {
  reset: {
    zh: {
      subject: '重置密码验证码',
      body: (code) =>
        `您的重置密码验证码是：${code}\n\n验证码 ${minutes} 分钟内有效，仅可使用一次。如果不是您本人操作，请忽略本邮件，您的密码不会改变。\n`,
    },
    en: {
      subject: 'Your password reset code',
      body: (code) =>
        `Your password reset code is: ${code}\n\nIt is valid for ${minutes} minutes and can be used once. If you did not ask for it, ignore this mail; your password stays unchanged.\n`,
    },
  },
  signup: {
    zh: {
      subject: '注册验证码',
      body: (code) =>
        `您的注册验证码是：${code}\n\n验证码 ${minutes} 分钟内有效，仅可使用一次。如果不是您本人操作，请忽略本邮件。\n`,
    },
    en: {
      subject: 'Your sign-up code',
      body: (code) =>
        `Your sign-up code is: ${code}\n\nIt is valid for ${minutes} minutes and can be used once. If you did not ask for it, ignore this mail.\n`,
    },
  },
};

/** The mail carrying `code` for `purpose` to `to`, in `lang`. */
export function codeMail(to: string, purpose: EmailCodePurpose, code: string, lang: Lang): Mail {
  const t = texts[purpose][lang];
  return { to, subject: t.subject, text: t.body(code) };
}
