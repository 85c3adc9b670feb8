/**
 * TOTP of RFC 6238 through otplib: SHA-1, 6 digits, 30-second steps (what authenticator apps use),
 * accepting the previous and next step for clock drift (RFC 6238 §5.2, ±30 s) and never a step at or
 * before the last one accepted, so a code cannot be used twice. Recovery codes: ten `xxxxx-xxxxx`
 * codes from a 32-letter alphabet (50 bits each), stored as SHA-256 of `user_id:code`.
 */
import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';

export const TOTP_ISSUER = 'Publisher Portal';
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A new base32 secret (otplib default: 20 random bytes). */
export const newTotpSecret = (): string => generateSecret();

/** The `otpauth://` URI an authenticator app scans. */
export const totpUri = (email: string, secret: string): string =>
  generateURI({ issuer: TOTP_ISSUER, label: email, secret });

/**
 * The time step `code` matches at `now` (±1 step), or null. `afterStep` (the last accepted step)
 * rejects that step and earlier ones.
 */
export async function matchTotp(
  secret: string,
  code: string,
  now: Date,
  afterStep: number | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: 30,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  if (!result.valid) return null;
  // TOTP results carry the matched step (otplib VerifyResult of the 'totp' strategy).
  return 'timeStep' in result
    ? Number(result.timeStep)
    : Math.floor(now.getTime() / 30_000) + (result.delta ?? 0);
}

/** Ten new recovery codes in display form (`abcde-fghjk`). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const c = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${c.slice(0, 5)}-${c.slice(5)}`;
  });
}

/** Stored form of a recovery code: case and the dash do not matter. */
export function recoveryCodeHash(userId: number, code: string): string {
  const normal = code.trim().toLowerCase().replace('-', '');
  return createHash('sha256').update(`${userId}:${normal}`).digest('hex');
}
