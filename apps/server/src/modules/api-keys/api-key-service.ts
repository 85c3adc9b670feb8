/**
 * Managing reporting API keys (issue 16 §1). Any active member of an organisation (role 67 or 68)
 * may create keys for itself: a key sees exactly what its creator sees (api-key-auth.ts). An
 * organisation admin (67) lists and revokes every key of the organisation; a member (68) only its
 * own. Operations staff (70) and users without an organisation answer 402. A key is `ppk_` + 32
 * random bytes (base64url), returned once; only its SHA-256 is stored. Creating and revoking write
 * an audit entry in the same transaction.
 */
import { randomBytes } from 'node:crypto';
import { canUseApiKeys } from '@portal/contracts/access.ts';
import { Role } from '@portal/contracts/constants.ts';
import { API_KEY_PREFIX, type ApiKey, type ApiKeyCreated } from '@portal/contracts/security.ts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/security.ts';
import { users } from '../../db/schema/users.ts';
import { AppError, paramError } from '../../lib/app-error.ts';
import { hashToken } from '../../lib/session-token.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { recordAudit } from '../audit/audit.ts';
import { notify } from '../notifications/notify.ts';

/** Most live keys one organisation may hold. */
export const MAX_KEYS_PER_COMPANY = 50;
/** Characters of a key kept for display (`ppk_` and 8 more). */
const PREFIX_LENGTH = API_KEY_PREFIX.length + 8;

type Owner = { userId: number; companyId: number; isAdmin: boolean };

/**
 * The caller as a key owner, or 402 (operations, no organisation, not active): contracts access.ts
 * `canUseApiKeys`, the rule the web's /account/apiKeys entry follows too.
 */
export function keyOwner(user: SessionUser): Owner {
  if (!canUseApiKeys(user) || user.companyId === null) throw new AppError(402);
  return { userId: user.userId, companyId: user.companyId, isAdmin: user.roles.includes(Role.ADMIN) };
}

const columns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  user_id: apiKeys.user_id,
  user_email: users.email,
  created_at: apiKeys.created_at,
  last_used_at: apiKeys.last_used_at,
  use_count: apiKeys.use_count,
};

type Row = {
  id: number;
  name: string;
  prefix: string;
  user_id: number;
  user_email: string;
  created_at: Date;
  last_used_at: Date | null;
  use_count: number;
};
const toApiKey = (r: Row): ApiKey => ({
  ...r,
  use_count: Number(r.use_count),
  created_at: r.created_at.toISOString(),
  last_used_at: r.last_used_at?.toISOString() ?? null,
});

/** Live keys within the caller's reach, newest first. */
export async function listKeys(db: Db, user: SessionUser): Promise<ApiKey[]> {
  const o = keyOwner(user);
  const rows = await db
    .select(columns)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.user_id))
    .where(
      and(
        eq(apiKeys.company_id, o.companyId),
        isNull(apiKeys.revoked_at),
        o.isAdmin ? undefined : eq(apiKeys.user_id, o.userId),
      ),
    )
    .orderBy(desc(apiKeys.created_at), desc(apiKeys.id));
  return rows.map(toApiKey);
}

/** A new key named `name` for the caller; the answer holds the key itself, never shown again. */
export async function createKey(db: Db, user: SessionUser, name: string, now: Date): Promise<ApiKeyCreated> {
  const o = keyOwner(user);
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await db.transaction(async (tx) => {
    const live = await tx
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(and(eq(apiKeys.company_id, o.companyId), isNull(apiKeys.revoked_at)))
      .for('update');
    if (live.length >= MAX_KEYS_PER_COMPANY) {
      throw paramError([{ field: 'name', message: `At most ${MAX_KEYS_PER_COMPANY} keys` }]);
    }
    const [inserted] = await tx
      .insert(apiKeys)
      .values({
        company_id: o.companyId,
        user_id: o.userId,
        name,
        prefix: key.slice(0, PREFIX_LENGTH),
        key_hash: hashToken(key),
        created_at: now,
      })
      .returning();
    if (!inserted) throw new Error('api key not inserted');
    await recordAudit(
      tx,
      {
        actorId: o.userId,
        companyId: o.companyId,
        objectType: 'api_key',
        objectId: inserted.id,
        action: 'create',
        after: { name, prefix: inserted.prefix, user_id: o.userId },
      },
      now,
    );
    // A security notice to the owner of the key (an intruder's key would show up here).
    await notify(tx, {
      kind: 'api_key_created',
      to: { userId: o.userId },
      params: { key_id: inserted.id, name, prefix: inserted.prefix },
      now,
    });
    return inserted;
  });
  return { ...toApiKey({ ...row, user_email: user.email }), key };
}

/** Revokes key `id`: 402 unless it is live and within reach (admins: the organisation; members: own). */
export async function revokeKey(db: Db, user: SessionUser, id: number, now: Date): Promise<void> {
  const o = keyOwner(user);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revoked_at: now })
      .where(
        and(
          eq(apiKeys.id, id),
          eq(apiKeys.company_id, o.companyId),
          isNull(apiKeys.revoked_at),
          o.isAdmin ? undefined : eq(apiKeys.user_id, o.userId),
        ),
      )
      .returning();
    if (!row) throw new AppError(402);
    await recordAudit(
      tx,
      {
        actorId: o.userId,
        companyId: o.companyId,
        objectType: 'api_key',
        objectId: id,
        action: 'revoke',
        before: {
          name: row.name,
          prefix: row.prefix,
          user_id: row.user_id,
          use_count: Number(row.use_count),
        },
        after: null,
      },
      now,
    );
  });
}
