/**
 * The export benches' query range: the fewest days ending at the last day of the facts whose hourly
 * rows (= full-detail groups) reach a wanted count.
 */
import path from 'node:path';
import { dayNumber, fromDayNumber } from '@portal/contracts/report-dates.ts';
import { openDuckDbStore } from '../../apps/server/src/reports/stores/duckdb.ts';

/** Days back from `end` whose hourly facts (= full-detail groups) reach `want`; at most 90. */
export async function pickRange(
  dataDir: string,
  end: string,
  want: number,
): Promise<{ dt: string; rows: number }> {
  const store = await openDuckDbStore(path.join(dataDir, 'reports.duckdb'));
  try {
    const perDay = await store.query('SELECT count(*) AS n FROM sdk_hourly GROUP BY dt ORDER BY dt DESC');
    let days = 0;
    let rows = 0;
    for (const r of perDay) {
      if (rows >= want || days >= 90) break;
      rows += Number(r.n);
      days++;
    }
    return { dt: `${fromDayNumber(dayNumber(end) - days + 1)},${end}`, rows };
  } finally {
    await store.close();
  }
}
