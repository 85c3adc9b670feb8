import { DataPermissionType } from '@portal/contracts/constants.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps } from '../db/schema/inventory.ts';
import { dataPermissions, userRoles, users } from '../db/schema/users.ts';
import { verifyPassword } from '../lib/password.ts';
import { createTestApp, type TestApp, testDbKinds } from '../test/test-app.ts';
import {
  DEMO_PASSWORD,
  demoAffiliateChannels,
  demoAppKey,
  memberAppPackages,
  seedDemoAccounts,
} from './accounts.ts';

describe.each(testDbKinds)('demo accounts on %s', (db) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ db });
    await seedDemoAccounts(t.app.db);
  });
  afterAll(async () => t.close());

  it('creates the four demo users with Argon2id hashes of the demo password and their roles', async () => {
    const rows = await t.app.db.select().from(users);
    expect(rows.map((u) => u.email).sort()).toEqual([
      'demo@example.com',
      'member@example.com',
      'ops@example.com',
      'other@example.com',
    ]);
    const demo = rows.find((u) => u.email === 'demo@example.com');
    expect(demo?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(demo?.password_hash ?? '', DEMO_PASSWORD)).toBe(true);
    const roles = await t.app.db.select().from(userRoles);
    const roleOf = (email: string) =>
      roles.find((r) => r.user_id === rows.find((u) => u.email === email)?.id)?.role_id;
    expect([roleOf('demo@example.com'), roleOf('member@example.com'), roleOf('ops@example.com')]).toEqual([
      67, 68, 70,
    ]);
  });

  it("grants the member only part of Demo Games' app keys, all of which belong to Demo Games", async () => {
    const member = (await t.app.db.select().from(users).where(eq(users.email, 'member@example.com')))[0];
    const perms = await t.app.db
      .select()
      .from(dataPermissions)
      .where(eq(dataPermissions.user_id, member?.id ?? 0));
    const sdk = perms.filter((p) => p.type === DataPermissionType.SDK);
    expect(sdk.map((p) => p.rule).sort()).toEqual(memberAppPackages.map(demoAppKey).sort());
    const demoApps = await t.app.db
      .select()
      .from(apps)
      .where(eq(apps.company_id, member?.company_id ?? 0));
    expect(demoApps.length).toBeGreaterThan(sdk.length);
    for (const p of sdk) expect(demoApps.some((a) => a.app_key === p.rule)).toBe(true);
    // Its one affiliate channel is one of Demo Games' own channels.
    const affiliate = perms.filter((p) => p.type === DataPermissionType.AFFILIATE).map((p) => p.rule);
    expect(affiliate).toEqual([demoAffiliateChannels[0]]);
  });
});
