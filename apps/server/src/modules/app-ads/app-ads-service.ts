/**
 * app-ads.txt per app (issue 27 item 3; contracts app-ads.ts): the developer website, the line to add,
 * the last check. Reach as for every app route (apps/access.ts: 67 own organisation, 70 all; 402 /
 * 10008 otherwise). A check crawls (crawler.ts), judges (app-ads-parse.ts), stores the outcome and,
 * when the app's state turns to line missing / file missing (`app_ads_txt_missing`) or line wrong
 * (`app_ads_txt_wrong`) from any other state, notifies the organisation's admins in the same
 * transaction (once per app, state and day: `dedupeKey`).
 */
import {
  type AppAdsState,
  type AppAdsStatus,
  appAdsLine,
  appAdsText,
  DEVELOPER_WEBSITE_MAX,
} from '@portal/contracts/app-ads.ts';
import type { Lang } from '@portal/contracts/codes.ts';
import { AuditStatus } from '@portal/contracts/constants.ts';
import { LONE_SURROGATE } from '@portal/contracts/test-devices.ts';
import { and, asc, eq, ne, type SQL } from 'drizzle-orm';
import type { GoLiveConfig } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import { appAdsTxt } from '../../db/schema/go-live.ts';
import { apps } from '../../db/schema/inventory.ts';
import { AppError, paramError } from '../../lib/app-error.ts';
import type { Manager } from '../apps/access.ts';
import { ownedApp } from '../apps/app-service.ts';
import { notify } from '../notifications/notify.ts';
import { judgeAdsTxt, parseAdsTxt } from './app-ads-parse.ts';
import { crawlAppAds, crawlTarget } from './crawler.ts';

type Settings = Pick<GoLiveConfig, 'appAdsDomain' | 'appAdsCertId' | 'appAdsAllowLoopback'>;

/** The publisher account ID in the line: the organisation's id with the network. */
export const publisherAccountId = (companyId: number) => String(companyId);

/** The line `companyId` must add. */
export function expectedLine(s: Settings, companyId: number): string {
  return appAdsLine(s.appAdsDomain, publisherAccountId(companyId), s.appAdsCertId);
}

type Row = {
  app_id: number;
  app_name: string;
  company_id: number;
  developer_website: string | null;
  status: string | null;
  detail: string | null;
  checked_at: Date | null;
};

function stateOf(s: Settings, r: Row): AppAdsState {
  const target = r.developer_website ? crawlTarget(r.developer_website, s.appAdsAllowLoopback) : null;
  return {
    app_id: r.app_id,
    app_name: r.app_name,
    developer_website: r.developer_website,
    domain: target?.domain ?? null,
    url: target?.url ?? null,
    line: expectedLine(s, r.company_id),
    status: (r.status as AppAdsStatus | null) ?? null,
    detail: r.detail,
    checked_at: r.checked_at?.toISOString() ?? null,
  };
}

const rowColumns = {
  app_id: apps.id,
  app_name: apps.app_name,
  company_id: apps.company_id,
  developer_website: appAdsTxt.developer_website,
  status: appAdsTxt.status,
  detail: appAdsTxt.detail,
  checked_at: appAdsTxt.checked_at,
};

async function rowsWhere(db: Executor, where: SQL | undefined): Promise<Row[]> {
  return db
    .select(rowColumns)
    .from(apps)
    .leftJoin(appAdsTxt, eq(appAdsTxt.app_id, apps.id))
    .where(where)
    .orderBy(asc(apps.id));
}

/** The app-ads.txt state of app `appId` within reach. */
export async function getAppAdsState(
  db: Executor,
  m: Manager,
  appId: number,
  s: Settings,
): Promise<AppAdsState> {
  await ownedApp(db, m, appId);
  const [row] = await rowsWhere(db, eq(apps.id, appId));
  if (!row) throw new AppError(10008);
  return stateOf(s, row);
}

/** Every live app within reach with its state, by app id. */
export async function listAppAdsStates(db: Executor, m: Manager, s: Settings): Promise<AppAdsState[]> {
  const rows = await rowsWhere(
    db,
    and(
      m.companyId === null ? undefined : eq(apps.company_id, m.companyId),
      ne(apps.audit_status, AuditStatus.DELETED),
    ),
  );
  return rows.map((r) => stateOf(s, r));
}

/** The website as stored (trimmed), or null to remove it; 604 unless an http(s) URL with a host. */
export function checkedWebsite(raw: string | null, s: Settings, lang: Lang): string | null {
  const v = raw?.trim() ?? '';
  if (!v) return null;
  if (v.length > DEVELOPER_WEBSITE_MAX || LONE_SURROGATE.test(v) || !crawlTarget(v, s.appAdsAllowLoopback)) {
    throw paramError([{ field: 'developer_website', message: appAdsText.badWebsite[lang] }]);
  }
  return v;
}

/** Sets (or removes, with null) the developer website; a changed website forgets the last check. */
export async function setDeveloperWebsite(
  db: Db,
  m: Manager,
  appId: number,
  raw: string | null,
  s: Settings,
  lang: Lang,
  now: Date,
): Promise<AppAdsState> {
  const app = await ownedApp(db, m, appId);
  if (app.audit_status === AuditStatus.DELETED) throw new AppError(10008);
  const website = checkedWebsite(raw, s, lang);
  if (website === null) {
    await db.delete(appAdsTxt).where(eq(appAdsTxt.app_id, appId));
  } else {
    await db
      .insert(appAdsTxt)
      .values({ app_id: appId, developer_website: website, updated_at: now })
      .onConflictDoUpdate({
        target: appAdsTxt.app_id,
        set: { developer_website: website, status: null, detail: null, checked_at: null, updated_at: now },
        setWhere: ne(appAdsTxt.developer_website, website),
      });
  }
  return getAppAdsState(db, m, appId, s);
}

/** The outcome of crawling and judging `website` for `companyId`. */
export async function inspect(
  website: string,
  companyId: number,
  s: Settings,
): Promise<{ status: AppAdsStatus; detail: string; url: string | null }> {
  const target = crawlTarget(website, s.appAdsAllowLoopback);
  if (!target) return { status: 'unreachable', detail: 'not a web address', url: null };
  const got = await crawlAppAds(target, { allowLoopback: s.appAdsAllowLoopback });
  if (got.kind === 'missing') return { status: 'file_missing', detail: got.detail, url: target.url };
  if (got.kind === 'unreachable') return { status: 'unreachable', detail: got.detail, url: target.url };
  const judged = judgeAdsTxt(parseAdsTxt(got.text), {
    domain: s.appAdsDomain,
    accountId: publisherAccountId(companyId),
    certId: s.appAdsCertId,
  });
  const detail = got.truncated ? `${judged.detail} (only the first 1 MiB read)` : judged.detail;
  return { ...judged, detail: detail.slice(0, 300), url: target.url };
}

const missing = new Set<string>(['line_missing', 'file_missing']);

/**
 * Checks app `appId` now (whatever its reach: callers check it) and stores the outcome; answers null
 * when the app has no website or is deleted. Notifies on a turn to missing or wrong (see module doc).
 */
export async function runCheck(db: Db, appId: number, s: Settings, now: Date): Promise<AppAdsStatus | null> {
  const [row] = await rowsWhere(db, and(eq(apps.id, appId), ne(apps.audit_status, AuditStatus.DELETED)));
  if (!row?.developer_website) return null;
  const website = row.developer_website;
  const outcome = await inspect(website, row.company_id, s);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: appAdsTxt.status, website: appAdsTxt.developer_website })
      .from(appAdsTxt)
      .where(eq(appAdsTxt.app_id, appId))
      .for('update');
    // The website changed (or was removed) while the check ran: this outcome is about another site.
    if (!before || before.website !== website) return;
    await tx
      .update(appAdsTxt)
      .set({ status: outcome.status, detail: outcome.detail, checked_at: now })
      .where(eq(appAdsTxt.app_id, appId));
    const was = before.status ?? '';
    const turnedMissing = missing.has(outcome.status) && !missing.has(was);
    const turnedWrong = outcome.status === 'line_wrong' && was !== 'line_wrong';
    if (!turnedMissing && !turnedWrong) return;
    const params = {
      app_id: appId,
      app_name: row.app_name,
      url: outcome.url ?? website,
      line: expectedLine(s, row.company_id),
    };
    const dedupeKey = `app_ads:${appId}:${outcome.status}:${now.toISOString().slice(0, 10)}`;
    const to = { companyId: row.company_id };
    if (turnedWrong) await notify(tx, { kind: 'app_ads_txt_wrong', to, params, now, dedupeKey });
    else await notify(tx, { kind: 'app_ads_txt_missing', to, params, now, dedupeKey });
  });
  return outcome.status;
}

/** Ids of every live app with a developer website (the daily check's list). */
export async function appsWithWebsite(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ id: apps.id })
    .from(appAdsTxt)
    .innerJoin(apps, eq(apps.id, appAdsTxt.app_id))
    .where(ne(apps.audit_status, AuditStatus.DELETED))
    .orderBy(asc(apps.id));
  return rows.map((r) => r.id);
}
