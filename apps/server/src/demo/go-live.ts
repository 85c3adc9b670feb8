/**
 * The demo network's go-live state (issue 27): test devices of both publishers and app-ads.txt
 * websites with the last check's outcome in each state (found, line missing, line wrong,
 * unreachable), so the test device page, the apps list's app-ads.txt column and the home checklist
 * show something on a fresh start. The websites use reserved `.example` domains: the daily check
 * finds them unreachable after the first day, which is what a real check of them would say.
 * Written once: nothing is written into a store that has test devices already (a resumed seed runs
 * it again).
 */
import { and, eq } from 'drizzle-orm';
import type { GoLiveConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { appAdsTxt, testDevices } from '../db/schema/go-live.ts';
import { apps } from '../db/schema/inventory.ts';
import { notifications } from '../db/schema/notifications.ts';
import { companies } from '../db/schema/organisations.ts';
import { users } from '../db/schema/users.ts';
import { expectedLine } from '../modules/app-ads/app-ads-service.ts';

const DAY_MS = 86_400_000;

const devices = [
  {
    company: 'Demo Games',
    email: 'demo@example.com',
    id: '38400000-8cf0-11bd-b23e-10b96e40000d',
    name: 'Pixel 8 (QA)',
    platform: 1,
    daysAgo: 30,
  },
  {
    company: 'Demo Games',
    email: 'demo@example.com',
    id: '6d92078a-8246-4ba4-ae5b-76104861e7dc',
    name: 'iPhone 15 (QA)',
    platform: 2,
    daysAgo: 12,
  },
  {
    company: 'Other Media',
    email: 'other@example.com',
    id: 'cdda802e-fb9c-47ad-9866-0794d394c912',
    name: 'Galaxy S23',
    platform: 1,
    daysAgo: 5,
  },
];

const sites = [
  {
    app: 'Puzzle Quest Saga',
    website: 'https://www.demo-games.example/puzzle-quest',
    status: 'found',
    detail: 'line found',
  },
  {
    app: 'Merge Kingdom',
    website: 'https://mergekingdom.example',
    status: 'line_missing',
    detail: 'no record for the network among 14 records',
  },
  {
    app: 'Word Blitz',
    website: 'https://wordblitz.example',
    status: 'line_wrong',
    detail: 'relationship is RESELLER, not DIRECT',
  },
  {
    app: 'Daily News Reader',
    website: 'https://news.other-media.example',
    status: 'unreachable',
    detail: 'domain not found (DNS)',
  },
];

/** Inserts the devices and app-ads.txt states; `now` anchors their times. Answers the devices written. */
export async function seedDemoGoLive(
  db: Db,
  now: Date,
  goLiveDefaults: Pick<GoLiveConfig, 'appAdsDomain' | 'appAdsCertId' | 'appAdsAllowLoopback'>,
): Promise<number> {
  if ((await db.select({ id: testDevices.id }).from(testDevices).limit(1)).length > 0) return 0;
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);
  let written = 0;
  for (const d of devices) {
    const [owner] = await db
      .select({ company: companies.id, user: users.id })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.company_id))
      .where(and(eq(users.email, d.email), eq(companies.company_name, d.company)))
      .limit(1);
    if (!owner) continue;
    await db.insert(testDevices).values({
      company_id: owner.company,
      advertising_id: d.id,
      name: d.name,
      platform: d.platform,
      added_by: owner.user,
      created_at: at(d.daysAgo),
      updated_at: at(d.daysAgo),
    });
    written++;
  }
  for (const s of sites) {
    const [app] = await db.select({ id: apps.id }).from(apps).where(eq(apps.app_name, s.app)).limit(1);
    if (!app) continue;
    await db
      .insert(appAdsTxt)
      .values({
        app_id: app.id,
        developer_website: s.website,
        status: s.status,
        detail: s.detail,
        checked_at: at(1),
        updated_at: at(20),
      })
      .onConflictDoNothing();
  }
  // The line-missing finding of Merge Kingdom, unread in the demo admin's bell.
  const [merge] = await db
    .select({ id: apps.id })
    .from(apps)
    .where(eq(apps.app_name, 'Merge Kingdom'))
    .limit(1);
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'demo@example.com'))
    .limit(1);
  const [co] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.company_name, 'Demo Games'));
  if (merge && admin && co) {
    await db.insert(notifications).values({
      user_id: admin.id,
      kind: 'app_ads_txt_missing',
      params: {
        app_id: merge.id,
        app_name: 'Merge Kingdom',
        url: 'https://mergekingdom.example/app-ads.txt',
        line: expectedLine(goLiveDefaults, co.id),
      },
      in_portal: true,
      by_email: false,
      created_at: at(1),
    });
  }
  return written;
}
