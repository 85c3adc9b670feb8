import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testReportStores } from '../../test/test-app.ts';
import { importFacts } from './import-facts.ts';

const header =
  'dt,channel,app_key,placement_id,placement_name,placement_type,country,request,response,winning_bid,impression,click,revenue';
const good = [
  '2026-01-10,BidStream,a1,p1,banner,1,US,100,80,40,38,2,0.123456',
  '20260111,BidStream,a1,p1,banner,1,JP,50,40,20,19,1,0.5',
];

describe.each(testReportStores)('npm run import into %s', (reportStore) => {
  let t: TestApp;
  const totals = async () =>
    (
      await t.app.reportStore.query(
        'SELECT count(*) AS n, sum(request)::BIGINT AS r, sum(revenue)::DOUBLE AS v FROM rtb_daily',
      )
    )[0];
  beforeAll(async () => {
    t = await createTestApp({ reportStore });
  }, 180_000);
  afterAll(async () => t?.close());
  const file = (name: string, lines: string[]) => {
    const p = path.join(t.dataDir, name);
    writeFileSync(p, `${lines.join('\n')}\n`);
    return p;
  };

  it('replaces exactly the dates of the file; twice changes nothing', async () => {
    await t.app.reportStore.write((run) =>
      run(
        `INSERT INTO rtb_daily VALUES ('2026-01-09', 'X', 'k', 'p', 'n', 1, 'US', 7, 0, 0, 0, 0, 0), ('2026-01-10', 'X', 'k', 'p', 'n', 1, 'US', 9, 0, 0, 0, 0, 0)`,
      ),
    );
    const f = file('rtb.csv', [header, ...good]);
    const r = await importFacts(t.app.reportStore, 'rtb', f);
    expect(r).toEqual({ kind: 'rtb', rows: 2, days: ['2026-01-10', '2026-01-11'] });
    const once = await totals();
    expect(once).toEqual({ n: 3, r: 157, v: 0.623456 });
    await importFacts(t.app.reportStore, 'rtb', f);
    expect(await totals()).toEqual(once);
  });

  it('rejects a malformed file naming the line and writes nothing', async () => {
    const before = await totals();
    const bad = file('bad.csv', [
      header,
      good[0] ?? '',
      '2026-01-12,BidStream,a1,p1,banner,1,US,1x0,80,40,38,2,0.1',
    ]);
    await expect(importFacts(t.app.reportStore, 'rtb', bad)).rejects.toThrow(/line 3: column request/);
    const badDate = file('bad-date.csv', [header, '2026-02-30,BidStream,a1,p1,banner,1,US,1,1,1,1,1,0.1']);
    await expect(importFacts(t.app.reportStore, 'rtb', badDate)).rejects.toThrow(/line 2: column dt/);
    // A line with one field too many or too few: our words, the line, not DuckDB's message.
    const extra = file('extra.csv', [header, good[0] ?? '', `${good[1]},9`, good[0] ?? '']);
    await expect(importFacts(t.app.reportStore, 'rtb', extra)).rejects.toThrow(
      /extra\.csv: line 3: 14 fields where the header has 13/,
    );
    const short = file('short.csv', [header, '2026-01-12,BidStream,a1']);
    await expect(importFacts(t.app.reportStore, 'rtb', short)).rejects.toThrow(
      /short\.csv: line 2: 3 fields where the header has 13/,
    );
    const missing = file('missing.csv', ['dt,channel', '2026-01-12,BidStream']);
    await expect(importFacts(t.app.reportStore, 'rtb', missing)).rejects.toThrow(/missing column/);
    expect(await totals()).toEqual(before);
  });

  it('rebuilds the daily rollup of an hourly kind', async () => {
    const h = 'dt,hour,channel,sub_channel,offer_id,pkg_name,geo,click,conversion,reject,revenue';
    const f = file('aff.csv', [
      h,
      '2026-01-10,1,C,s,o,p,US,10,2,1,3.5',
      '2026-01-10,2,C,s,o,p,US,5,1,0,1.25',
    ]);
    await importFacts(t.app.reportStore, 'affiliate_2024', f);
    await importFacts(t.app.reportStore, 'affiliate_2024', f);
    // A rollup is read through sum() (ClickHouse merges its rows in the background, at any time).
    const rows = await t.app.reportStore.query(
      `SELECT dt, sum(click) AS click, sum(conversion) AS conversion, sum(revenue)::DOUBLE AS revenue
       FROM affiliate_2024_daily GROUP BY dt`,
    );
    expect(rows).toEqual([{ dt: '2026-01-10', click: 15, conversion: 3, revenue: 4.75 }]);
  });
});
