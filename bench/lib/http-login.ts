/**
 * Logs in over HTTP the way the web client does (api-contract §3–§5): get_key → gen_math → sign the
 * form → JWE-encrypt it → POST /v1/passport/user/login with the test captcha answer the bench server
 * is configured with (CAPTCHA_TEST_ANSWER). Returns the session token for the `token` header. A bench
 * server started in production mode (lib/server.ts) has no test captcha: for its URL the sessions
 * written before it started are handed out instead (`benchSessions`).
 */
import { createPublicKey } from 'node:crypto';
import { PLAT_TYPE } from '@portal/contracts/constants.ts';
import { signFields } from '@portal/contracts/sign.ts';
import { CompactEncrypt } from 'jose';

/** The sign key of the bench server (the config default; the bench never sets PORTAL_SIGN_KEY). */
const SIGN_KEY = process.env.PORTAL_SIGN_KEY ?? 'portal-dev-sign-key';
export const BENCH_CAPTCHA = '424242';
export const DEMO_PASSWORD = 'Demo12345';

/** Server URL → email → session token written for it before it started (lib/server.ts). */
export const benchSessions = new Map<string, Map<string, string>>();

async function json(res: Response): Promise<{ code: number; msg: string; data: unknown }> {
  return (await res.json()) as { code: number; msg: string; data: unknown };
}

export async function httpLogin(baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<string> {
  const minted = benchSessions.get(baseUrl)?.get(email);
  if (minted) return minted;
  const key = await json(await fetch(`${baseUrl}/api/v1/user/get_key`));
  const { kid, alg, enc, public_key } = key.data as {
    kid: string;
    alg: string;
    enc: string;
    public_key: string;
  };
  const captcha = await json(await fetch(`${baseUrl}/v1/passport/captcha/gen_math`, { method: 'POST' }));
  if (captcha.code !== 0) throw new Error(`gen_math answered ${captcha.code} ${captcha.msg}`);
  const form: Record<string, unknown> = {
    email,
    password,
    captcha_id: (captcha.data as { captcha_id: string }).captcha_id,
    captcha_answer: BENCH_CAPTCHA,
    plat_type: PLAT_TYPE,
    caller: 'web',
    timestamp: Math.floor(Date.now() / 1000),
  };
  form.sign = await signFields(SIGN_KEY, form);
  const data = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(form)))
    .setProtectedHeader({ alg, enc, kid })
    .encrypt(createPublicKey(public_key));
  const res = await json(
    await fetch(`${baseUrl}/v1/passport/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data }),
    }),
  );
  if (res.code !== 0) throw new Error(`login of ${email} answered ${res.code} ${res.msg}`);
  return (res.data as { token: string }).token;
}
