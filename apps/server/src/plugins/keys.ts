/**
 * The JWE key ring of api-contract §4: one RSA key (≥ 2048 bits) whose public half is served by
 * `GET /api/v1/user/get_key` and whose private half decrypts `{ data: <JWE compact> }` bodies
 * (alg RSA-OAEP-256, enc A256GCM).
 *
 * The private key comes from PORTAL_RSA_PRIVATE_KEY (PEM, PKCS#8 or PKCS#1); without it one is
 * generated on first start and kept in DATA_DIR/keys/portal-rsa.pem (mode 0600), so restarts keep it
 * and open login pages keep working.
 */
import { createPrivateKey, createPublicKey, generateKeyPair, type KeyObject } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { calculateJwkThumbprint, compactDecrypt, type JWK } from 'jose';
import { type Config, ConfigError } from '../config.ts';
import { paramError } from '../lib/app-error.ts';

export const JWE_ALG = 'RSA-OAEP-256';
export const JWE_ENC = 'A256GCM';
/** Smallest accepted modulus, bits (api-contract §4). */
export const MIN_RSA_BITS = 2048;
/** Size of a generated key, bits (NIST SP 800-57: 2048-bit RSA acceptable through 2030). */
const GENERATED_RSA_BITS = 2048;

export type KeyRing = {
  /** RFC 7638 thumbprint of the public key; the JWE `kid`. */
  kid: string;
  /** SPKI PEM of the public key. */
  publicKeyPem: string;
  privateKey: KeyObject;
};

/** Where a generated key is kept. */
export function generatedKeyPath(dataDir: string): string {
  return path.join(dataDir, 'keys', 'portal-rsa.pem');
}

/**
 * Loads the configured key, or the one kept in DATA_DIR, or generates and keeps a new one.
 * Throws ConfigError when PORTAL_RSA_PRIVATE_KEY is not an RSA private key of ≥ 2048 bits.
 */
export async function loadKeyRing(config: Pick<Config, 'rsaPrivateKey' | 'dataDir'>): Promise<KeyRing> {
  if (config.rsaPrivateKey) {
    // Environment variables often carry PEM newlines as literal "\n".
    const pem = config.rsaPrivateKey.replaceAll('\\n', '\n');
    let key: KeyObject;
    try {
      key = createPrivateKey(pem);
    } catch {
      throw new ConfigError('Invalid configuration:\n  PORTAL_RSA_PRIVATE_KEY: not a PEM private key');
    }
    checkRsa(key, 'PORTAL_RSA_PRIVATE_KEY');
    return ringOf(key);
  }
  const file = generatedKeyPath(config.dataDir);
  const existing = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (existing !== null) {
    const key = createPrivateKey(existing);
    checkRsa(key, file);
    return ringOf(key);
  }
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: GENERATED_RSA_BITS });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    // 'wx': if another process started at the same moment and wrote first, use its key.
    await writeFile(file, pem, { mode: 0o600, flag: 'wx' });
    await chmod(file, 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return loadKeyRing(config);
  }
  return ringOf(privateKey);
}

function checkRsa(key: KeyObject, source: string) {
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (key.asymmetricKeyType !== 'rsa' || bits < MIN_RSA_BITS) {
    throw new ConfigError(
      `Invalid configuration:\n  ${source}: must be an RSA private key of at least ${MIN_RSA_BITS} bits`,
    );
  }
}

async function ringOf(privateKey: KeyObject): Promise<KeyRing> {
  const publicKey = createPublicKey(privateKey);
  const kid = await calculateJwkThumbprint(publicKey.export({ format: 'jwk' }) as JWK);
  return { kid, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }) as string, privateKey };
}

/**
 * Decrypts a JWE compact serialization made for this key ring and parses its JSON object plaintext.
 * Anything else — malformed JWE, another `kid`, `alg` or `enc`, a failed tag, non-object JSON —
 * throws 604 with a field error on `data` (api-contract §4). Never logs the payload.
 */
export async function decryptJson(ring: KeyRing, jwe: string): Promise<Record<string, unknown>> {
  const fail = () => paramError([{ field: 'data', message: 'data is not a valid encrypted payload' }]);
  let plaintext: Uint8Array;
  try {
    const result = await compactDecrypt(jwe, ring.privateKey, {
      keyManagementAlgorithms: [JWE_ALG],
      contentEncryptionAlgorithms: [JWE_ENC],
    });
    if (result.protectedHeader.kid !== ring.kid) throw fail();
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
