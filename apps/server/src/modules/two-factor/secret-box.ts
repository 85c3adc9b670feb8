/**
 * Encryption at rest of TOTP secrets: AES-256-GCM under a key derived with HKDF-SHA256 from the
 * server's RSA private key (plugins/keys.ts; the same key material the JWE login payloads rely on),
 * so a copy of the accounts store alone does not reveal the secrets. Sealed text is
 * `v1.<iv>.<tag>.<ciphertext>` in base64url; the user id is bound as additional data, so a sealed
 * secret copied to another user's row does not open.
 */
import { createCipheriv, createDecipheriv, hkdfSync, type KeyObject, randomBytes } from 'node:crypto';

export type SecretBox = {
  seal(plain: string, userId: number): string;
  /** Throws when the text was not sealed by this key for this user. */
  open(sealed: string, userId: number): string;
};

/** A box whose key is derived from `privateKey` (PKCS#8 DER as the HKDF input). */
export function secretBoxOf(privateKey: KeyObject): SecretBox {
  const ikm = privateKey.export({ type: 'pkcs8', format: 'der' });
  const key = Buffer.from(hkdfSync('sha256', ikm, 'publisher-portal', 'totp-secret-v1', 32));
  const aad = (userId: number) => Buffer.from(`user:${userId}`);
  return {
    seal(plain, userId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(userId));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed, userId) {
      const [v, iv, tag, body] = sealed.split('.');
      if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(aad(userId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
