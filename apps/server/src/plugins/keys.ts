/**
 * Keys of encrypted payloads (api-contract §4): RSA keys (≥ 2048 bits) whose public half is served by
 * `GET /api/v1/user/get_key` and whose private half decrypts `{ data: <JWE compact> }` bodies
 * (alg RSA-OAEP-256, enc A256GCM). The keys themselves live in the key ring of the accounts store
 * (key-ring.ts); this file holds what one key is, how it is read and the JWE decryption.
 */
import { createPrivateKey, createPublicKey, generateKeyPair, type KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { calculateJwkThumbprint, compactDecrypt, decodeProtectedHeader, type JWK } from 'jose';
import { ConfigError } from '../config.ts';
import { paramError } from '../lib/app-error.ts';

export const JWE_ALG = 'RSA-OAEP-256';
export const JWE_ENC = 'A256GCM';
/** Smallest accepted modulus, bits (api-contract §4). */
export const MIN_RSA_BITS = 2048;
/** Size of a generated key, bits (NIST SP 800-57: 2048-bit RSA acceptable through 2030). */
const GENERATED_RSA_BITS = 2048;

/** One RSA key of the ring. */
export type RingKey = {
  /** RFC 7638 thumbprint of the public key; the JWE `kid`. */
  kid: string;
  /** SPKI PEM of the public key. */
  publicKeyPem: string;
  privateKey: KeyObject;
};

/** Where keys find one another by `kid` (key-ring.ts); `undefined` for a key the ring never had. */
export type KeyFinder = { find(kid: string): Promise<RingKey | undefined> };

/**
 * Where versions before the shared key ring kept their generated key (mode 0600); imported into the
 * ring once at start (key-ring.ts), so old enrolments and open login pages keep working.
 */
export function generatedKeyPath(dataDir: string): string {
  return path.join(dataDir, 'keys', 'portal-rsa.pem');
}

/** The key kept at `generatedKeyPath(dataDir)`, or null when there is none. Throws when it is not a key. */
export async function readKeyFile(dataDir: string): Promise<KeyObject | null> {
  const file = generatedKeyPath(dataDir);
  const pem = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (pem === null) return null;
  const key = createPrivateKey(pem);
  checkRsa(key, file);
  return key;
}

/**
 * PORTAL_RSA_PRIVATE_KEY (PEM, PKCS#8 or PKCS#1; literal `\n` taken as newlines) as a key. Throws
 * ConfigError when it is not an RSA private key of ≥ 2048 bits.
 */
export function parseConfiguredKey(value: string): KeyObject {
  // Environment variables often carry PEM newlines as literal "\n".
  const pem = value.replaceAll('\\n', '\n');
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch {
    throw new ConfigError('Invalid configuration:\n  PORTAL_RSA_PRIVATE_KEY: not a PEM private key');
  }
  checkRsa(key, 'PORTAL_RSA_PRIVATE_KEY');
  return key;
}

/** A new RSA private key of GENERATED_RSA_BITS. */
export async function generateRsaKey(): Promise<KeyObject> {
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: GENERATED_RSA_BITS });
  return privateKey;
}

function checkRsa(key: KeyObject, source: string) {
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (key.asymmetricKeyType !== 'rsa' || bits < MIN_RSA_BITS) {
    throw new ConfigError(
      `Invalid configuration:\n  ${source}: must be an RSA private key of at least ${MIN_RSA_BITS} bits`,
    );
  }
}

/** The ring entry of `privateKey`: its RFC 7638 thumbprint and SPKI PEM. */
export async function ringKeyOf(privateKey: KeyObject): Promise<RingKey> {
  const publicKey = createPublicKey(privateKey);
  const kid = await calculateJwkThumbprint(publicKey.export({ format: 'jwk' }) as JWK);
  return { kid, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }) as string, privateKey };
}

/**
 * Decrypts a JWE compact serialization made for a key of the ring (its protected header's `kid`
 * selects the key, so a payload made for a key retired since, or made by another instance's newer
 * key, opens too) and parses its JSON object plaintext. Anything else — malformed JWE, unknown `kid`,
 * another `alg` or `enc`, a failed tag, non-object JSON — throws 604 with a field error on `data`
 * (api-contract §4). Never logs the payload.
 */
export async function decryptJson(ring: KeyFinder, jwe: string): Promise<Record<string, unknown>> {
  const fail = () => paramError([{ field: 'data', message: 'data is not a valid encrypted payload' }]);
  let plaintext: Uint8Array;
  try {
    const { kid } = decodeProtectedHeader(jwe);
    const key = typeof kid === 'string' ? await ring.find(kid) : undefined;
    if (!key) throw fail();
    const result = await compactDecrypt(jwe, key.privateKey, {
      keyManagementAlgorithms: [JWE_ALG],
      contentEncryptionAlgorithms: [JWE_ENC],
    });
    plaintext = result.plaintext;
  } catch {
    throw fail();
  }
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(plaintext));
  } catch {
    throw fail();
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw fail();
  return value as Record<string, unknown>;
}
