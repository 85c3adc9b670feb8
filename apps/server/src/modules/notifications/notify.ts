/**
 * Sending a notification (issue 27 item 4): `notify(tx, { kind, to, params, now })`, called inside the
 * transaction of the change it reports, so the notification exists if and only if the change
 * committed. For each recipient of the kind's audience (contracts notifications.ts):
 * 1. the recipient's preference for the kind (else the kind's default) picks the channels;
 * 2. one `notifications` row is written (listed in the bell unless the recipient chose e-mail only);
 * 3. when e-mail is chosen, one `notification.email` job keyed by the row's id (plugins/jobs), so
 *    the mail goes once however many instances run and survives a crash (email.ts).
 *
 * Recipients: `{ userId }` for a `user` kind (active or pending users only), `{ companyId, actorId? }`
 * for an `organisation_admins` kind: the organisation's active role-67 admins, except `actorId`, who
 * made the change and needs no news of it.
 *
 * Adding a kind takes its declaration in contracts notifications.ts and a `notify` call where the
 * event happens; nothing here changes. Throws a ZodError when `params` do not match the declaration
 * (a programming error, answered 602).
 */

import { Role, UserStatus } from '@portal/contracts/constants.ts';
import {
  type NotificationChannels,
  type NotificationKind,
  type NotificationParams,
  notificationKinds,
} from '@portal/contracts/notifications.ts';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { notificationPreferences, notifications } from '../../db/schema/notifications.ts';
import { userRoles, users } from '../../db/schema/users.ts';
import { enqueueJob } from '../../plugins/jobs/queue.ts';

/** The job kind that mails one notification. */
export const EMAIL_JOB = 'notification.email';

type Audience<K extends NotificationKind> = (typeof notificationKinds)[K]['audience'];

/** Who receives a kind: the named user, or the admins of the named organisation. */
export type Recipients<K extends NotificationKind> =
  Audience<K> extends 'user' ? { userId: number } : { companyId: number; actorId?: number };

export type NotifySpec<K extends NotificationKind> = {
  kind: K;
  to: Recipients<K>;
  params: NotificationParams<K>;
  now: Date;
  /** At most one notification per recipient, kind and key (e.g. a daily check's finding). */
  dedupeKey?: string;
};

/** The user ids a notification of `kind` goes to. */
async function recipientsOf(
  tx: Executor,
  kind: NotificationKind,
  to: { userId: number } | { companyId: number; actorId?: number },
) {
  if (notificationKinds[kind].audience === 'user') {
    if (!('userId' in to)) throw new Error(`${kind} is sent to one user: give { userId }`);
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(eq(users.id, to.userId), inArray(users.status, [UserStatus.ACTIVE, UserStatus.APPLICATION])),
      );
    return rows.map((r) => r.id);
  }
  if (!('companyId' in to))
    throw new Error(`${kind} is sent to an organisation's admins: give { companyId }`);
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.user_id, users.id), eq(userRoles.role_id, Role.ADMIN)))
    .where(
      and(
        eq(users.company_id, to.companyId),
        eq(users.status, UserStatus.ACTIVE),
        ...(to.actorId === undefined ? [] : [ne(users.id, to.actorId)]),
      ),
    );
  return rows.map((r) => r.id);
}

/** Writes the notifications of `spec` (see the module doc); answers the ids written. */
export async function notify<K extends NotificationKind>(
  tx: Executor,
  spec: NotifySpec<K>,
): Promise<number[]> {
  const def = notificationKinds[spec.kind];
  const params = def.params.parse(spec.params) as Record<string, unknown>;
  const userIds = await recipientsOf(tx, spec.kind, spec.to);
  if (userIds.length === 0) return [];
  const chosen = new Map(
    (
      await tx
        .select({ user_id: notificationPreferences.user_id, channels: notificationPreferences.channels })
        .from(notificationPreferences)
        .where(
          and(inArray(notificationPreferences.user_id, userIds), eq(notificationPreferences.kind, spec.kind)),
        )
    ).map((p) => [p.user_id, p.channels as NotificationChannels]),
  );
  const rows = await tx
    .insert(notifications)
    .values(
      userIds.map((userId) => {
        const channels = chosen.get(userId) ?? def.channels;
        return {
          user_id: userId,
          kind: spec.kind,
          params,
          in_portal: channels !== 'email',
          by_email: channels !== 'portal',
          dedupe_key: spec.dedupeKey ?? null,
          created_at: spec.now,
        };
      }),
    )
    .onConflictDoNothing()
    .returning({ id: notifications.id, by_email: notifications.by_email });
  for (const row of rows) {
    if (!row.by_email) continue;
    await enqueueJob(
      tx,
      { kind: EMAIL_JOB, key: String(row.id), payload: { notification_id: row.id } },
      spec.now,
    );
  }
  return rows.map((r) => r.id);
}
