/**
 * Arithmetic image captchas of api-contract §5. The answer is kept only as SHA-256 of
 * `captcha_id:answer`, expires after 5 minutes and is single use: checking an answer consumes the
 * captcha whether the answer was right or not, so each image allows exactly one guess.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db/client.ts';
import { captchas } from '../../db/schema/auth.ts';

/** Lifetime of a captcha, ms (api-contract §5). */
export const CAPTCHA_TTL_MS = 5 * 60 * 1000;

export type IssuedCaptcha = { captcha_id: string; b64s: string };

/** What the test-mode answer (CAPTCHA_TEST_ANSWER) is; undefined outside tests. */
export type CaptchaOptions = { testAnswer?: string };

/**
 * Draws a new expression (e.g. "7+3", answer "10"), stores its hashed answer and returns the id and a
 * `data:image/svg+xml;base64,…` URL. Also deletes captchas that expired before `now`.
 */
export async function issueCaptcha(db: Db, now: Date): Promise<IssuedCaptcha> {
  const { text, data } = svgCaptcha.createMathExpr({
    mathMin: 1,
    mathMax: 9,
    mathOperator: '+',
    noise: 2,
    width: 120,
    height: 40,
  });
  const id = randomBytes(16).toString('base64url');
  await db.delete(captchas).where(lt(captchas.expires_at, now));
  await db.insert(captchas).values({
    id,
    answer_hash: answerHash(id, text),
    expires_at: new Date(now.getTime() + CAPTCHA_TTL_MS),
  });
  return { captcha_id: id, b64s: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
}

/**
 * `refresh_math`: invalidates `oldId` (if it exists and is unused) and issues a new captcha with a new
 * id. An unknown or expired `oldId` still gets a new captcha, so a login page left open recovers.
 */
export async function refreshCaptcha(db: Db, oldId: string, now: Date): Promise<IssuedCaptcha> {
  await db
    .update(captchas)
    .set({ used_at: now })
    .where(and(eq(captchas.id, oldId), isNull(captchas.used_at)));
  return issueCaptcha(db, now);
}

/**
 * Consumes captcha `id` and tells whether `answer` was right. False when the id is unknown, expired
 * or already used. With `testAnswer` set, that answer is also accepted for an existing, unused,
 * unexpired captcha.
 */
export async function consumeCaptcha(
  db: Db,
  id: string,
  answer: string,
  now: Date,
  opts: CaptchaOptions = {},
): Promise<boolean> {
  const [row] = await db
    .update(captchas)
    .set({ used_at: now })
    .where(and(eq(captchas.id, id), isNull(captchas.used_at), gt(captchas.expires_at, now)))
    .returning({ answer_hash: captchas.answer_hash });
  if (!row) return false;
  const given = answer.trim();
  if (opts.testAnswer !== undefined && given === opts.testAnswer) return true;
  const a = Buffer.from(answerHash(id, given), 'hex');
  const b = Buffer.from(row.answer_hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

function answerHash(id: string, answer: string): string {
  return createHash('sha256').update(`${id}:${answer}`).digest('hex');
}
