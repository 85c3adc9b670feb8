/**
 * Session tokens of api-contract §6: an opaque 256-bit random value (base64url, 43 characters) handed
 * to the client once; the store keeps only its SHA-256 hex, so a leaked table cannot be replayed.
 */
import { createHash, randomBytes } from 'node:crypto';

/** A new random token: 32 bytes from the CSPRNG, base64url. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 hex of a token: the `sessions.token_hash` key. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
