/**
 * Two-factor sign-in with TOTP (issue 16 §2). Enrolment: `enrol` stores a new secret (sealed,
 * secret-box.ts) not yet enabled and answers its QR code (PNG data URL, qrcode) and the secret for
 * manual entry; `confirm` with a right code enables it and answers ten recovery codes, shown once
 * (earlier unconfirmed secrets and codes are replaced). While enabled the secret is never answered
 * again. `enrol` needs the password, `disable` the password and a current code (`reauthenticate`,
 * also used by "sign out all other sessions"); an admin cannot disable their own while the
 * organisation requires it (10051). An organisation admin (67) may require two-factor for every
 * member (`setPolicy`); members without it must enrol before anything else
 * (enforce.ts). Wrong codes count against the user like wrong passwords (LIMIT, 10002). Enabling,
 * disabling and the policy write audit entries in their transaction.
 */
import { Code } from '@portal/contracts/codes.ts';
import { Role, UserStatus } from '@portal/contracts/constants.ts';
import type { TwoFactorEnrolment, TwoFactorStatus } from '@portal/contracts/security.ts';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companySecurity, recoveryCodes, userTwoFactor } from '../../db/schema/security.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifyPassword } from '../../lib/password.ts';
import type { Counter } from '../../plugins/counters.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { recordAudit } from '../audit/audit.ts';
import { notify } from '../notifications/notify.ts';
import type { SecretBox } from './secret-box.ts';
import { matchTotp, newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpUri } from './totp.ts';

/** Wrong codes per user: 5 per 15 minutes, as failed passwords (plugins/rate-limit.ts). */
export const TWO_FACTOR_LIMIT = { points: 5, durationSeconds: 15 * 60 };

export type TwoFactorDeps = { db: Db; box: SecretBox; attempts: Counter; now: () => Date };

/** Whether `companyId` requires two-factor of its members. */
export async function companyRequires(db: Db, companyId: number | null): Promise<boolean> {
  if (companyId === null) return false;
  const [row] = await db
    .select({ on: companySecurity.require_two_factor })
    .from(companySecurity)
    .where(eq(companySecurity.company_id, companyId))
    .limit(1);
  return row?.on ?? false;
}

async function enabledRow(db: Db, userId: number) {
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.user_id, userId)).limit(1);
  return row?.enabled_at ? row : null;
}

/** Whether user `userId` has two-factor on. */
export async function hasTwoFactor(db: Db, userId: number): Promise<boolean> {
  return (await enabledRow(db, userId)) !== null;
}

const isAdmin = (u: SessionUser) =>
  u.roles.includes(Role.ADMIN) && u.status === UserStatus.ACTIVE && u.companyId !== null;

export async function twoFactorStatus(db: Db, user: SessionUser): Promise<TwoFactorStatus> {
  const enabled = await hasTwoFactor(db, user.userId);
  const required = await companyRequires(db, user.companyId);
  const [left] = enabled
    ? await db
        .select({ n: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.user_id, user.userId), isNull(recoveryCodes.used_at)))
    : [{ n: 0 }];
  return {
    enabled,
    required_by_organisation: required,
    must_enrol: required && !enabled,
    recovery_codes_left: left?.n ?? 0,
    can_set_policy: isAdmin(user),
  };
}

/**
 * Re-authenticates signed-in user `userId` before a change to how they sign in (contracts
 * `reauthBody`): 10002 while blocked, 606 for a wrong password, and when two-factor is on 10030 for a
 * missing or wrong code. Wrong answers count against the user like wrong codes (TWO_FACTOR_LIMIT).
 */
export async function reauthenticate(
  deps: TwoFactorDeps,
  userId: number,
  password: string,
  code: string | undefined,
): Promise<void> {
  const key = String(userId);
  const blocked = await deps.attempts.blockedFor(key);
  if (blocked > 0) throw new AppError(10002, { retry_after: blocked });
  const [row] = await deps.db
    .select({ hash: users.password_hash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row || !(await verifyPassword(row.hash, password))) {
    await deps.attempts.penalty(key);
    throw new AppError(606);
  }
  if (!(await hasTwoFactor(deps.db, userId))) return;
  if (!code) {
    await deps.attempts.penalty(key);
    throw new AppError(10030);
  }
  await checkCode(deps, userId, code, true);
}

/** Starts (or restarts) enrolment after the password (`reauthenticate`): 10007 when already on. */
export async function enrol(
  deps: TwoFactorDeps,
  user: SessionUser,
  password: string,
): Promise<TwoFactorEnrolment> {
  if (await hasTwoFactor(deps.db, user.userId)) throw new AppError(10007);
  await reauthenticate(deps, user.userId, password, undefined);
  const secret = newTotpSecret();
  const sealed = deps.box.seal(secret, user.userId);
  await deps.db
    .insert(userTwoFactor)
    .values({ user_id: user.userId, secret_enc: sealed, created_at: deps.now() })
    .onConflictDoUpdate({
      target: userTwoFactor.user_id,
      set: { secret_enc: sealed, enabled_at: null, last_step: null, created_at: deps.now() },
    });
  const otpauth = totpUri(user.email, secret);
  return {
    secret,
    otpauth_url: otpauth,
    // Loaded on first use (two-factor set-up is rare).
    qr_data_url: await (await import('qrcode')).default.toDataURL(otpauth, { margin: 1, width: 200 }),
  };
}

/**
 * Checks `code` against the user's secret (`enabledOnly`: only a confirmed one) and records its step;
 * throws 10002 while blocked, 10030 when wrong (counted), 10007 without a secret.
 */
export async function checkCode(deps: TwoFactorDeps, userId: number, code: string, enabledOnly: boolean) {
  const key = String(userId);
  const blocked = await deps.attempts.blockedFor(key);
  if (blocked > 0) throw new AppError(10002, { retry_after: blocked });
  const [row] = await deps.db.select().from(userTwoFactor).where(eq(userTwoFactor.user_id, userId)).limit(1);
  if (!row || (enabledOnly && !row.enabled_at)) throw new AppError(10007);
  const step = await matchTotp(await deps.box.open(row.secret_enc, userId), code, deps.now(), row.last_step);
  if (step === null) {
    await deps.attempts.penalty(key);
    throw new AppError(10030);
  }
  // Compare-and-set, so two requests with the same code cannot both pass.
  const claimed = await deps.db
    .update(userTwoFactor)
    .set({ last_step: step })
    .where(
      and(
        eq(userTwoFactor.user_id, userId),
        row.last_step === null ? isNull(userTwoFactor.last_step) : eq(userTwoFactor.last_step, row.last_step),
      ),
    )
    .returning({ user_id: userTwoFactor.user_id });
  if (claimed.length !== 1) throw new AppError(10030);
  await deps.attempts.reset(key);
}

/** Confirms enrolment with a first code; answers the ten recovery codes (shown once). */
export async function confirm(deps: TwoFactorDeps, user: SessionUser, code: string): Promise<string[]> {
  if (await hasTwoFactor(deps.db, user.userId)) throw new AppError(10007);
  await checkCode(deps, user.userId, code, false);
  const codes = newRecoveryCodes();
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const enabled = await tx
      .update(userTwoFactor)
      .set({ enabled_at: now })
      .where(and(eq(userTwoFactor.user_id, user.userId), isNull(userTwoFactor.enabled_at)))
      .returning({ user_id: userTwoFactor.user_id });
    if (enabled.length !== 1) throw new AppError(10007);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, user.userId));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((c) => ({ user_id: user.userId, code_hash: recoveryCodeHash(user.userId, c) })));
    await recordAudit(
      tx,
      {
        actorId: user.userId,
        companyId: user.companyId,
        objectType: 'two_factor',
        objectId: user.userId,
        action: 'enable',
        before: { enabled: false },
        after: { enabled: true },
      },
      now,
    );
  });
  return codes;
}

/**
 * Turns two-factor off: 606 for a wrong password, 10030 for a wrong code, 10007 when it is off, 10051
 * for an organisation admin while the organisation requires two-factor.
 */
export async function disable(deps: TwoFactorDeps, user: SessionUser, password: string, code: string) {
  if (!(await hasTwoFactor(deps.db, user.userId))) throw new AppError(10007);
  if (isAdmin(user) && (await companyRequires(deps.db, user.companyId))) {
    throw new AppError(Code.TWO_FACTOR_REQUIRED_BY_ORGANISATION);
  }
  await reauthenticate(deps, user.userId, password, code);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, user.userId));
    await tx.delete(userTwoFactor).where(eq(userTwoFactor.user_id, user.userId));
    await recordAudit(
      tx,
      {
        actorId: user.userId,
        companyId: user.companyId,
        objectType: 'two_factor',
        objectId: user.userId,
        action: 'disable',
        before: { enabled: true },
        after: { enabled: false },
      },
      now,
    );
    await notify(tx, { kind: 'two_factor_disabled', to: { userId: user.userId }, params: {}, now });
  });
}

/**
 * Uses one recovery code of `userId` (single use: marked used in the statement that finds it);
 * 10030 when it is not an unused code of theirs (counted like a wrong code).
 */
export async function useRecoveryCode(deps: TwoFactorDeps, userId: number, code: string): Promise<void> {
  const key = String(userId);
  const blocked = await deps.attempts.blockedFor(key);
  if (blocked > 0) throw new AppError(10002, { retry_after: blocked });
  const used = await deps.db
    .update(recoveryCodes)
    .set({ used_at: deps.now() })
    .where(
      and(
        eq(recoveryCodes.user_id, userId),
        eq(recoveryCodes.code_hash, recoveryCodeHash(userId, code)),
        isNull(recoveryCodes.used_at),
      ),
    )
    .returning({ id: recoveryCodes.id });
  if (used.length !== 1) {
    await deps.attempts.penalty(key);
    throw new AppError(10030);
  }
  await deps.attempts.reset(key);
}

/** Sets the organisation's policy (admins, 402 otherwise). */
export async function setPolicy(deps: TwoFactorDeps, user: SessionUser, require: boolean) {
  if (!isAdmin(user) || user.companyId === null) throw new AppError(402);
  const companyId = user.companyId;
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ on: companySecurity.require_two_factor })
      .from(companySecurity)
      .where(eq(companySecurity.company_id, companyId))
      .for('update');
    await tx
      .insert(companySecurity)
      .values({ company_id: companyId, require_two_factor: require, updated_at: now })
      .onConflictDoUpdate({
        target: companySecurity.company_id,
        set: { require_two_factor: require, updated_at: now },
      });
    await recordAudit(
      tx,
      {
        actorId: user.userId,
        companyId,
        objectType: 'organisation',
        objectId: companyId,
        action: 'two_factor_policy',
        before: { require_two_factor: before?.on ?? false },
        after: { require_two_factor: require },
      },
      now,
    );
  });
}
