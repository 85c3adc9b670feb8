/**
 * Emailed verification codes (spec §2 Reset password, §9 resend wait; issue 3): 6 digits from the
 * CSPRNG (crypto.randomInt), stored only as SHA-256 of `id:code`, valid 10 minutes, single use, void
 * after 5 tries; a newer code for the same address and purpose replaces older ones. The resend wait
 * (10 s) and the hourly cap (5 per address) are enforced here, in the accounts store, so several
 * server instances share them; a per-address advisory lock serialises concurrent requests.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  EMAIL_CODE_MAX_TRIES,
  EMAIL_CODE_RESEND_SECONDS,
  EMAIL_CODE_TTL_SECONDS,
  EMAIL_CODES_PER_HOUR,
  type EmailCodePurpose,
} from '@portal/contracts/account.ts';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailCodes } from '../../db/schema/auth.ts';

const HOUR_MS = 3600 * 1000;

export type IssuedCode = { code: string } | { retryAfter: number };

/**
 * Issues a code for `email` (already lower-cased) and `purpose` at `now`, or tells how many seconds
 * to wait: within 10 s of the previous code to this address (any purpose), or after 5 codes to it in
 * the last hour. Also deletes rows older than a day.
 */
export async function issueEmailCode(
  db: Db,
  email: string,
  purpose: EmailCodePurpose,
  now: Date,
): Promise<IssuedCode> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`email-code:${email}`}))`);
    const recent = await tx
      .select({ created_at: emailCodes.created_at })
      .from(emailCodes)
      .where(and(eq(emailCodes.email, email), gt(emailCodes.created_at, new Date(now.getTime() - HOUR_MS))))
      .orderBy(desc(emailCodes.created_at));
    const last = recent[0];
    if (last) {
      const wait = last.created_at.getTime() + EMAIL_CODE_RESEND_SECONDS * 1000 - now.getTime();
      if (wait > 0) return { retryAfter: Math.ceil(wait / 1000) };
    }
    if (recent.length >= EMAIL_CODES_PER_HOUR) {
      const oldest = recent[EMAIL_CODES_PER_HOUR - 1] ?? recent[recent.length - 1];
      const wait = (oldest?.created_at.getTime() ?? now.getTime()) + HOUR_MS - now.getTime();
      return { retryAfter: Math.max(1, Math.ceil(wait / 1000)) };
    }
    await tx.delete(emailCodes).where(lt(emailCodes.created_at, new Date(now.getTime() - 24 * HOUR_MS)));
    await tx
      .update(emailCodes)
      .set({ used_at: now })
      .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.used_at)));
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const [row] = await tx
      .insert(emailCodes)
      .values({
        email,
        purpose,
        code_hash: '',
        expires_at: new Date(now.getTime() + EMAIL_CODE_TTL_SECONDS * 1000),
        created_at: now,
      })
      .returning({ id: emailCodes.id });
    if (!row) throw new Error('email code not inserted');
    await tx
      .update(emailCodes)
      .set({ code_hash: codeHash(row.id, code) })
      .where(eq(emailCodes.id, row.id));
    return { code };
  });
}

/**
 * Counts one try of `code` against the live code of `email` and `purpose` (committed on its own, so
 * a failed request still counts) and answers the code's id when right, else null (no live code,
 * expired, used, replaced, or void after 5 tries). The 5th wrong try voids the code. A right code is
 * NOT yet consumed: call `consumeEmailCode` in the transaction that acts on it.
 */
export async function checkEmailCode(
  db: Db,
  email: string,
  purpose: EmailCodePurpose,
  code: string,
  now: Date,
): Promise<number | null> {
  const [live] = await db
    .select({ id: emailCodes.id })
    .from(emailCodes)
    .where(
      and(
        eq(emailCodes.email, email),
        eq(emailCodes.purpose, purpose),
        isNull(emailCodes.used_at),
        gt(emailCodes.expires_at, now),
      ),
    )
    .orderBy(desc(emailCodes.id))
    .limit(1);
  if (!live) return null;
  const [tried] = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(
      and(
        eq(emailCodes.id, live.id),
        isNull(emailCodes.used_at),
        lt(emailCodes.attempts, EMAIL_CODE_MAX_TRIES),
      ),
    )
    .returning({ code_hash: emailCodes.code_hash, attempts: emailCodes.attempts });
  if (!tried) return null;
  const given = Buffer.from(codeHash(live.id, code.trim()), 'hex');
  const stored = Buffer.from(tried.code_hash, 'hex');
  if (given.length === stored.length && timingSafeEqual(given, stored)) return live.id;
  if (tried.attempts >= EMAIL_CODE_MAX_TRIES) {
    await db.update(emailCodes).set({ used_at: now }).where(eq(emailCodes.id, live.id));
  }
  return null;
}

/** Marks code `id` used; false when someone else used it first (run it in the acting transaction). */
export async function consumeEmailCode(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(emailCodes)
    .set({ used_at: now })
    .where(and(eq(emailCodes.id, id), isNull(emailCodes.used_at)))
    .returning({ id: emailCodes.id });
  return rows.length === 1;
}

function codeHash(id: number, code: string): string {
  return createHash('sha256').update(`${id}:${code}`).digest('hex');
}
