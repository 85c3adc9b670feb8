/**
 * Encryption at rest of TOTP secrets: AES-256-GCM under a key derived with HKDF-SHA256 from an RSA
 * private key of the shared key ring (plugins/key-ring.ts; the keys the JWE login payloads rely on),
 * so a copy of the accounts store alone does not reveal the secrets (when the ring is encrypted under
 * PORTAL_KEY_ENCRYPTION_KEY). The user id is bound as additional data, so a sealed secret copied to
 * another user's row does not open.
 *
 * Sealed text, base64url parts: `v2.<kid>.<iv>.<tag>.<ciphertext>`, sealed with the ring's current key
 * and naming it, so it still opens after a rotation (and on an instance that learns of the key only
 * then). `v1.<iv>.<tag>.<ciphertext>`, written before the shared ring, names no key: it opens with
 * whichever key of the ring sealed it (the GCM tag tells).
 */
import { createCipheriv, createDecipheriv, hkdfSync, type KeyObject, randomBytes } from 'node:crypto';
import type { KeyRing } from '../../plugins/key-ring.ts';

export type SecretBox = {
  /**
   * Seals `plain` for user `userId` with the ring's current key. `scope` replaces the bound
   * additional data `user:<id>` for secrets of other owners (e.g. `payment-profile:<company id>`).
   */
  seal(plain: string, userId: number, scope?: string): string;
  /** Throws when the text was not sealed by a key of the ring for this user (and scope). */
  open(sealed: string, userId: number, scope?: string): Promise<string>;
};

const derived = new WeakMap<KeyObject, Buffer>();

/** The AES key of `privateKey` (PKCS#8 DER as the HKDF input). */
function aesKeyOf(privateKey: KeyObject): Buffer {
  let key = derived.get(privateKey);
  if (!key) {
    const ikm = privateKey.export({ type: 'pkcs8', format: 'der' });
    key = Buffer.from(hkdfSync('sha256', ikm, 'publisher-portal', 'totp-secret-v1', 32));
    derived.set(privateKey, key);
  }
  return key;
}

const aad = (userId: number, scope?: string) => Buffer.from(scope ?? `user:${userId}`);

function decrypt(
  key: Buffer,
  parts: { iv: string; tag: string; body: string },
  userId: number,
  scope?: string,
): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(parts.iv, 'base64url'));
  decipher.setAAD(aad(userId, scope));
  decipher.setAuthTag(Buffer.from(parts.tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(parts.body, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}

/** A box over the keys of `ring`. */
export function secretBoxOf(ring: Pick<KeyRing, 'current' | 'keys' | 'find'>): SecretBox {
  return {
    seal(plain, userId, scope) {
      const current = ring.current();
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', aesKeyOf(current.privateKey), iv);
      cipher.setAAD(aad(userId, scope));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v2', current.kid, ...[iv, cipher.getAuthTag(), body].map((p) => p.toString('base64url'))].join(
        '.',
      );
    },
    async open(sealed, userId, scope) {
      const parts = sealed.split('.');
      if (parts[0] === 'v2' && parts.length === 5) {
        const [, kid = '', iv = '', tag = '', body = ''] = parts;
        const key = await ring.find(kid);
        if (!key) throw new Error(`sealed secret: key ${kid} is not in the key ring`);
        return decrypt(aesKeyOf(key.privateKey), { iv, tag, body }, userId, scope);
      }
      if (parts[0] === 'v1' && parts.length === 4) {
        const [, iv = '', tag = '', body = ''] = parts;
        for (const key of ring.keys()) {
          try {
            return decrypt(aesKeyOf(key.privateKey), { iv, tag, body }, userId, scope);
          } catch {
            // sealed by another key of the ring (or not at all): try the next
          }
        }
        throw new Error('sealed secret: no key of the ring opens it');
      }
      throw new Error('not a sealed secret');
    },
  };
}
