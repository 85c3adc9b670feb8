/**
 * Test devices (issue 27 item 2; contracts test-devices.ts): an organisation's advertising IDs, kept
 * by its active admins. Every query is scoped to the caller's organisation taken from the session
 * (`canManageTestDevices`, else 402); an id of another organisation's device answers 10008 like an
 * unknown one. A removal keeps the row (`deleted_at`), so the change time the ad server polls moves.
 *
 * Errors: 604 (field problems in the caller's language), 10150 (the ID is already listed),
 * 604 `tooMany` past TEST_DEVICES_MAX live devices.
 */
import { canManageTestDevices } from '@portal/contracts/access.ts';
import type { Lang } from '@portal/contracts/codes.ts';
import {
  normaliseAdvertisingId,
  TEST_DEVICES_MAX,
  type TestDevice,
  type TestDeviceBody,
  testDeviceProblems,
  testDeviceText,
} from '@portal/contracts/test-devices.ts';
import { and, asc, count, eq, isNull, max, ne } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { testDevices } from '../../db/schema/go-live.ts';
import { companies } from '../../db/schema/organisations.ts';
import { users } from '../../db/schema/users.ts';
import { AppError, paramError } from '../../lib/app-error.ts';
import type { SessionUser } from '../../plugins/session.ts';

/** The caller's organisation when they may manage its test devices (402 otherwise). */
export function testDeviceReach(user: SessionUser): { companyId: number; userId: number } {
  if (!canManageTestDevices(user) || user.companyId === null) throw new AppError(402);
  return { companyId: user.companyId, userId: user.userId };
}

const columns = {
  id: testDevices.id,
  advertising_id: testDevices.advertising_id,
  name: testDevices.name,
  platform: testDevices.platform,
  added_at: testDevices.created_at,
  added_by_name: users.name,
  added_by_email: users.email,
};

/** The organisation's live devices, oldest first. */
export async function listTestDevices(db: Executor, companyId: number): Promise<TestDevice[]> {
  const rows = await db
    .select(columns)
    .from(testDevices)
    .leftJoin(users, eq(users.id, testDevices.added_by))
    .where(and(eq(testDevices.company_id, companyId), isNull(testDevices.deleted_at)))
    .orderBy(asc(testDevices.id));
  return rows.map((r) => ({
    id: r.id,
    advertising_id: r.advertising_id,
    name: r.name,
    platform: r.platform,
    added_by: r.added_by_name || r.added_by_email || '',
    added_at: r.added_at.toISOString(),
  }));
}

/** The checked body in its stored form; throws 604 with every field problem in `lang`. */
function checked(body: TestDeviceBody, lang: Lang) {
  const problems = testDeviceProblems(body, lang);
  const id = normaliseAdvertisingId(body.advertising_id);
  if (problems.length || id === null) throw paramError(problems);
  return { advertising_id: id, name: body.name.trim(), platform: body.platform };
}

/** Whether another live device of the organisation has `advertisingId`. */
async function listed(tx: Executor, companyId: number, advertisingId: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: testDevices.id })
    .from(testDevices)
    .where(
      and(
        eq(testDevices.company_id, companyId),
        eq(testDevices.advertising_id, advertisingId),
        isNull(testDevices.deleted_at),
        exceptId === undefined ? undefined : ne(testDevices.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Adds a device to the caller's organisation. The organisation row is locked first, so two adds of
 * one ID at once end in one device and one 10150 (the partial unique index is the backstop).
 */
export async function addTestDevice(
  db: Db,
  reach: { companyId: number; userId: number },
  body: TestDeviceBody,
  lang: Lang,
  now: Date,
): Promise<TestDevice> {
  const v = checked(body, lang);
  const id = await db.transaction(async (tx) => {
    await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, reach.companyId))
      .for('update');
    if (await listed(tx, reach.companyId, v.advertising_id)) throw new AppError(10150);
    const [n] = await tx
      .select({ n: count() })
      .from(testDevices)
      .where(and(eq(testDevices.company_id, reach.companyId), isNull(testDevices.deleted_at)));
    if ((n?.n ?? 0) >= TEST_DEVICES_MAX)
      throw paramError([{ field: 'advertising_id', message: testDeviceText.tooMany[lang] }]);
    const [row] = await tx
      .insert(testDevices)
      .values({ ...v, company_id: reach.companyId, added_by: reach.userId, created_at: now, updated_at: now })
      .returning({ id: testDevices.id });
    return row?.id ?? 0;
  });
  return deviceOf(db, reach.companyId, id);
}

async function deviceOf(db: Executor, companyId: number, id: number): Promise<TestDevice> {
  const found = (await listTestDevices(db, companyId)).find((d) => d.id === id);
  if (!found) throw new AppError(10008);
  return found;
}

/** Renames or corrects a device of the caller's organisation (10008 when it is not one). */
export async function updateTestDevice(
  db: Db,
  reach: { companyId: number },
  id: number,
  body: TestDeviceBody,
  lang: Lang,
  now: Date,
): Promise<TestDevice> {
  const v = checked(body, lang);
  await db.transaction(async (tx) => {
    await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, reach.companyId))
      .for('update');
    if (await listed(tx, reach.companyId, v.advertising_id, id)) throw new AppError(10150);
    const done = await tx
      .update(testDevices)
      .set({ ...v, updated_at: now })
      .where(
        and(
          eq(testDevices.id, id),
          eq(testDevices.company_id, reach.companyId),
          isNull(testDevices.deleted_at),
        ),
      )
      .returning({ id: testDevices.id });
    if (!done.length) throw new AppError(10008);
  });
  return deviceOf(db, reach.companyId, id);
}

/** Removes a device of the caller's organisation (10008 when it is not one). */
export async function removeTestDevice(db: Db, reach: { companyId: number }, id: number, now: Date) {
  const done = await db
    .update(testDevices)
    .set({ deleted_at: now, updated_at: now })
    .where(
      and(
        eq(testDevices.id, id),
        eq(testDevices.company_id, reach.companyId),
        isNull(testDevices.deleted_at),
      ),
    )
    .returning({ id: testDevices.id });
  if (!done.length) throw new AppError(10008);
}

/**
 * The ad server's view (signed external call): the latest change time of any device and, unless
 * nothing changed after `since`, every live device of every organisation. A `since` that does not
 * parse as a date is ignored (the full list is answered).
 */
export async function externalTestDevices(db: Executor, since: string | undefined) {
  const [latest] = await db.select({ at: max(testDevices.updated_at) }).from(testDevices);
  const at = latest?.at ? new Date(latest.at) : null;
  const sinceMs = since ? Date.parse(since) : Number.NaN;
  if (at && Number.isFinite(sinceMs) && at.getTime() <= sinceMs) {
    return { updated_at: at.toISOString(), changed: false, list: [] };
  }
  const list = await db
    .select({
      company_id: testDevices.company_id,
      advertising_id: testDevices.advertising_id,
      platform: testDevices.platform,
      name: testDevices.name,
    })
    .from(testDevices)
    .where(isNull(testDevices.deleted_at))
    .orderBy(asc(testDevices.company_id), asc(testDevices.id));
  return { updated_at: at?.toISOString() ?? null, changed: true, list };
}
