/** POST /v1/passport/captcha/send_email (encrypted, signed): mails a 6-digit code for `reset` or `signup`. */
import type { EmailCodePurpose } from '@portal/contracts/account.ts';
import { accountEndpoints } from '@portal/contracts/endpoints/account.ts';
import { useMutation } from '@tanstack/react-query';
import { postEncrypted } from './encrypted-post.ts';

export type EmailCodeInput = { email: string; type: EmailCodePurpose };

/** Asks the server to mail a code to `email`. */
export function sendEmailCode(input: EmailCodeInput): Promise<null> {
  return postEncrypted(accountEndpoints.sendEmailCode, { email: input.email, type: input.type });
}

/** The send-code mutation. */
export function useSendEmailCode() {
  return useMutation({ mutationFn: sendEmailCode });
}
