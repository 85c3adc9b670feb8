import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { endpoints } from '@portal/contracts/endpoints.ts';
import { CompactEncrypt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config.ts';
import { apiDocOf } from '../test/api-doc.ts';
import { endpointCallers, isSuccess } from '../test/json-caller.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { decryptJson, generatedKeyPath, parseConfiguredKey, readKeyFile, ringKeyOf } from './keys.ts';

const encrypt = (payload: unknown, publicPem: string, header: Record<string, string>) =>
  new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', ...header })
    .encrypt(createPublicKey(publicPem));

describe('keys of encrypted payloads', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const ringOf = async () => {
    const key = await ringKeyOf(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey);
    return { key, finder: { find: async (kid: string) => (kid === key.kid ? key : undefined) } };
  };

  it('reads PORTAL_RSA_PRIVATE_KEY, also with escaped newlines', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }) as string;
    const ring = await ringKeyOf(parseConfiguredKey(pem.replaceAll('\n', '\\n')));
    expect(ring.publicKeyPem).toBe(createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }));
  });

  it('refuses a non-key or a short key with a ConfigError naming the variable', () => {
    expect(() => parseConfiguredKey('nope')).toThrow(ConfigError);
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    expect(() => parseConfiguredKey(pem)).toThrow(/PORTAL_RSA_PRIVATE_KEY/);
  });

  it('reads the key file of an earlier version, and none when there is none', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-keys-'));
    dirs.push(dataDir);
    expect(await readKeyFile(dataDir)).toBeNull();
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    mkdirSync(path.dirname(generatedKeyPath(dataDir)), { recursive: true });
    writeFileSync(generatedKeyPath(dataDir), privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const read = await readKeyFile(dataDir);
    expect(read && (await ringKeyOf(read)).kid).toBe((await ringKeyOf(privateKey)).kid);
  });

  it('decrypts JSON for a kid of the ring and refuses another kid, another key or a non-object', async () => {
    const { key, finder } = await ringOf();
    const good = await encrypt({ a: 1 }, key.publicKeyPem, { kid: key.kid });
    expect(await decryptJson(finder, good)).toEqual({ a: 1 });
    const wrongKid = await encrypt({ a: 1 }, key.publicKeyPem, { kid: 'other' });
    await expect(decryptJson(finder, wrongKid)).rejects.toMatchObject({ code: 604 });
    const other = await ringOf();
    const otherKey = await encrypt({ a: 1 }, other.key.publicKeyPem, { kid: key.kid });
    await expect(decryptJson(finder, otherKey)).rejects.toMatchObject({ code: 604 });
    const array = await encrypt([1], key.publicKeyPem, { kid: key.kid });
    await expect(decryptJson(finder, array)).rejects.toMatchObject({ code: 604 });
    await expect(decryptJson(finder, 'not.a.jwe')).rejects.toMatchObject({ code: 604 });
  });
});

describe('GET /api/v1/user/get_key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers kid, alg, enc and an SPKI PEM of an RSA key of at least 2048 bits', async () => {
    const body = await endpointCallers(t.app).answer(endpoints.account.publicKey, {}, null);
    expect(body).toMatchObject({ code: 0, data: { alg: 'RSA-OAEP-256', enc: 'A256GCM' } });
    if (!isSuccess(body)) throw new Error(`get_key answered ${body.code}`);
    expect(body.data.kid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.public_key).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    const key = createPublicKey(body.data.public_key);
    expect(key.asymmetricKeyType).toBe('rsa');
    expect(key.asymmetricKeyDetails?.modulusLength).toBeGreaterThanOrEqual(2048);
  });

  it('lists the passport and user routes in the OpenAPI document', async () => {
    const doc = await apiDocOf(t.app);
    for (const p of [
      '/api/v1/user/get_key',
      '/v1/passport/captcha/gen_math',
      '/v1/passport/captcha/refresh_math',
      '/v1/passport/user/login',
      '/v1/passport/user/logout',
      '/api/v1/user/user_info',
      '/api/v1/user/menu',
    ]) {
      expect(doc.paths[p], p).toBeDefined();
    }
    expect(doc.paths['/v1/passport/user/login']?.post?.requestBody).toBeDefined();
  });
});
