import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from './db/client.ts';
import { runKeyRotation } from './key-rotation.ts';
import { openKeyRing } from './plugins/key-ring.ts';
import { writeHandoff } from './reports/import/handoff.ts';
import { copyMigratedPglite } from './test/test-app.ts';

describe('npm run keys:rotate', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-rotate-'));
  // A migrated store with an empty key ring, as a first start leaves it.
  copyMigratedPglite(path.join(dataDir, 'pglite'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const run = async (env: Record<string, string>) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runKeyRotation(
      { DATA_DIR: dataDir, ...env },
      { out: (l) => out.push(l), err: (l) => err.push(l) },
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  const currentKid = async () => {
    const h = await openDb({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      return (await openKeyRing(h.db, { dataDir })).current().kid;
    } finally {
      await h.close();
    }
  };

  it('makes a new key current and keeps the previous one; refused with PORTAL_RSA_PRIVATE_KEY or a serving portal', async () => {
    const before = await currentKid();
    const rotated = await run({});
    expect(rotated).toMatchObject({ code: 0, err: '' });
    expect(rotated.out).toContain(`${before} is kept for decryption`);
    const after = await currentKid();
    expect(after).not.toBe(before);
    expect(rotated.out).toContain(`new current key ${after}`);

    const withEnv = await run({ PORTAL_RSA_PRIVATE_KEY: 'anything' });
    expect(withEnv.code).toBe(1);
    expect(withEnv.err).toMatch(/PORTAL_RSA_PRIVATE_KEY/);

    writeHandoff(dataDir, { url: 'http://127.0.0.1:1', pid: 1, secret: 'x' });
    const serving = await run({});
    expect(serving.code).toBe(1);
    expect(serving.err).toMatch(/stop it first/);
    expect(await currentKid()).toBe(after);
  }, 60_000);
});
