/**
 * One-click unsubscribe links of scheduled report mails (issue 13 item 8; RFC 8058). The token is
 * `<schedule id>.<base64url e-mail>.<base64url HMAC-SHA256>` keyed by the schedule's own random
 * `unsubscribe_secret`, so it names one address of one schedule, cannot be forged or moved to
 * another address, and needs no sign-in. Using it removes that address from the schedule.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reportSchedules } from '../../db/schema/report-views.ts';

const mac = (secret: string, id: number, email: string) =>
  createHmac('sha256', secret).update(`${id}:${email}`).digest('base64url');

/** The token of `email` on schedule `id`. */
export function unsubscribeToken(id: number, secret: string, email: string): string {
  return `${id}.${Buffer.from(email).toString('base64url')}.${mac(secret, id, email)}`;
}

/** `token`'s schedule id and address, without checking the signature; null when malformed. */
function parse(token: string): { id: number; email: string; sign: string } | null {
  const m = /^(\d{1,10})\.([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  return { id: Number(m[1]), email: Buffer.from(m[2] ?? '', 'base64url').toString('utf8'), sign: m[3] ?? '' };
}

/**
 * Removes the address of `token` from its schedule. Answers 'removed', 'already' (a valid token
 * whose address is no longer listed, or whose schedule was deleted) or 'invalid'.
 */
export async function unsubscribe(db: Db, token: string): Promise<'removed' | 'already' | 'invalid'> {
  const t = parse(token);
  if (!t || t.id > 2_147_483_647) return 'invalid';
  return db.transaction(async (tx) => {
    const [s] = await tx
      .select({ secret: reportSchedules.unsubscribe_secret, recipients: reportSchedules.recipients })
      .from(reportSchedules)
      .where(eq(reportSchedules.id, t.id))
      .for('update');
    if (!s) return 'already';
    const expected = Buffer.from(mac(s.secret, t.id, t.email));
    const given = Buffer.from(t.sign);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
    if (!s.recipients.includes(t.email)) return 'already';
    await tx
      .update(reportSchedules)
      .set({ recipients: s.recipients.filter((r) => r !== t.email) })
      .where(eq(reportSchedules.id, t.id));
    return 'removed';
  });
}
