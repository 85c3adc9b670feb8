/**
 * The caller's notifications (contracts notifications.ts): the list (newest first) and the unread
 * count, rendered in the caller's language; marking one or all read; the preferences per kind.
 * Every query is scoped to the caller's user id: another user's notification answers 10008, as an
 * unknown one does. The count reads the partial index `notifications_unread_idx`.
 */
import type { Lang } from '@portal/contracts/codes.ts';
import {
  type NotificationChannels,
  type NotificationItem,
  type NotificationListData,
  type NotificationListQuery,
  type NotificationPreference,
  type NotificationPreferencesBody,
  notificationKinds,
  notificationListQuery,
  renderNotification,
} from '@portal/contracts/notifications.ts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notificationPreferences, notifications } from '../../db/schema/notifications.ts';
import { AppError } from '../../lib/app-error.ts';

const mine = (userId: number) => and(eq(notifications.user_id, userId), eq(notifications.in_portal, true));
const unread = (userId: number) => and(mine(userId), isNull(notifications.read_at));

/** How many of the user's notifications are unread. */
export async function unreadCountOf(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(notifications).where(unread(userId));
  return row?.n ?? 0;
}

/** One page of the user's notifications in `lang`, with the total and the unread count. */
export async function listNotifications(
  db: Db,
  userId: number,
  query: NotificationListQuery,
  lang: Lang,
): Promise<NotificationListData> {
  const q = notificationListQuery.parse(query);
  const where = q.unread === '1' ? unread(userId) : mine(userId);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(notifications).where(where);
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.id))
    .limit(q.page_size)
    .offset((q.page_no - 1) * q.page_size);
  const list: NotificationItem[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    ...renderNotification(r.kind, r.params, lang),
    read: r.read_at !== null,
    created_at: r.created_at.toISOString(),
  }));
  return { list, total: count?.n ?? 0, unread: await unreadCountOf(db, userId) };
}

/** Marks one of the user's notifications read (again: no change); 10008 when it is not theirs. */
export async function markRead(db: Db, userId: number, id: number, now: Date): Promise<void> {
  const [row] = await db
    .select({ read_at: notifications.read_at })
    .from(notifications)
    .where(and(eq(notifications.id, id), mine(userId)))
    .limit(1);
  if (!row) throw new AppError(10008);
  if (row.read_at) return;
  await db
    .update(notifications)
    .set({ read_at: now })
    .where(and(eq(notifications.id, id), eq(notifications.user_id, userId), isNull(notifications.read_at)));
}

/** Marks every unread notification of the user read; answers how many. */
export async function markAllRead(db: Db, userId: number, now: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ read_at: now })
    .where(unread(userId))
    .returning({ id: notifications.id });
  return rows.length;
}

/** The user's channels for every kind, labels in `lang`. */
export async function preferencesOf(db: Db, userId: number, lang: Lang): Promise<NotificationPreference[]> {
  const chosen = new Map(
    (
      await db
        .select({ kind: notificationPreferences.kind, channels: notificationPreferences.channels })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.user_id, userId))
    ).map((p) => [p.kind, p.channels as NotificationChannels]),
  );
  return Object.entries(notificationKinds).map(([kind, def]) => ({
    kind,
    label: def.label[lang],
    channels: chosen.get(kind) ?? def.channels,
    default_channels: def.channels,
  }));
}

/** Stores the user's choice for each kind of `body` (others keep theirs); answers every kind's. */
export async function savePreferences(
  db: Db,
  userId: number,
  body: NotificationPreferencesBody,
  lang: Lang,
  now: Date,
): Promise<NotificationPreference[]> {
  await db.transaction(async (tx) => {
    for (const p of body.list) {
      await tx
        .insert(notificationPreferences)
        .values({ user_id: userId, kind: p.kind, channels: p.channels, updated_at: now })
        .onConflictDoUpdate({
          target: [notificationPreferences.user_id, notificationPreferences.kind],
          set: { channels: p.channels, updated_at: now },
        });
    }
  });
  return preferencesOf(db, userId, lang);
}
