/**
 * One use per signature (api-contract §10, issue 14 item 20): `claimSignature` records a request's
 * `sign` in the accounts store (table used_signatures, unique on `sign`) and answers false when it was
 * already there, so a replayed signed body (company or account signup, bind, login, …) is refused with
 * 10003 by the caller (lib/signed-fields.ts). The store is shared by every API instance, so a replay to
 * another instance is refused too. A row lives until its timestamp leaves the window (300 s after the
 * signed `timestamp`); housekeeping deletes expired rows.
 */
import { SIGN_WINDOW_SECONDS } from '@portal/contracts/sign.ts';
import { lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { usedSignatures } from '../db/schema/auth.ts';

/**
 * Records `sign` (signed at `timestampSeconds`, Unix seconds); true the first time, false when it
 * was already recorded and has not expired.
 */
export async function claimSignature(db: Db, sign: string, timestampSeconds: number): Promise<boolean> {
  const expiresAt = new Date((timestampSeconds + SIGN_WINDOW_SECONDS) * 1000);
  const inserted = await db
    .insert(usedSignatures)
    .values({ sign, expires_at: expiresAt })
    .onConflictDoNothing()
    .returning({ sign: usedSignatures.sign });
  return inserted.length === 1;
}

/** Deletes signatures whose window has passed at `now`; answers how many. */
export async function pruneSignatures(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(usedSignatures)
    .where(lt(usedSignatures.expires_at, now))
    .returning({ sign: usedSignatures.sign });
  return rows.length;
}
