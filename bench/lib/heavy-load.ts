/**
 * The heavy-load scenario of the latency bench (issue 11 items 5 and 6): a publisher's small list timed
 * one request after another while four heavy network-wide queries (operations staff, no app filter)
 * run back to back in parallel, each loop sending its next request as soon as the last answered. At
 * the end the heavy requests still in flight are abandoned (fetch aborted: the client goes away, so the
 * server interrupts them). Target: the small list's worst time ≤ 1 s.
 */
import { dayNumber, fromDayNumber } from '@portal/contracts/report-dates.ts';
import { type MixQuery, OPS, queryString } from './queries.ts';
import { type Summary, summarize } from './stats.ts';

const METRICS = 'request,response,fill_rate,impression,click,ctr,revenue,ecpm';
const span = (end: string, days: number) => `${fromDayNumber(dayNumber(end) - days + 1)},${end}`;

/** The four heavy queries: two over 90 days by date, app and country, two over 30 days by hour. */
export function heavyMix(endDate: string): MixQuery[] {
  const byCountry: MixQuery = {
    name: 'network 90 d by date, app, country (ops)',
    kind: 'network',
    email: OPS,
    params: { dt: span(endDate, 90), fields: `dt,app_key,geo,${METRICS}`, page_index: '1', page_size: '20' },
  };
  const byHour: MixQuery = {
    name: 'network 30 d by date, hour, app (ops)',
    kind: 'network',
    email: OPS,
    params: { dt: span(endDate, 30), fields: `dt,hour,app_key,${METRICS}`, page_index: '1', page_size: '20' },
  };
  return [byCountry, byHour, byCountry, byHour];
}

export type HeavyLoadResult = {
  /** The small list's times, ms. */
  timed: Summary;
  /** Answer code → number of heavy answers (0 ok, 607 timed out, 608 refused). */
  heavyCodes: Record<string, number>;
  heavyDurations: Summary;
  seconds: number;
};

export async function underHeavyLoad(o: {
  url: string;
  runs: number;
  timed: () => Promise<unknown>;
  heavyToken: string;
  heavy: MixQuery[];
}): Promise<HeavyLoadResult> {
  const stop = new AbortController();
  const heavyCodes: Record<string, number> = {};
  const heavyTimes: number[] = [];
  const loop = async (q: MixQuery) => {
    while (!stop.signal.aborted) {
      const t0 = performance.now();
      try {
        const res = await fetch(`${o.url}/v1/report/list/sdk?${queryString(q.params)}`, {
          headers: { token: o.heavyToken },
          signal: stop.signal,
        });
        const body = (await res.json()) as { code: number };
        heavyCodes[body.code] = (heavyCodes[body.code] ?? 0) + 1;
        heavyTimes.push(performance.now() - t0);
      } catch {
        // Aborted at the end.
      }
    }
  };
  const started = performance.now();
  const loops = o.heavy.map(loop);
  // Let the heavy queries occupy the store before timing.
  await new Promise((r) => setTimeout(r, 1000));
  const samples: number[] = [];
  for (let i = 0; i < o.runs; i++) {
    const t0 = performance.now();
    await o.timed();
    samples.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 100));
  }
  stop.abort();
  await Promise.all(loops);
  return {
    timed: summarize(samples),
    heavyCodes,
    heavyDurations: summarize(heavyTimes.length ? heavyTimes : [Number.NaN]),
    seconds: (performance.now() - started) / 1000,
  };
}
