/**
 * The demo network's accounts and inventory (api-contract §7): organisations "Demo Games" (SDK and
 * affiliate cooperation) and "Other Media", the network operations staff, the four demo users
 * (password Demo12345), apps and ad slots. Deterministic: app keys derive from package names.
 * Runs in one transaction, so a failed seed leaves nothing half-written.
 */
import { createHash } from 'node:crypto';
import { AdStyle, AuditStatus, DataPermissionType, Role, UserStatus } from '@portal/contracts/constants.ts';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { apps, placements } from '../db/schema/inventory.ts';
import { accounts, companies, companyChannels } from '../db/schema/organisations.ts';
import { APP_REPORT_COMPANY_STATE, serverState } from '../db/schema/server.ts';
import { dataPermissions, userRoles, users } from '../db/schema/users.ts';
import { hashPassword } from '../lib/password.ts';
import { APPS_ROOT, GAMES_ROOT, googlePlayCategories } from '../modules/industry/google-play-categories.ts';

export const DEMO_PASSWORD = 'Demo12345';

type DemoSlot = { name: string; style: number; content: number[] };
type DemoApp = {
  name: string;
  pkg: string;
  platform: 1 | 2;
  status: number;
  /** Second-level industry id (a Google Play category), so editing keeps a valid category. */
  industry: number;
  slots: DemoSlot[];
};

/** The id of the Google Play category `name` under Games or Apps; throws for an unknown name. */
function category(root: number, name: string): number {
  const c = googlePlayCategories.find((x) => x.parent_id === root && x.name_en === name);
  if (!c) throw new Error(`no category ${name}`);
  return c.id;
}
const game = (name: string) => category(GAMES_ROOT, name);
const app = (name: string) => category(APPS_ROOT, name);

const gameSlots: DemoSlot[] = [
  { name: 'Home Banner', style: AdStyle.BANNER, content: [5] },
  { name: 'Level End Interstitial', style: AdStyle.INTERSTITIAL, content: [1, 2, 3, 4] },
  { name: 'Extra Life Reward', style: AdStyle.REWARDED_VIDEO, content: [3, 4] },
];
const mediaSlots: DemoSlot[] = [
  { name: 'Feed Native', style: AdStyle.NATIVE, content: [1, 2] },
  { name: 'Article Banner', style: AdStyle.BANNER, content: [6] },
];

/** Demo Games' apps, largest first; the last is still under review. */
export const demoGamesApps: DemoApp[] = [
  {
    name: 'Puzzle Quest Saga',
    pkg: 'com.demogames.puzzlequest',
    platform: 1,
    status: 2,
    industry: game('Puzzle'),
    slots: gameSlots,
  },
  {
    name: 'Merge Kingdom',
    pkg: 'com.demogames.mergekingdom',
    platform: 1,
    status: 2,
    industry: game('Casual'),
    slots: gameSlots,
  },
  {
    name: 'Word Blitz',
    pkg: 'com.demogames.wordblitz',
    platform: 2,
    status: 2,
    industry: game('Word'),
    slots: gameSlots.slice(0, 2),
  },
  {
    name: 'Idle Miner Tycoon',
    pkg: 'com.demogames.idleminer',
    platform: 1,
    status: 2,
    industry: game('Simulation'),
    slots: gameSlots,
  },
  {
    name: 'Solitaire Classic',
    pkg: 'com.demogames.solitaire',
    platform: 2,
    status: 3,
    industry: game('Card'),
    slots: gameSlots.slice(0, 1),
  },
  {
    name: 'Bubble Pop Mania',
    pkg: 'com.demogames.bubblepop',
    platform: 1,
    status: 1,
    industry: game('Casual'),
    slots: gameSlots.slice(1),
  },
];

/** Other Media's apps. */
export const otherMediaApps: DemoApp[] = [
  {
    name: 'Daily News Reader',
    pkg: 'com.othermedia.dailynews',
    platform: 1,
    status: 2,
    industry: app('News & Magazines'),
    slots: mediaSlots,
  },
  {
    name: 'Weather Now',
    pkg: 'com.othermedia.weathernow',
    platform: 2,
    status: 2,
    industry: app('Weather'),
    slots: mediaSlots,
  },
  {
    name: 'Recipe Box',
    pkg: 'com.othermedia.recipebox',
    platform: 1,
    status: 2,
    industry: app('Food & Drink'),
    slots: mediaSlots.slice(0, 1),
  },
];

/** Demo Games apps whose keys member@example.com may see (data permission type 3). */
export const memberAppPackages = ['com.demogames.puzzlequest', 'com.demogames.wordblitz'];

/** Affiliate channels of Demo Games (type 5) and RTB networks of Other Media (type 4); the member sees the first. */
export const demoAffiliateChannels = ['ClickNest', 'OfferHub', 'LeadPrime'];
export const demoRtbChannels = ['BidStream', 'PrimeRTB'];

/** Deterministic 32-hex app key of a demo package. */
export function demoAppKey(pkg: string): string {
  return createHash('sha256').update(`demo-app-key:${pkg}`).digest('hex').slice(0, 32);
}

/** Inserts the demo organisations, users, roles, data permissions, apps and ad slots. */
export async function seedDemoAccounts(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [demoCo, otherCo, opsCo] = await tx
      .insert(companies)
      .values([
        { company_name: 'Demo Games', is_publisher: 1, cooperation_types: [1, 4] },
        { company_name: 'Other Media', is_publisher: 1, cooperation_types: [1] },
        { company_name: 'Portal Network Operations', is_publisher: 0, cooperation_types: [1, 4] },
      ])
      .returning();
    if (!demoCo || !otherCo || !opsCo) throw new Error('demo companies not inserted');
    // The APP report goes to the demo organisation by id, not by its name (modules/permission/app-report.ts).
    await tx
      .insert(serverState)
      .values({ name: APP_REPORT_COMPANY_STATE, value: String(demoCo.id), updated_at: new Date() })
      .onConflictDoUpdate({
        target: serverState.name,
        set: { value: String(demoCo.id), updated_at: new Date() },
      });
    const [demoAcc, otherAcc, opsAcc] = await tx
      .insert(accounts)
      .values([
        { account_name: 'Demo Games', company_id: demoCo.id },
        { account_name: 'Other Media', company_id: otherCo.id },
        { account_name: 'Network Operations', company_id: opsCo.id },
      ])
      .returning();
    if (!demoAcc || !otherAcc || !opsAcc) throw new Error('demo accounts not inserted');

    const person = (email: string, name: string, acc: { id: number; company_id: number }) => ({
      email,
      password_hash: passwordHash,
      name,
      user_name: email.split('@')[0] ?? email,
      status: UserStatus.ACTIVE,
      account_id: acc.id,
      company_id: acc.company_id,
    });
    const [demo, member, other, ops] = await tx
      .insert(users)
      .values([
        person('demo@example.com', 'Demo Admin', demoAcc),
        person('member@example.com', 'Demo Member', demoAcc),
        person('other@example.com', 'Other Admin', otherAcc),
        person('ops@example.com', 'Network Ops', opsAcc),
      ])
      .returning();
    if (!demo || !member || !other || !ops) throw new Error('demo users not inserted');
    // Each organisation's super admin is its creator, and so its owner (api-contract §10).
    for (const [co, acc, owner] of [
      [demoCo, demoAcc, demo],
      [otherCo, otherAcc, other],
    ] as const) {
      await tx.update(companies).set({ created_by: owner.id }).where(eq(companies.id, co.id));
      await tx.update(accounts).set({ created_by: owner.id }).where(eq(accounts.id, acc.id));
    }
    await tx.insert(userRoles).values([
      { user_id: demo.id, role_id: Role.ADMIN },
      { user_id: member.id, role_id: Role.MEMBER },
      { user_id: other.id, role_id: Role.ADMIN },
      { user_id: ops.id, role_id: Role.OPS },
    ]);

    for (const [companyId, list] of [
      [demoCo.id, demoGamesApps],
      [otherCo.id, otherMediaApps],
    ] as const) {
      for (const a of list) {
        const [row] = await tx
          .insert(apps)
          .values({
            company_id: companyId,
            app_name: a.name,
            package_name: a.pkg,
            platform: a.platform,
            is_online: 1,
            app_store_address: `https://play.google.com/store/apps/details?id=${a.pkg}`,
            audit_status: a.status,
            left_review: a.status !== AuditStatus.REVIEW,
            industry_id: a.industry,
            description: '',
            app_key: demoAppKey(a.pkg),
          })
          .returning();
        if (!row) throw new Error('demo app not inserted');
        await tx.insert(placements).values(
          a.slots.map((s) => ({
            app_id: row.id,
            adpos_name: s.name,
            ad_style: s.style,
            content_type: s.content,
            audit_status: a.status === AuditStatus.REVIEW ? AuditStatus.REVIEW : AuditStatus.ACTIVE,
          })),
        );
      }
    }

    await tx.insert(dataPermissions).values(
      memberAppPackages.map((pkg) => ({
        user_id: member.id,
        type: DataPermissionType.SDK,
        name: demoGamesApps.find((a) => a.pkg === pkg)?.name ?? pkg,
        rule: demoAppKey(pkg),
      })),
    );
    await tx.insert(companyChannels).values([
      ...demoAffiliateChannels.map((name) => ({
        company_id: demoCo.id,
        type: DataPermissionType.AFFILIATE,
        name,
      })),
      ...demoRtbChannels.map((name) => ({ company_id: otherCo.id, type: DataPermissionType.RTB, name })),
    ]);
    const memberChannel = demoAffiliateChannels[0] ?? '';
    await tx.insert(dataPermissions).values({
      user_id: member.id,
      type: DataPermissionType.AFFILIATE,
      name: memberChannel,
      rule: memberChannel,
    });
  });
}
