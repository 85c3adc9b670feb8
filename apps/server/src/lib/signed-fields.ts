/**
 * Verification of signed requests (api-contract §3): `sign` must equal the upper-case hex
 * HMAC-SHA256 of the canonical field string under the key, compared in constant time, and
 * `timestamp` (Unix seconds) must be within 300 s of the server clock in either direction.
 * Any failure throws 10003; which check failed is not revealed. A valid signature is accepted once
 * (api-contract §10): the caller's `claim` records it and answers false for one already used.
 */
import { timingSafeEqual } from 'node:crypto';
import { SIGN_WINDOW_SECONDS, signFields } from '@portal/contracts/sign.ts';
import { AppError } from './app-error.ts';

/** Records a valid signature (signed at `timestampSeconds`); false when it was already used. */
export type ClaimSignature = (sign: string, timestampSeconds: number) => Promise<boolean>;

/**
 * Checks `fields` (the request's fields as sent, including `sign` and `timestamp`) against `key`
 * at `now`, then claims the signature. Throws AppError 10003 on a missing or wrong sign, a timestamp
 * outside the window, or a signature already used (plugins/signature-ledger.ts).
 */
export async function verifySignedFields(
  fields: Record<string, unknown>,
  key: string,
  now: Date,
  claim: ClaimSignature,
): Promise<void> {
  const sign = fields.sign;
  if (typeof sign !== 'string' || sign.length === 0) throw new AppError(10003);
  const expected = Buffer.from(await signFields(key, fields), 'utf8');
  const given = Buffer.from(sign, 'utf8');
  const signOk = given.length === expected.length && timingSafeEqual(given, expected);
  const ts = typeof fields.timestamp === 'string' ? Number(fields.timestamp) : fields.timestamp;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const tsOk =
    typeof ts === 'number' && Number.isInteger(ts) && Math.abs(nowSeconds - ts) <= SIGN_WINDOW_SECONDS;
  if (!signOk || !tsOk) throw new AppError(10003);
  if (!(await claim(sign, ts as number))) throw new AppError(10003);
}
