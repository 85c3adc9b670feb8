/**
 * The demo network's notification history (issue 27 item 4): a few weeks of what the demo users
 * would have been told, some read, some not, so the bell and the list have something to show on a
 * fresh start. Written as history (in the portal, not mailed), after demo/accounts.ts.
 */

import { Role } from '@portal/contracts/constants.ts';
import type { NotificationKind, NotificationParams } from '@portal/contracts/notifications.ts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { apps, placements } from '../db/schema/inventory.ts';
import { notifications } from '../db/schema/notifications.ts';
import { users } from '../db/schema/users.ts';

const DAY_MS = 86_400_000;

type Entry<K extends NotificationKind> = {
  email: string;
  kind: K;
  params: NotificationParams<K>;
  /** Days before now. */
  daysAgo: number;
  read: boolean;
};

/**
 * Inserts the history; `now` anchors it. Expects the demo accounts. Writes nothing into a store that
 * has notifications already (a resumed seed runs it again).
 */
export async function seedDemoNotifications(db: Db, now: Date): Promise<number> {
  if ((await db.select({ id: notifications.id }).from(notifications).limit(1)).length > 0) return 0;
  const idOf = new Map(
    (await db.select({ id: users.id, email: users.email }).from(users)).map((u) => [u.email, u.id]),
  );
  const appId = async (name: string) =>
    (await db.select({ id: apps.id }).from(apps).where(eq(apps.app_name, name)).limit(1))[0]?.id ?? 0;
  const slotId = async (app: string, slot: string) =>
    (
      await db
        .select({ id: placements.adpos_id })
        .from(placements)
        .innerJoin(apps, eq(apps.id, placements.app_id))
        .where(and(eq(apps.app_name, app), eq(placements.adpos_name, slot)))
        .limit(1)
    )[0]?.id ?? 0;

  const entries: Entry<NotificationKind>[] = [
    {
      email: 'demo@example.com',
      kind: 'app_approved',
      params: { app_id: await appId('Word Blitz'), app_name: 'Word Blitz' },
      daysAgo: 20,
      read: true,
    },
    {
      email: 'demo@example.com',
      kind: 'placement_approved',
      params: {
        adpos_id: await slotId('Merge Kingdom', 'Extra Life Reward'),
        adpos_name: 'Extra Life Reward',
        app_name: 'Merge Kingdom',
      },
      daysAgo: 12,
      read: true,
    },
    {
      email: 'demo@example.com',
      kind: 'api_key_created',
      params: { key_id: 0, name: 'BI export', prefix: 'ppk_demo1234' },
      daysAgo: 6,
      read: true,
    },
    {
      email: 'demo@example.com',
      kind: 'new_device_sign_in',
      params: { device: 'Safari 17 · iOS 17.4 · Apple iPhone', ip: '203.0.113.24' },
      daysAgo: 3,
      read: false,
    },
    {
      email: 'demo@example.com',
      kind: 'app_rejected',
      params: {
        app_id: await appId('Bubble Pop Mania'),
        app_name: 'Bubble Pop Mania',
        reason: 'The store page shows a different developer name than the organisation',
      },
      daysAgo: 1,
      read: false,
    },
    {
      email: 'member@example.com',
      kind: 'role_changed',
      params: { role_id: Role.MEMBER },
      daysAgo: 30,
      read: true,
    },
    {
      email: 'member@example.com',
      kind: 'data_permission_changed',
      params: { count: 3 },
      daysAgo: 2,
      read: false,
    },
    {
      email: 'other@example.com',
      kind: 'app_approved',
      params: { app_id: await appId('Recipe Box'), app_name: 'Recipe Box' },
      daysAgo: 9,
      read: true,
    },
    {
      email: 'other@example.com',
      kind: 'two_factor_disabled',
      params: {},
      daysAgo: 4,
      read: false,
    },
  ];
  const rows = entries
    .filter((e) => idOf.has(e.email))
    .map((e) => {
      const at = new Date(now.getTime() - e.daysAgo * DAY_MS);
      return {
        user_id: idOf.get(e.email) ?? 0,
        kind: e.kind,
        params: e.params as Record<string, unknown>,
        in_portal: true,
        by_email: false,
        read_at: e.read ? new Date(at.getTime() + 3_600_000) : null,
        created_at: at,
      };
    })
    .sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
  if (rows.length > 0) await db.insert(notifications).values(rows);
  return rows.length;
}
