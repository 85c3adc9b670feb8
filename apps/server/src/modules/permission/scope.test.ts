import { Role, UserStatus } from '@portal/contracts/constants.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { seedDemoAccounts } from '../../demo/accounts.ts';
import { AppError } from '../../lib/app-error.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/test-app.ts';
import { scopedAppKeys, sdkAppKeyScope } from './scope.ts';

describe('scopedAppKeys', () => {
  it('intersects requested keys with a limited scope and passes them through for an unlimited one', () => {
    expect(scopedAppKeys({ all: false, appKeys: ['a', 'b'] }, ['b', 'x', 'b'])).toEqual(['b']);
    expect(scopedAppKeys({ all: false, appKeys: ['a', 'b'] }, null)).toEqual(['a', 'b']);
    expect(scopedAppKeys({ all: false, appKeys: [] }, ['a'])).toEqual([]);
    expect(scopedAppKeys({ all: true }, null)).toBeNull();
    expect(scopedAppKeys({ all: true }, ['x'])).toEqual(['x']);
  });
});

describe.each(testDbKinds)('sdkAppKeyScope on %s', (db) => {
  let t: TestApp;
  let demo: { id: number; company_id: number | null };
  beforeAll(async () => {
    t = await createTestApp({ db });
    await seedDemoAccounts(t.app.db);
    const [row] = await t.app.db.select().from(users).where(eq(users.email, 'demo@example.com'));
    if (!row) throw new Error('demo user missing');
    demo = row;
  }, 60_000);
  afterAll(async () => t?.close());

  const user = (over: Partial<{ status: number; companyId: number | null; roles: number[] }>) => ({
    userId: demo.id,
    status: UserStatus.ACTIVE,
    companyId: demo.company_id,
    roles: [Role.ADMIN] as number[],
    ...over,
  });

  it('gives an admin every key of its company, ops everything, a member without grants nothing', async () => {
    const admin = await sdkAppKeyScope(t.app.db, user({}));
    expect(admin.all).toBe(false);
    expect(!admin.all && admin.appKeys).toHaveLength(6);
    expect(await sdkAppKeyScope(t.app.db, user({ roles: [Role.OPS], companyId: null }))).toEqual({
      all: true,
    });
    expect(await sdkAppKeyScope(t.app.db, user({ roles: [Role.MEMBER] }))).toEqual({
      all: false,
      appKeys: [],
    });
    expect(await sdkAppKeyScope(t.app.db, user({ roles: [] }))).toEqual({ all: false, appKeys: [] });
  });

  it('answers 601 without a company or while the membership is pending', async () => {
    for (const over of [{ companyId: null }, { status: UserStatus.APPLICATION }]) {
      const err = await sdkAppKeyScope(t.app.db, user(over)).catch((e) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err.code).toBe(601);
    }
  });
});
