/**
 * The sessions table (api-contract §6): a row per login keyed by the token's SHA-256, with a 7-day
 * expiry; logout, a password change or reset and inactivating the user revoke rows. Read on every
 * authenticated request (session-impl.ts) and written by login, two-factor and account changes, so
 * it sits below the modules that do.
 */
import { SESSION_TTL_MS } from '@portal/contracts/constants.ts';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { keepPlanned } from '../db/pglite-plans.ts';
import { sessions } from '../db/schema/auth.ts';
import { apps } from '../db/schema/inventory.ts';
import { companies, companyChannels } from '../db/schema/organisations.ts';
import { financeGrants } from '../db/schema/payments.ts';
import { companySecurity, userTwoFactor } from '../db/schema/security.ts';
import { APP_REPORT_COMPANY_STATE, serverState } from '../db/schema/server.ts';
import { dataPermissions, userRoles, users } from '../db/schema/users.ts';
import { hashToken, newSessionToken } from '../lib/session-token.ts';

/** Starts a session for `userId` at `now`; returns the token (shown to the client once, never stored). */
export async function createSession(db: Db, userId: number, now: Date): Promise<string> {
  const token = newSessionToken();
  await db.insert(sessions).values({
    token_hash: hashToken(token),
    user_id: userId,
    created_at: now,
    expires_at: new Date(now.getTime() + SESSION_TTL_MS),
  });
  return token;
}

/** Revokes one session (logout). Revoking twice is harmless. */
export async function revokeSession(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: now, revoked_reason: 'logout' })
    .where(and(eq(sessions.token_hash, tokenHash), isNull(sessions.revoked_at)));
}

/**
 * Why sessions are revoked: 'inactivated' and 'deleted' make the next call answer 20005 (login
 * invalid), the others 20003 (api-contract §2).
 */
export type RevokeReason = 'logout' | 'password' | 'rotated' | 'inactivated' | 'deleted';

/**
 * Revokes every live session of a user (password change or reset, inactivation, deletion), except the
 * one whose hash is `keepTokenHash` (a password change keeps the session that made it).
 */
export async function revokeUserSessions(
  db: Db,
  userId: number,
  now: Date,
  reason: RevokeReason = 'password',
  keepTokenHash?: string,
): Promise<void> {
  const live = and(eq(sessions.user_id, userId), isNull(sessions.revoked_at));
  await db
    .update(sessions)
    .set({ revoked_at: now, revoked_reason: reason })
    .where(keepTokenHash ? and(live, ne(sessions.token_hash, keepTokenHash)) : live);
}

/** Revokes one session with a reason (e.g. 'rotated' when bind_account hands out a new token). */
export async function revokeSessionFor(db: Db, tokenHash: string, now: Date, reason: RevokeReason) {
  await db
    .update(sessions)
    .set({ revoked_at: now, revoked_reason: reason })
    .where(and(eq(sessions.token_hash, tokenHash), isNull(sessions.revoked_at)));
}

/** Why the session `tokenHash` was revoked; null when it is unknown or was not revoked. */
export async function sessionRevokedReason(db: Db, tokenHash: string): Promise<string | null> {
  const [row] = await db
    .select({ reason: sessions.revoked_reason })
    .from(sessions)
    .where(eq(sessions.token_hash, tokenHash))
    .limit(1);
  return row?.reason ?? null;
}

export type SessionLookup = {
  user: typeof users.$inferSelect;
  roles: number[];
  /** What the same statement read for the caller's access and scope (report-access.ts, scope.ts). */
  grants: CallerGrants;
};

/**
 * The caller's access and scope inputs, read beside the session in the same statement so a cold
 * request costs one accounts-store round trip (issue 26 item 2). Everything is raw rows; the rules
 * live in modules/permission (report access, SDK and channel scope) and modules/two-factor.
 */
export type CallerGrants = {
  /**
   * The user's organisation (`users.company_id`): name, cooperation types, and whether it is the
   * demo organisation the seed recorded (server_state APP_REPORT_COMPANY_STATE); null without one.
   */
  company: { name: string; cooperationTypes: number[]; seededDemo: boolean } | null;
  /** Every app key of the organisation (any audit status), sorted; [] without one. */
  companyAppKeys: string[];
  /** The organisation's channels (type 4 RTB, 5 affiliate), sorted by name. */
  companyChannels: { type: number; name: string }[];
  /** The user's data permissions (type 3 app key, 4 RTB, 5 affiliate channel; `rule` the key or name). */
  permissions: { type: number; rule: string }[];
  /** Whether the organisation requires two-factor (company_security). */
  requireTwoFactor: boolean;
  /** Whether the user has two-factor on (user_two_factor.enabled_at set). */
  hasTwoFactor: boolean;
  /** Whether an admin granted the user "finance" in this organisation (Payments, issue 23). */
  finance: boolean;
};

/** A session row with its user and roles, whatever its state (the caller checks revocation and expiry). */
export type SessionRecord = SessionLookup & { expiresAt: Date; revoked: boolean };

/**
 * The grants columns of the caller statement for the user row `users` (roles, organisation, app keys,
 * channels, data permissions, two-factor), each a correlated subquery so the whole is one statement.
 * JSON aggregates: both drivers (PGlite, node-postgres) parse json into arrays. The correlated
 * columns are written out qualified: drizzle leaves them bare in a one-table select, where `"id"`
 * would bind to the subquery's own table.
 */
const USER_ID = sql.raw('"users"."id"');
const USER_COMPANY = sql.raw('"users"."company_id"');
const callerColumns = {
  roles: sql<number[] | null>`(select array_agg(ur.role_id::int order by ur.role_id)
      from ${userRoles} ur where ur.user_id = ${USER_ID})`,
  company: sql<unknown>`(select json_build_object('name', c.company_name, 'coop', c.cooperation_types,
      'demo', exists (select 1 from ${serverState} ss
        where ss.name = ${APP_REPORT_COMPANY_STATE} and ss.value = c.id::text))
      from ${companies} c where c.id = ${USER_COMPANY})`,
  appKeys: sql<unknown>`(select json_agg(a.app_key order by a.app_key)
      from ${apps} a where a.company_id = ${USER_COMPANY})`,
  channels: sql<unknown>`(select json_agg(json_build_array(cc.type, cc.name) order by cc.name, cc.type)
      from ${companyChannels} cc where cc.company_id = ${USER_COMPANY})`,
  permissions: sql<unknown>`(select json_agg(json_build_array(dp.type, dp.rule) order by dp.id)
      from ${dataPermissions} dp where dp.user_id = ${USER_ID})`,
  requireTwoFactor: sql<unknown>`(select cs.require_two_factor
      from ${companySecurity} cs where cs.company_id = ${USER_COMPANY})`,
  hasTwoFactor: sql<unknown>`exists (select 1 from ${userTwoFactor} tf
      where tf.user_id = ${USER_ID} and tf.enabled_at is not null)`,
  finance: sql<unknown>`exists (select 1 from ${financeGrants} fg
      where fg.user_id = ${USER_ID} and fg.company_id = ${USER_COMPANY})`,
};

type CallerRow = { [K in keyof typeof callerColumns]: unknown };

/** json as the driver handed it: parsed already, or text on a driver that leaves it alone. */
const json = <T>(v: unknown, empty: T): T =>
  v === null || v === undefined ? empty : ((typeof v === 'string' ? JSON.parse(v) : v) as T);

/** Roles and grants out of the caller columns of one row. */
function grantsOf(row: CallerRow): { roles: number[]; grants: CallerGrants } {
  const company = json<{ name: string; coop: number[] | null; demo?: boolean } | null>(row.company, null);
  return {
    roles: json<number[]>(row.roles, []).map(Number),
    grants: {
      company: company
        ? {
            name: company.name,
            cooperationTypes: (company.coop ?? []).map(Number),
            seededDemo: company.demo === true,
          }
        : null,
      companyAppKeys: json<string[]>(row.appKeys, []),
      companyChannels: json<[number, string][]>(row.channels, []).map(([type, name]) => ({
        type: Number(type),
        name,
      })),
      permissions: json<[number, string][]>(row.permissions, []).map(([type, rule]) => ({
        type: Number(type),
        rule,
      })),
      requireTwoFactor: row.requireTwoFactor === true || row.requireTwoFactor === 't',
      hasTwoFactor: row.hasTwoFactor === true || row.hasTwoFactor === 't',
      finance: row.finance === true || row.finance === 't',
    },
  };
}

/**
 * `builder` prepared by drizzle under `name`, its text also registered to run from a kept plan on the
 * embedded store (db/pglite-plans.ts).
 */
function kept<P>(builder: { toSQL(): { sql: string }; prepare(name: string): P }, name: string): P {
  keepPlanned(name, builder.toSQL().sql);
  return builder.prepare(name);
}

/** The two caller statements as drizzle prepared queries (built once per handle: callerStatements). */
const buildCallerStatements = (db: Db) => ({
  session: kept(
    db
      .select({ session: sessions, user: users, ...callerColumns })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.user_id))
      .where(eq(sessions.token_hash, sql.placeholder('tokenHash')))
      .limit(1),
    'caller_session',
  ),
  user: kept(
    db
      .select({ user: users, ...callerColumns })
      .from(users)
      .where(eq(users.id, sql.placeholder('userId')))
      .limit(1),
    'caller_user',
  ),
});
const prepared = new WeakMap<Db, ReturnType<typeof buildCallerStatements>>();

/**
 * The caller statements of `db`, built on first use and kept: a cold authenticated request then only
 * binds the token hash or user id; the query builder's work for these ~1.6 KB statements is done once
 * per process (bench/RESULTS.md, issue 26 item 2).
 */
function callerStatements(db: Db) {
  let st = prepared.get(db);
  if (!st) {
    st = buildCallerStatements(db);
    prepared.set(db, st);
  }
  return st;
}

/**
 * The session `tokenHash` with its user, roles and grants, read in ONE statement (it runs on every
 * cold authenticated request: bench/RESULTS.md, API overhead); null when unknown.
 */
export async function readSession(db: Db, tokenHash: string): Promise<SessionRecord | null> {
  const [row] = await callerStatements(db).session.execute({ tokenHash });
  if (!row) return null;
  return {
    user: row.user,
    ...grantsOf(row),
    expiresAt: row.session.expires_at,
    revoked: row.session.revoked_at !== null,
  };
}

/** User `userId` with roles and grants in one statement (an API key's creator); null when unknown. */
export async function readCallerUser(db: Db, userId: number): Promise<SessionLookup | null> {
  const [row] = await callerStatements(db).user.execute({ userId });
  return row ? { user: row.user, ...grantsOf(row) } : null;
}

/** Whether `record` is a live session at `now`: known, not revoked, not expired. */
export function isLive(record: SessionRecord | null, now: Date): record is SessionRecord {
  return record !== null && !record.revoked && record.expiresAt.getTime() > now.getTime();
}
