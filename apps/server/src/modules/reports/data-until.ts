/**
 * `data_until` of a list answer (issue 13 item 9, contracts `dataFreshness`): the latest facts of the
 * kind's table (reports/data-freshness.ts), network-wide (it says when the kind was last loaded, not
 * what the caller's rows hold), read in the light lane and kept for `DATA_UNTIL_TTL_MS` per table,
 * reportable day and zone, so a page of lists costs at most one such read a minute. For a caller
 * reading an hourly kind in another zone than the network's, the hour is on the caller's clock.
 * The read is shared, so it is not cancelled when the client that started it goes away.
 */
import { dashed, dayNumber, fromDayNumber } from '@portal/contracts/report-dates.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { dataUntilText, type LatestFacts, latestFacts } from '../../reports/data-freshness.ts';
import type { QueryDef } from '../../reports/query-builder.ts';
import { hourShift, type ReportZone, shiftHour } from '../../reports/zone-shift.ts';
import { guardedRead } from './report-guard.ts';

/** How long a table's freshness is reused, ms. */
export const DATA_UNTIL_TTL_MS = 60_000;

type Entry = { at: number; value: Promise<string | undefined> };
const caches = new WeakMap<FastifyInstance, Map<string, Entry>>();

/**
 * The latest network facts `latest` on the caller's clock of `zone`, not after the caller's
 * `yesterday` 23:00 (facts beyond the caller's last reportable day do not count).
 */
export function onCallerClock(latest: LatestFacts, zone: ReportZone, yesterday: string): LatestFacts {
  if (latest.hour === undefined) return latest;
  const own = shiftHour(
    hourShift(zone, yesterday, yesterday),
    dayNumber(latest.dt.replaceAll('-', '')) * 24 + latest.hour,
  );
  const h = Math.min(own, dayNumber(yesterday) * 24 + 23);
  return { dt: dashed(fromDayNumber(Math.floor(h / 24))), hour: h % 24 };
}

/**
 * The `data_until` text for `def`'s table as seen on `yesterday` (yyyyMMdd, the caller's last
 * reportable day) on the caller's clock (`zone`, report-context.ts `reportClock`); undefined when
 * the kind has no facts. A failed read is not cached and not fatal: the list answers without it.
 */
export async function dataUntil(
  app: FastifyInstance,
  reply: FastifyReply,
  def: QueryDef,
  yesterday: string,
  zone?: ReportZone,
): Promise<string | undefined> {
  let cache = caches.get(app);
  if (!cache) {
    cache = new Map();
    caches.set(app, cache);
  }
  const key = `${def.table.kind}|${yesterday}|${zone?.user ?? ''}`;
  const now = app.now().getTime();
  const hit = cache.get(key);
  if (hit && now - hit.at < DATA_UNTIL_TTL_MS) return hit.value;
  // On another clock, the network day after the caller's yesterday may still hold its hours.
  const notAfter = zone ? fromDayNumber(dayNumber(yesterday) + 1) : yesterday;
  // Shared by every caller of the next minute: one client going away must not cancel it for the rest.
  const value = guardedRead(app, reply, 'light', (store) => latestFacts(store, def.table, dashed(notAfter)), {
    shared: true,
  })
    .then((latest) => (latest && zone ? onCallerClock(latest, zone, yesterday) : latest))
    .then(dataUntilText);
  const entry = { at: now, value };
  cache.set(key, entry);
  try {
    return await value;
  } catch (err) {
    if (cache.get(key) === entry) cache.delete(key);
    reply.log.warn({ err }, 'data_until read failed');
    return undefined;
  }
}
