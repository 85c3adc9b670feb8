import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompactEncrypt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { decryptJson, generatedKeyPath, loadKeyRing } from './keys.ts';

const encrypt = (payload: unknown, publicPem: string, header: Record<string, string>) =>
  new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', ...header })
    .encrypt(createPublicKey(publicPem));

describe('JWE key ring', () => {
  const dirs: string[] = [];
  const tmp = () => {
    const d = mkdtempSync(path.join(os.tmpdir(), 'portal-keys-'));
    dirs.push(d);
    return d;
  };
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('generates a key into DATA_DIR with mode 0600 and keeps it across restarts', async () => {
    const dataDir = tmp();
    const first = await loadKeyRing({ dataDir });
    const mode = statSync(generatedKeyPath(dataDir)).mode & 0o777;
    expect(mode).toBe(0o600);
    const second = await loadKeyRing({ dataDir });
    expect(second.kid).toBe(first.kid);
    expect(second.publicKeyPem).toBe(first.publicKeyPem);
    const other = await loadKeyRing({ dataDir: tmp() });
    expect(other.kid).not.toBe(first.kid);
  });

  it('uses PORTAL_RSA_PRIVATE_KEY, also with escaped newlines', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }) as string;
    const dataDir = tmp();
    const ring = await loadKeyRing({ dataDir, rsaPrivateKey: pem.replaceAll('\n', '\\n') });
    expect(ring.publicKeyPem).toBe(createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }));
    expect(() => statSync(generatedKeyPath(dataDir))).toThrow();
  });

  it('refuses a non-key or a short key with a ConfigError naming the variable', async () => {
    await expect(loadKeyRing({ dataDir: tmp(), rsaPrivateKey: 'nope' })).rejects.toThrow(ConfigError);
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    await expect(loadKeyRing({ dataDir: tmp(), rsaPrivateKey: pem })).rejects.toThrow(
      /PORTAL_RSA_PRIVATE_KEY/,
    );
  });

  it('decrypts JSON for its kid and refuses another kid, another key or a non-object', async () => {
    const ring = await loadKeyRing({ dataDir: tmp() });
    const good = await encrypt({ a: 1 }, ring.publicKeyPem, { kid: ring.kid });
    expect(await decryptJson(ring, good)).toEqual({ a: 1 });
    const wrongKid = await encrypt({ a: 1 }, ring.publicKeyPem, { kid: 'other' });
    await expect(decryptJson(ring, wrongKid)).rejects.toMatchObject({ code: 604 });
    const other = await loadKeyRing({ dataDir: tmp() });
    const otherKey = await encrypt({ a: 1 }, other.publicKeyPem, { kid: ring.kid });
    await expect(decryptJson(ring, otherKey)).rejects.toMatchObject({ code: 604 });
    const array = await encrypt([1], ring.publicKeyPem, { kid: ring.kid });
    await expect(decryptJson(ring, array)).rejects.toMatchObject({ code: 604 });
  });
});

describe('GET /api/v1/user/get_key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers kid, alg, enc and an SPKI PEM of an RSA key of at least 2048 bits', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/v1/user/get_key' })).json();
    expect(body).toMatchObject({ code: 0, data: { alg: 'RSA-OAEP-256', enc: 'A256GCM' } });
    expect(body.data.kid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.public_key).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    const key = createPublicKey(body.data.public_key);
    expect(key.asymmetricKeyType).toBe('rsa');
    expect(key.asymmetricKeyDetails?.modulusLength).toBeGreaterThanOrEqual(2048);
  });

  it('lists the passport and user routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
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
    expect(doc.paths['/v1/passport/user/login'].post.requestBody).toBeDefined();
  });
});
