/**
 * The publisher's home (issue 27 item 5; contracts home.ts). Every figure comes from the report
 * engine the SDK report uses (kind-queries.ts `resolveSdk`, report-service.ts `runList`): the same
 * scope (a member's data permissions), the same clock (the caller's time zone) and the same
 * statements, so a card equals the report's total for its dates. Only "today" goes past the report's
 * last day (yesterday): the context's last reportable day is moved to today.
 *
 * Throws 601 for a caller without an active membership (operations included); a caller without the
 * SDK report gets the checklist only (`earnings_visible` false).
 */
import { Role, UserStatus } from '@portal/contracts/constants.ts';
import {
  type ChecklistStep,
  checklistSteps,
  earningsPeriods,
  type HomeCard,
  type HomeData,
} from '@portal/contracts/home.ts';
import { dayNumber, fromDayNumber } from '@portal/contracts/report-dates.ts';
import { sdkListQuery } from '@portal/contracts/reports.ts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appAdsTxt } from '../../db/schema/go-live.ts';
import { apps, placements } from '../../db/schema/inventory.ts';
import { AppError } from '../../lib/app-error.ts';
import { requestLang } from '../../lib/request-lang.ts';
import { currentUser } from '../../plugins/session.ts';
import { requirePayments } from '../payments/access.ts';
import { paymentSummary } from '../payments/statements.ts';
import { requireReport } from '../permission/report-access.ts';
import { type Ctx, resolveSdk } from '../reports/kind-queries.ts';
import { reportClock, sdkAppNames } from '../reports/report-context.ts';
import { runList } from '../reports/report-service.ts';
import { earningsRanges, type Range } from './home-dates.ts';

type Money = string | number;

/** `(current − previous) / previous`, null over a previous period without revenue. */
export function changeOf(current: Money, previous: Money): number | null {
  const c = Number(current);
  const p = Number(previous);
  if (!(p > 0)) return null;
  return Math.round(((c - p) / p) * 10_000) / 10_000;
}

/**
 * The exact sum of report money values (decimal strings of up to 6 decimals, or numbers), as a
 * decimal string with 6 decimals: summed in integer micro-units, never in binary floats.
 */
export function sumMoney(values: Money[]): string {
  let micros = 0n;
  for (const v of values) {
    const text = typeof v === 'number' ? v.toFixed(6) : v;
    const negative = text.startsWith('-');
    const [whole = '0', frac = ''] = text.replace(/^[-+]/, '').split('.');
    const m = BigInt(whole || '0') * 1_000_000n + BigInt(frac.padEnd(6, '0').slice(0, 6) || '0');
    micros += negative ? -m : m;
  }
  const sign = micros < 0n ? '-' : '';
  const abs = micros < 0n ? -micros : micros;
  return `${sign}${abs / 1_000_000n}.${String(abs % 1_000_000n).padStart(6, '0')}`;
}

/** Whether the organisation has reached each setup step that the accounts store knows. */
async function storedSteps(app: FastifyInstance, companyId: number) {
  const count = (q: ReturnType<typeof sql>) => sql<number>`(${q})::int`;
  const [row] = await app.db
    .select({
      apps: count(
        sql`select count(*) from ${apps} where ${apps.company_id} = ${companyId} and ${apps.audit_status} <> -1`,
      ),
      approved: count(
        sql`select count(*) from ${apps} where ${apps.company_id} = ${companyId} and ${apps.left_review}`,
      ),
      slots: count(
        sql`select count(*) from ${placements} join ${apps} on ${apps.id} = ${placements.app_id} where ${apps.company_id} = ${companyId} and ${placements.audit_status} <> -1`,
      ),
      found: count(
        sql`select count(*) from ${appAdsTxt} join ${apps} on ${apps.id} = ${appAdsTxt.app_id} where ${apps.company_id} = ${companyId} and ${appAdsTxt.status} = 'found'`,
      ),
    })
    .from(sql`(select 1) as one`);
  return row ?? { apps: 0, approved: 0, slots: 0, found: 0 };
}

/**
 * The balance card (issue 23 item 2): the figures of `GET /v1/payments/summary` for a caller who sees
 * Payments (payments/access.ts), else null (a member without the finance grant: 402 there).
 */
async function balanceCardOf(
  app: FastifyInstance,
  user: ReturnType<typeof currentUser>,
): Promise<HomeCard | null> {
  let companyId: number;
  try {
    companyId = await requirePayments(app, user);
  } catch (err) {
    if (err instanceof AppError && err.code === 402) return null;
    throw err;
  }
  const s = await paymentSummary(app.db, companyId);
  return {
    kind: 'balance',
    balance_micros: s.balance_micros,
    carried_micros: s.carried_micros,
    next_payment_date: s.next_payment_date,
    hold_until: s.hold_until,
  };
}

/** The home of the signed-in caller. */
export async function homeOf(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<HomeData> {
  const user = currentUser(request);
  if (user.roles.includes(Role.OPS) || user.companyId === null || user.status !== UserStatus.ACTIVE) {
    throw new AppError(601);
  }
  let earningsVisible = true;
  try {
    await requireReport(app, user, 'sdk');
  } catch (err) {
    if (!(err instanceof AppError && err.code === 402)) throw err;
    earningsVisible = false;
  }
  const clock = reportClock(app, user, 'sdk', app.now());
  const today = fromDayNumber(dayNumber(clock.yesterday) + 1);
  const ctx: Ctx = {
    app,
    user,
    lang: requestLang(request),
    yesterday: today,
    ...(clock.zone ? { zone: clock.zone } : {}),
  };
  const sdk = (q: Record<string, string>) => resolveSdk(ctx, sdkListQuery.parse(q));

  const revenueCache = new Map<string, Promise<Money>>();
  const revenueOf = (r: Range): Promise<Money> => {
    const key = `${r.start},${r.end}`;
    let p = revenueCache.get(key);
    if (!p) {
      p = sdk({ dt: key, fields: 'revenue', page_size: '1' }).then(async (q) => {
        const data = await runList(app, reply, q.def, q.query);
        return (data.total.revenue as Money | null) ?? 0;
      });
      revenueCache.set(key, p);
    }
    return p;
  };

  /** Revenue of `day` by hour (0–23) on the caller's clock: only the hours that have facts. */
  const hourlyRevenue = async (day: string): Promise<Map<number, Money>> => {
    const q = await sdk({ dt: `${day},${day}`, fields: 'hour,revenue', order: 'hour:asc', page_size: '24' });
    const data = await runList(app, reply, q.def, q.query);
    return new Map(data.list.map((r) => [Number(r.hour), (r.revenue as Money | null) ?? 0]));
  };

  const cards: HomeCard[] = [];
  let topApps: HomeData['top_apps'] = [];
  if (earningsVisible) {
    const ranges = earningsRanges(today);
    for (const period of earningsPeriods) {
      const { current, previous } = ranges[period];
      if (period === 'today') {
        // Today so far against yesterday up to the same hour: the last hour with facts today.
        const [now, todayByHour, yesterdayByHour] = await Promise.all([
          revenueOf(current),
          hourlyRevenue(current.start),
          hourlyRevenue(previous.start),
        ]);
        const hours = [...todayByHour.keys()];
        const untilHour = hours.length > 0 ? Math.max(...hours) : null;
        const before =
          untilHour === null
            ? '0'
            : sumMoney([...yesterdayByHour].filter(([h]) => h <= untilHour).map(([, v]) => v));
        cards.push({
          kind: 'earnings',
          period,
          ...current,
          revenue: now,
          previous: { ...previous, revenue: before, until_hour: untilHour },
          change: untilHour === null ? null : changeOf(now, before),
        });
        continue;
      }
      const [now, before] = await Promise.all([revenueOf(current), revenueOf(previous)]);
      cards.push({
        kind: 'earnings',
        period,
        ...current,
        revenue: now,
        previous: { ...previous, revenue: before },
        change: changeOf(now, before),
      });
    }
    const month = ranges.this_month.current;
    const top = await sdk({
      dt: `${month.start},${month.end}`,
      fields: 'app_key,revenue',
      order: 'revenue:desc',
      page_size: '5',
    });
    const data = await runList(app, reply, top.def, top.query, sdkAppNames(app, requestLang(request)));
    topApps = data.list
      .filter((r) => Number(r.revenue) > 0)
      .map((r) => ({
        app_key: String(r.app_key),
        app_name: (r.app_name as string | null) ?? null,
        revenue: (r.revenue as Money) ?? 0,
      }));
  }

  const balance = await balanceCardOf(app, user);
  if (balance) cards.push(balance);

  const stored = await storedSteps(app, user.companyId);
  let requests = 0;
  let impressions = 0;
  if (earningsVisible) {
    const q = await sdk({
      dt: `${fromDayNumber(dayNumber(today) - 89)},${today}`,
      fields: 'request,impression',
      page_size: '1',
    });
    const total = (await runList(app, reply, q.def, q.query)).total;
    requests = Number(total.request ?? 0);
    impressions = Number(total.impression ?? 0);
  }
  const done: Record<ChecklistStep, boolean> = {
    organisation: true,
    first_app: stored.apps > 0,
    app_approved: stored.approved > 0,
    first_ad_slot: stored.slots > 0,
    sdk_integrated: requests > 0,
    first_impression: impressions > 0,
    app_ads_found: stored.found > 0,
  };
  return {
    timezone: user.timezone ?? app.config.reportTimezone,
    today,
    earnings_visible: earningsVisible,
    cards,
    top_apps: topApps,
    checklist: checklistSteps.map((step) => ({ step, done: done[step] })),
  };
}
