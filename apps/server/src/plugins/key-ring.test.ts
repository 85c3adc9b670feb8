import {
  createCipheriv,
  createPublicKey,
  generateKeyPairSync,
  hkdfSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { CompactEncrypt } from 'jose';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../config.ts';
import { type DbHandle, openDb } from '../db/client.ts';
import { serverKeys } from '../db/schema/server.ts';
import { secretBoxOf } from '../modules/two-factor/secret-box.ts';
import { freshPgliteDb, freshPostgresDatabase, testDbKinds } from '../test/test-app.ts';
import { openKeyRing, rotateKeyRing } from './key-ring.ts';
import { decryptJson, generatedKeyPath, ringKeyOf } from './keys.ts';

const pemOf = (k: KeyObject) => k.export({ type: 'pkcs8', format: 'pem' }) as string;
const newKey = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

/** A JWE for `kid` as the web client makes it (api-contract §4). */
const jweFor = (payload: unknown, key: { kid: string; publicKeyPem: string }) =>
  new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: key.kid })
    .encrypt(createPublicKey(key.publicKeyPem));

/** A TOTP secret sealed the way versions before the shared key ring did: `v1.`, key from the RSA key. */
function sealV1(privateKey: KeyObject, plain: string, userId: number): string {
  const key = Buffer.from(
    hkdfSync(
      'sha256',
      privateKey.export({ type: 'pkcs8', format: 'der' }),
      'publisher-portal',
      'totp-secret-v1',
      32,
    ),
  );
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`user:${userId}`));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

const dirs: string[] = [];
const dataDir = (keyFile?: KeyObject) => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'portal-ring-'));
  dirs.push(d);
  if (keyFile) {
    mkdirSync(path.dirname(generatedKeyPath(d)), { recursive: true });
    writeFileSync(generatedKeyPath(d), pemOf(keyFile), { mode: 0o600 });
  }
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.each(testDbKinds)('the shared key ring on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  /**
   * `n` handles on one fresh store, as `n` instances would have (PGlite: one handle, shared): a copy of
   * the run's migrated template, whose key ring is empty, as on a first start.
   */
  async function store(n = 1): Promise<DbHandle[]> {
    if (kind === 'pglite') {
      const h = await freshPgliteDb();
      cleanups.push(h.close);
      return Array.from({ length: n }, () => h);
    }
    const pg = await freshPostgresDatabase({ migrated: true });
    cleanups.push(pg.drop);
    const handles = await Promise.all(
      Array.from({ length: n }, () => openDb({ databaseUrl: pg.url, pgliteDir: '' })),
    );
    for (const h of handles) cleanups.push(h.close);
    return handles;
  }
  const rows = (h: DbHandle) => h.db.select().from(serverKeys).orderBy(asc(serverKeys.created_at));

  it('instances starting at the same moment end up with one key, generated once and stored', async () => {
    const [a, b] = await store(2);
    if (!a || !b) throw new Error('no store');
    expect(await rows(a)).toEqual([]);
    const [ringA, ringB] = await Promise.all([
      openKeyRing(a.db, { dataDir: dataDir() }),
      openKeyRing(b.db, { dataDir: dataDir() }),
    ]);
    expect(ringB.current().kid).toBe(ringA.current().kid);
    const stored = await rows(a);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ kid: ringA.current().kid, source: 'generated', current: true });
    expect(stored[0]?.private_key).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    // What one instance's get_key serves opens on the other; a secret sealed on one opens on the other.
    const jwe = await jweFor({ email: 'a@example.com' }, ringA.current());
    expect(await decryptJson(ringB, jwe)).toEqual({ email: 'a@example.com' });
    const sealed = secretBoxOf(ringA).seal('JBSWY3DPEHPK3PXP', 7);
    expect(sealed.startsWith(`v2.${ringA.current().kid}.`)).toBe(true);
    expect(await secretBoxOf(ringB).open(sealed, 7)).toBe('JBSWY3DPEHPK3PXP');
    await expect(secretBoxOf(ringB).open(sealed, 8)).rejects.toThrow();
  });

  it('PORTAL_KEY_ENCRYPTION_KEY encrypts the stored keys; start is refused without it or with another', async () => {
    const [h] = await store();
    if (!h) throw new Error('no store');
    const dir = dataDir();
    // Kept in the clear first, then encrypted once a key is given.
    const clear = await openKeyRing(h.db, { dataDir: dir });
    const secret = 'correct horse battery staple';
    const encrypted = await openKeyRing(h.db, { dataDir: dir, keyEncryptionKey: secret });
    expect(encrypted.current().kid).toBe(clear.current().kid);
    const [row] = await rows(h);
    expect(row?.private_key).toMatch(/^-----BEGIN ENCRYPTED PRIVATE KEY-----/);
    await expect(openKeyRing(h.db, { dataDir: dir })).rejects.toThrow(ConfigError);
    await expect(openKeyRing(h.db, { dataDir: dir })).rejects.toThrow(/PORTAL_KEY_ENCRYPTION_KEY/);
    await expect(
      openKeyRing(h.db, { dataDir: dir, keyEncryptionKey: 'another passphrase here' }),
    ).rejects.toThrow(/PORTAL_KEY_ENCRYPTION_KEY/);
    // A rotation refuses to add a key in the clear beside encrypted ones.
    await expect(rotateKeyRing(h.db, { dataDir: dir })).rejects.toThrow(/PORTAL_KEY_ENCRYPTION_KEY/);
    const rotated = await rotateKeyRing(h.db, { dataDir: dir, keyEncryptionKey: secret });
    expect(rotated.previous).toBe(clear.current().kid);
    expect((await rows(h)).every((r) => r.private_key.includes('ENCRYPTED'))).toBe(true);
  });

  it('imports the key file of an earlier version once; its v1 sealed secrets and pages keep working', async () => {
    const [a, b] = await store(2);
    if (!a || !b) throw new Error('no store');
    const fileA = newKey();
    const fileB = newKey();
    const ringA = await openKeyRing(a.db, { dataDir: dataDir(fileA) });
    expect(ringA.current().kid).toBe((await ringKeyOf(fileA)).kid);
    // A second instance that had its own key file: the ring's key stays current, its key decrypts.
    const dirB = dataDir(fileB);
    const ringB = await openKeyRing(b.db, { dataDir: dirB });
    expect(ringB.current().kid).toBe(ringA.current().kid);
    await openKeyRing(b.db, { dataDir: dirB });
    const stored = await rows(a);
    expect(stored.map((r) => [r.source, r.current])).toEqual([
      ['file', true],
      ['file', false],
    ]);
    for (const [file, userId] of [
      [fileA, 1],
      [fileB, 2],
    ] as const) {
      expect(await secretBoxOf(ringB).open(sealV1(file, `secret-${userId}`, userId), userId)).toBe(
        `secret-${userId}`,
      );
      // A login page opened before the upgrade still holds the old key's kid.
      const old = await ringKeyOf(file);
      expect(await decryptJson(ringA, await jweFor({ n: userId }, old))).toEqual({ n: userId });
    }
    await expect(secretBoxOf(ringB).open(sealV1(newKey(), 'x', 1), 1)).rejects.toThrow();
  });

  it('PORTAL_RSA_PRIVATE_KEY is authoritative: a changed one becomes current, the old one keeps decrypting', async () => {
    const [h] = await store();
    if (!h) throw new Error('no store');
    const keyA = newKey();
    const keyB = newKey();
    const dir = dataDir();
    const ringA = await openKeyRing(h.db, { dataDir: dir, rsaPrivateKey: pemOf(keyA) });
    const kidA = (await ringKeyOf(keyA)).kid;
    expect(ringA.current().kid).toBe(kidA);
    const sealedA = secretBoxOf(ringA).seal('under A', 3);
    const jweA = await jweFor({ k: 'A' }, ringA.current());

    const ringB = await openKeyRing(h.db, { dataDir: dir, rsaPrivateKey: pemOf(keyB) });
    expect(ringB.current().kid).toBe((await ringKeyOf(keyB)).kid);
    expect(await secretBoxOf(ringB).open(sealedA, 3)).toBe('under A');
    expect(await decryptJson(ringB, jweA)).toEqual({ k: 'A' });
    expect((await rows(h)).map((r) => [r.kid, r.source, r.current])).toEqual([
      [kidA, 'environment', false],
      [ringB.current().kid, 'environment', true],
    ]);
    // An instance without the variable uses the configured key too (the store's current one).
    expect((await openKeyRing(h.db, { dataDir: dir })).current().kid).toBe(ringB.current().kid);
    await expect(rotateKeyRing(h.db, { dataDir: dir, rsaPrivateKey: pemOf(keyB) })).rejects.toThrow(
      /PORTAL_RSA_PRIVATE_KEY/,
    );
  });

  it('a rotation makes a new current key; running instances learn it from its kid, old payloads still open', async () => {
    const [a, b] = await store(2);
    if (!a || !b) throw new Error('no store');
    const running = await openKeyRing(a.db, { dataDir: dataDir() });
    const before = running.current();
    const sealedBefore = secretBoxOf(running).seal('before', 5);
    const { kid, previous } = await rotateKeyRing(b.db, { dataDir: dataDir() });
    expect(previous).toBe(before.kid);
    expect(kid).not.toBe(before.kid);
    const started = await openKeyRing(b.db, { dataDir: dataDir() });
    expect(started.current().kid).toBe(kid);
    // get_key on the new instance, the login posted to the one started before the rotation.
    expect(await decryptJson(running, await jweFor({ x: 1 }, started.current()))).toEqual({ x: 1 });
    expect(await decryptJson(started, await jweFor({ x: 2 }, before))).toEqual({ x: 2 });
    const sealedAfter = secretBoxOf(started).seal('after', 5);
    expect(await secretBoxOf(running).open(sealedAfter, 5)).toBe('after');
    expect(await secretBoxOf(started).open(sealedBefore, 5)).toBe('before');
  });
});
