/**
 * Test helpers that log in the way the web client does, through the public endpoints only:
 * get_key → gen_math → sign the login form (api-contract §3) → JWE-encrypt it to the served key
 * (§4) → POST /v1/passport/user/login with the test captcha answer (TEST_CAPTCHA, §5).
 */
import { createPublicKey } from 'node:crypto';
import { type LoginData, loginData } from '@portal/contracts/account.ts';
import { PLAT_TYPE } from '@portal/contracts/constants.ts';
import { endpoints } from '@portal/contracts/endpoints.ts';
import { type TwoFactorChallengeData, twoFactorChallengeData } from '@portal/contracts/security.ts';
import { signFields } from '@portal/contracts/sign.ts';
import type { FastifyInstance } from 'fastify';
import { CompactEncrypt } from 'jose';
import { envelopeOf, type RawEnvelope } from './envelope.ts';
import { TEST_CAPTCHA } from './test-app.ts';
import { signingTimestamp } from './timestamps.ts';

/** An answer envelope of a signed or encrypted call, `data` unknown for the test to narrow. */
export type Answer = RawEnvelope;

/** Encrypts `payload` (JSON) to the key served by get_key: JWE compact, RSA-OAEP-256 / A256GCM. */
export async function encryptForServer(app: FastifyInstance, payload: unknown): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/v1/user/get_key' });
  const { kid, alg, enc, public_key } = endpoints.account.publicKey.data.parse(envelopeOf(res).data);
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg, enc, kid })
    .encrypt(createPublicKey(public_key));
}

/** A fresh captcha id from gen_math (from `ip`, default the inject default 127.0.0.1). */
export async function newCaptchaId(app: FastifyInstance, ip?: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/passport/captcha/gen_math',
    ...(ip ? { remoteAddress: ip } : {}),
  });
  const body = envelopeOf(res);
  if (body.code !== 0) throw new Error(`gen_math answered ${body.code}`);
  return endpoints.account.captcha.data.parse(body.data).captcha_id;
}

export type LoginAttempt = {
  email: string;
  password: string;
  /** Default: a new captcha from gen_math. */
  captchaId?: string;
  /** Default: TEST_CAPTCHA. */
  captchaAnswer?: string;
  /** Unix seconds; default the server clock (`app.now()`). */
  timestamp?: number;
  /** Changes the signed form after signing (tamper tests). */
  afterSign?: (form: Record<string, unknown>) => void;
  /** Client address (`request.ip`); default 127.0.0.1. */
  ip?: string;
  /** `User-Agent` header; default none (inject sends `lightMyRequest`). */
  userAgent?: string;
  /** `Accept-Language` header; default none. */
  lang?: string;
  /** The instance whose get_key the form is encrypted to (another one behind a load balancer); default `app`. */
  keyFrom?: FastifyInstance;
  /** Sees the HTTP answer's headers (e.g. Cache-Control). */
  onHeaders?: (headers: Record<string, unknown>) => void;
};

/** Performs one login attempt and returns the parsed answer envelope. */
export async function attemptLogin(app: FastifyInstance, attempt: LoginAttempt): Promise<Answer> {
  const captchaId = attempt.captchaId ?? (await newCaptchaId(app, attempt.ip));
  const form: Record<string, unknown> = {
    email: attempt.email,
    password: attempt.password,
    captcha_id: captchaId,
    captcha_answer: attempt.captchaAnswer ?? TEST_CAPTCHA,
    plat_type: PLAT_TYPE,
    caller: 'web',
  };
  form.timestamp = attempt.timestamp ?? signingTimestamp(app, form);
  form.sign = await signFields(app.config.signKey, form);
  attempt.afterSign?.(form);
  const res = await app.inject({
    method: 'POST',
    url: '/v1/passport/user/login',
    payload: { data: await encryptForServer(attempt.keyFrom ?? app, form) },
    headers: {
      ...(attempt.userAgent ? { 'user-agent': attempt.userAgent } : {}),
      ...(attempt.lang ? { 'accept-language': attempt.lang } : {}),
    },
    ...(attempt.ip ? { remoteAddress: attempt.ip } : {}),
  });
  attempt.onHeaders?.(res.headers);
  return envelopeOf(res);
}

/** Logs in for real and returns the session token; throws when the login does not answer code 0. */
export async function loginAs(app: FastifyInstance, email: string, password: string): Promise<string> {
  const body = await attemptLogin(app, { email, password });
  if (body.code !== 0) throw new Error(`login of ${email} answered ${body.code} ${body.msg}`);
  return sessionOf(body).token;
}

/** The session of a successful login answer (account.ts loginData); throws on a failure or a two-factor challenge. */
export function sessionOf(answer: Answer): LoginData {
  if (answer.code !== 0) throw new Error(`login answered ${answer.code} ${answer.msg}`);
  return loginData.parse(answer.data);
}

/** The two-factor challenge of a login answer (security.ts twoFactorChallengeData); throws on anything else. */
export function challengeOf(answer: Answer): TwoFactorChallengeData {
  if (answer.code !== 0) throw new Error(`login answered ${answer.code} ${answer.msg}`);
  return twoFactorChallengeData.parse(answer.data);
}
