/**
 * The two encrypted, signed account forms of issue 3: POST /v1/passport/password/forgot (reset with an
 * emailed code) and POST /v1/passport/user/signup (create a user with an emailed code).
 */
import { accountEndpoints } from '@portal/contracts/endpoints/account.ts';
import { useMutation } from '@tanstack/react-query';
import { postEncrypted } from './encrypted-post.ts';

export type ResetInput = { email: string; password: string; code: string };
export type SignupInput = { email: string; name: string; password: string; code: string };

/** Replaces the password; the server revokes every session of the user. */
export function resetPassword(input: ResetInput): Promise<null> {
  return postEncrypted(accountEndpoints.forgotPassword, input);
}

/** Creates the user (no organisation yet); resolves with its id. */
export function signup(input: SignupInput): Promise<{ user_id: number }> {
  return postEncrypted(accountEndpoints.signup, input);
}

/** The reset mutation. */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

/** The sign-up mutation. */
export function useSignup() {
  return useMutation({ mutationFn: signup });
}
