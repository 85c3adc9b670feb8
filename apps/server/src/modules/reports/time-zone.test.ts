/**
 * The user's report time zone (issue 13 item 9): hourly kinds move their reporting day to it, checked
 * against independent sums of the hourly facts moved with Intl; daily-only kinds stay in the
 * network's zone; the date rules and `data_until` follow the kind's clock.
 */
import { type EndpointQuery, endpoints } from '@portal/contracts/endpoints.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../reports/sql-dialect.ts';
import { errorFields } from '../../test/json-caller.ts';
import { createReportFixture, type ReportFixture } from '../../test/report-fixture.ts';
import { reportSuiteTimeout, testStorePairs } from '../../test/test-app.ts';

const { sdkList, rtbList } = endpoints.reports;
const { setTimezone, userInfo } = endpoints.account;

/** The network's zone of this suite: UTC+8 all year (no clock changes since 1991). */
const NETWORK = 'Asia/Shanghai';

/** yyyyMMdd and hour of the instant `ms` on the wall clock of `timeZone`, by Intl. */
function wallClock(ms: number, timeZone: string): { day: string; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}${parts.month}${parts.day}`, hour: Number(parts.hour) };
}

describe.each(testStorePairs)(
  'report time zone on %s + %s',
  (db, reportStore) => {
    let f: ReportFixture;
    let demoKeys: string[];

    beforeAll(async () => {
      f = await createReportFixture(db, { REPORT_TIMEZONE: NETWORK }, reportStore);
      demoKeys = await f.keysOf('Demo Games');
    }, 300_000);
    afterAll(async () => f?.close());

    /** Sets the caller's report zone; answers the user's info (throws on a failure). */
    const setZone = (timezone: string | null, token = f.tokens.demo) =>
      f.callEndpoint(setTimezone, { body: { timezone } }, token);
    const sdk = (query: EndpointQuery<typeof sdkList>) => f.callEndpoint(sdkList, { query }, f.tokens.demo);
    const rtb = (query: EndpointQuery<typeof rtbList>) => f.callEndpoint(rtbList, { query }, f.tokens.ops);

    /**
     * Impressions and revenue of the demo organisation's hourly SDK facts of network days
     * `start`..`end`, each hour moved to `zone`'s wall clock (the hour its start falls in), summed
     * by `key` of that wall clock.
     */
    async function movedSums(
      zone: string,
      start: string,
      end: string,
      key: (w: { day: string; hour: number }) => string,
    ) {
      const d = dialects[f.app.reportStore.dialect];
      const dashed = (v: string) => `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6)}`;
      const params: Record<string, string> = { s: dashed(start), e: dashed(end) };
      demoKeys.forEach((k, i) => {
        params[`k${i}`] = k;
      });
      const rows = await f.app.reportStore.query(
        `SELECT ${d.formatDate('dt', '%Y%m%d')} AS dt, hour, sum(impression) AS impression, sum(revenue) AS revenue
         FROM sdk_hourly WHERE dt BETWEEN ${d.param('s', 'DATE')} AND ${d.param('e', 'DATE')}
         AND app_key IN (${demoKeys.map((_, i) => d.param(`k${i}`, 'VARCHAR')).join(', ')})
         GROUP BY dt, hour`,
        params,
      );
      const sums = new Map<string, { impression: number; revenue: number }>();
      for (const r of rows) {
        const dt = String(r.dt);
        // Network wall clock UTC+8 → the instant.
        const ms =
          Date.UTC(+dt.slice(0, 4), +dt.slice(4, 6) - 1, +dt.slice(6, 8), Number(r.hour)) - 8 * 3_600_000;
        const k = key(wallClock(ms, zone));
        const s = sums.get(k) ?? { impression: 0, revenue: 0 };
        s.impression += Number(r.impression);
        s.revenue += Number(r.revenue);
        sums.set(k, s);
      }
      return sums;
    }

    it('PUT /api/v1/user/timezone keeps a known zone, refuses an unknown one with 604, null restores the network zone', async () => {
      const bad = await f.callEndpointFailure(
        setTimezone,
        { body: { timezone: 'Mars/Olympus_Mons' } },
        f.tokens.demo,
      );
      expect(bad.code).toBe(604);
      expect(errorFields(bad)).toEqual(['timezone']);
      const good = await setZone('America/New_York');
      expect(good).toMatchObject({ timezone: 'America/New_York', network_timezone: NETWORK });
      const info = await f.callEndpoint(userInfo, {}, f.tokens.demo);
      expect(info[0]).toMatchObject({ timezone: 'America/New_York', network_timezone: NETWORK });
      expect((await setZone(null)).timezone).toBeNull();
    });

    it.each(['America/New_York', 'Asia/Kolkata'])(
      'SDK days and hours in %s equal the hourly facts moved to that clock',
      async (zone) => {
        expect((await setZone(zone)).timezone).toBe(zone);
        const byDay = await sdk({ dt: '20260105,20260110', fields: 'dt,impression,revenue', page_size: 100 });
        const sums = await movedSums(zone, '20260103', '20260112', (w) => w.day);
        const days = ['20260110', '20260109', '20260108', '20260107', '20260106', '20260105'];
        expect(byDay.list.map((r) => r.dt)).toEqual(days);
        for (const r of byDay.list) {
          const want = sums.get(String(r.dt));
          expect(Number(r.impression)).toBe(want?.impression);
          expect(Number(r.revenue)).toBeCloseTo(want?.revenue ?? Number.NaN, 4);
        }
        const total = days.reduce((n, d) => n + (sums.get(d)?.impression ?? 0), 0);
        expect(Number(byDay.total.impression)).toBe(total);

        const byHour = await sdk({ dt: '20260108,20260108', fields: 'dt,hour,impression', page_size: 100 });
        const hours = await movedSums(zone, '20260106', '20260110', (w) => `${w.day}|${w.hour}`);
        expect(byHour.count).toBe(24);
        for (const r of byHour.list) {
          expect(r.dt).toBe('20260108');
          expect(Number(r.impression)).toBe(hours.get(`20260108|${r.hour}`)?.impression);
        }
      },
      reportSuiteTimeout,
    );

    it('the network zone (no choice) reads the network days, and a daily-only kind ignores the choice', async () => {
      await setZone(null);
      const own = await sdk({ dt: '20260108,20260108', fields: 'dt,impression' });
      const network = await movedSums(NETWORK, '20260108', '20260108', (w) => w.day);
      expect(Number(own.list[0]?.impression)).toBe(network.get('20260108')?.impression);
      const rtbQuery = { dt: '20260105,20260110', fields: 'dt,country,request', page_size: 100 };
      // Operations read RTB (the demo organisation has no RTB channel).
      const ops = f.tokens.ops;
      const rtbNetwork = await rtb(rtbQuery);
      expect(rtbNetwork.count).toBeGreaterThan(0);
      await setZone('America/New_York', ops);
      const rtbMoved = await rtb(rtbQuery);
      expect(rtbMoved).toEqual(rtbNetwork);
      await setZone(null, ops);
    });

    it("the date rules and data_until follow the kind's clock", async () => {
      // 2026-01-15 12:00 UTC is 2026-01-16 02:00 at UTC+14: its yesterday is the 15th, the network's the 14th.
      await setZone('Pacific/Kiritimati');
      await setZone('Pacific/Kiritimati', f.tokens.ops);
      const today = await sdk({ dt: '20260115,20260115', fields: 'dt,impression' });
      expect(today.list.every((r) => r.dt === '20260115')).toBe(true);
      const rtbToday = await f.callEndpointFailure(
        rtbList,
        { query: { dt: '20260115,20260115' } },
        f.tokens.ops,
      );
      expect(rtbToday.code).toBe(604);
      await setZone(null, f.tokens.ops);

      await setZone('America/New_York');
      const moved = await sdk({ dt: '20260108,20260108' });
      const d = dialects[f.app.reportStore.dialect];
      const [last] = await f.app.reportStore.query(
        `SELECT max(hour) AS hour FROM sdk_hourly WHERE dt = ${d.param('dt', 'DATE')}`,
        { dt: '2026-01-14' },
      );
      // The network's last loaded hour of the 14th (UTC+8) on New York's clock (UTC−5 in January).
      const w = wallClock(Date.UTC(2026, 0, 14, Number(last?.hour)) - 8 * 3_600_000, 'America/New_York');
      expect(moved.data_until).toBe(
        `${w.day.slice(0, 4)}-${w.day.slice(4, 6)}-${w.day.slice(6)} ${String(w.hour).padStart(2, '0')}:00`,
      );
      await setZone(null);
    });
  },
  reportSuiteTimeout,
);
