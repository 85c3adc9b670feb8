import { type EndpointData, type EndpointQuery, endpoints } from '@portal/contracts/endpoints.ts';
import type { EarningsCard } from '@portal/contracts/home.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointCallers } from '../../test/json-caller.ts';
import { createReportFixture, type ReportFixture } from '../../test/report-fixture.ts';
import { testDbKinds } from '../../test/test-app.ts';
import { earningsRanges } from './home-dates.ts';
import { sumMoney } from './home-service.ts';

describe('sumMoney', () => {
  it('adds report money exactly in micro-units', () => {
    expect(sumMoney(['0.1', '0.2'])).toBe('0.300000');
    expect(sumMoney(['1234.567891', 0.000009, '-0.5'])).toBe('1234.067900');
    expect(sumMoney([])).toBe('0.000000');
  });
});

describe('home dates', () => {
  it('pairs each period with the one before, clamping month ends', () => {
    const r = earningsRanges('20260331');
    expect(r.today).toEqual({
      current: { start: '20260331', end: '20260331' },
      previous: { start: '20260330', end: '20260330' },
    });
    expect(r.last_7_days).toEqual({
      current: { start: '20260324', end: '20260330' },
      previous: { start: '20260317', end: '20260323' },
    });
    expect(r.this_month.previous).toEqual({ start: '20260201', end: '20260228' });
    expect(r.last_month).toEqual({
      current: { start: '20260201', end: '20260228' },
      previous: { start: '20260101', end: '20260131' },
    });
    expect(earningsRanges('20260115').last_month.previous).toEqual({ start: '20251101', end: '20251130' });
  });
});

type Home = EndpointData<typeof endpoints.home.overview>;

/** The earnings card of `period` (throws when the home has none). */
function card(home: Home, period: EarningsCard['period']): EarningsCard {
  const found = home.cards.find((c): c is EarningsCard => c.kind === 'earnings' && c.period === period);
  if (!found) throw new Error(`no ${period} card`);
  return found;
}

describe.each(testDbKinds)('GET /v1/home on %s', (db) => {
  let f: ReportFixture;
  beforeAll(async () => {
    f = await createReportFixture(db);
  }, 240_000);
  afterAll(async () => f.close());

  /** Success data of an endpoint, parsed by its schema (json-caller.ts); `fail` its failure envelope. */
  const call: ReturnType<typeof endpointCallers>['call'] = (...args) => endpointCallers(f.app).call(...args);
  const fail: ReturnType<typeof endpointCallers>['fail'] = (...args) => endpointCallers(f.app).fail(...args);
  const home = (token: string) => call(endpoints.home.overview, {}, token);
  const sdk = (token: string, query: EndpointQuery<typeof endpoints.reports.sdkList>) =>
    call(endpoints.reports.sdkList, { query }, token);
  const reportRevenue = async (token: string, start: string, end: string) => {
    const res = await sdk(token, { dt: `${start},${end}`, fields: 'revenue', page_size: '1' });
    return Number(res.total.revenue ?? 0);
  };

  /** Every card equals the SDK report's total for its dates (today: the month minus the rest). */
  async function expectCardsMatchReport(token: string) {
    const data = await home(token);
    expect(data.today).toBe('20260115');
    for (const period of ['yesterday', 'last_7_days', 'last_month'] as const) {
      const c = card(data, period);
      expect(Number(c.revenue), period).toBe(await reportRevenue(token, c.start, c.end));
      expect(Number(c.previous.revenue), `${period} before`).toBe(
        await reportRevenue(token, c.previous.start, c.previous.end),
      );
    }
    // Today is not in the report: this month is the report up to yesterday plus today so far.
    const thisMonth = Number(card(data, 'this_month').revenue);
    expect(thisMonth - Number(card(data, 'today').revenue)).toBeCloseTo(
      await reportRevenue(token, '20260101', '20260114'),
      6,
    );
    const y = card(data, 'yesterday');
    expect(y.change).toBeCloseTo(
      (Number(y.revenue) - Number(y.previous.revenue)) / Number(y.previous.revenue),
      3,
    );
    return data;
  }

  it("equals the report for the admin's and the member's scope", async () => {
    const admin = await expectCardsMatchReport(f.tokens.demo);
    // On the network's clock there are no facts of today yet: nothing to compare with.
    const adminToday = card(admin, 'today');
    expect(Number(adminToday.revenue)).toBe(0);
    expect(adminToday.previous.until_hour).toBeNull();
    expect(adminToday.change).toBeNull();
    const member = await expectCardsMatchReport(f.tokens.member);
    const month = (d: Home) => Number(card(d, 'this_month').revenue);
    expect(month(member)).toBeGreaterThan(0);
    expect(month(member)).toBeLessThan(month(admin));
  });

  it("follows the caller's time zone like the report does", async () => {
    const set = await call(
      endpoints.account.setTimezone,
      { body: { timezone: 'Asia/Tokyo' } },
      f.tokens.other,
    );
    expect(set.timezone).toBe('Asia/Tokyo');
    const tokyo = await expectCardsMatchReport(f.tokens.other);
    expect(tokyo.timezone).toBe('Asia/Tokyo');
    // 12:00 UTC is 21:00 in Tokyo: today so far holds the network's last 9 hours of yesterday.
    const today = card(tokyo, 'today');
    expect(Number(today.revenue)).toBeGreaterThan(0);
    // …compared with yesterday up to the same hour (08:00 Tokyo), as the report's hourly rows sum it.
    expect(today.previous.until_hour).toBe(8);
    const hourly = await sdk(f.tokens.other, {
      dt: '20260114,20260114',
      fields: 'hour,revenue',
      page_size: '24',
    });
    const sameHours = hourly.list
      .filter((r) => Number(r.hour) <= 8)
      .reduce((t, r) => t + Number(r.revenue), 0);
    expect(hourly.list.some((r) => Number(r.hour) > 8)).toBe(true);
    expect(Number(today.previous.revenue)).toBeCloseTo(sameHours, 5);
    expect(today.change).toBeCloseTo((Number(today.revenue) - sameHours) / sameHours, 3);
  });

  it('lists the top 5 apps this month as the report ranks them, and the checklist', async () => {
    const demo = await home(f.tokens.demo);
    const report = await sdk(f.tokens.demo, {
      dt: '20260101,20260114',
      fields: 'app_key,revenue',
      order: 'revenue:desc',
      page_size: '5',
    });
    expect(demo.top_apps.map((a) => a.app_key)).toEqual(report.list.map((r) => r.app_key));
    expect(demo.top_apps[0]?.app_name).toBeTruthy();
    expect(demo.checklist).toEqual([
      { step: 'organisation', done: true },
      { step: 'first_app', done: true },
      { step: 'app_approved', done: true },
      { step: 'first_ad_slot', done: true },
      { step: 'sdk_integrated', done: true },
      { step: 'first_impression', done: true },
      { step: 'app_ads_found', done: false },
    ]);
  });

  it('answers 601 to operations and to a pending member', async () => {
    expect((await fail(endpoints.home.overview, {}, f.tokens.ops)).code).toBe(601);
    expect((await fail(endpoints.home.overview, {}, f.tokens.pending)).code).toBe(601);
  });
});
