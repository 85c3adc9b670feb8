import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedDemoAccounts } from './accounts.ts';
import { loadFactApps, seedDemoFacts } from './demo-facts.ts';

describe('seedDemoFacts', () => {
  let t: TestApp;
  beforeAll(async () => {
    // 20:00 UTC on 15 January is already 16 January in Shanghai: yesterday there is the 15th.
    t = await createTestApp({
      now: () => new Date('2026-01-15T20:00:00Z'),
      env: { DEMO_DAYS: '10', REPORT_TIMEZONE: 'Asia/Shanghai' },
    });
    await seedDemoAccounts(t.app.db);
  }, 60_000);
  afterAll(async () => t?.close());

  it('covers DEMO_DAYS up to yesterday in REPORT_TIMEZONE for every app with active ad slots', async () => {
    const factApps = await loadFactApps(t.app.db);
    expect(factApps).toHaveLength(8); // 9 demo apps, one still under review
    expect(factApps[0]?.weight).toBeGreaterThan(factApps[1]?.weight ?? 1);
    const { rows } = await seedDemoFacts(t.app);
    const [r] = await t.app.reportStore.query(
      `SELECT count(*) AS n, strftime(min(dt), '%Y%m%d') AS first, strftime(max(dt), '%Y%m%d') AS last,
              count(DISTINCT app_key) AS apps, count(DISTINCT dt) AS days FROM sdk_hourly`,
    );
    expect(r).toEqual({ n: rows, first: '20260106', last: '20260115', apps: 8, days: 10 });
    const keys = new Set(factApps.map((a) => a.app_key));
    const stored = await t.app.reportStore.query('SELECT DISTINCT app_key FROM sdk_daily');
    expect(stored.every((s) => keys.has(String(s.app_key)))).toBe(true);
  });
});
