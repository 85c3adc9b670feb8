/**
 * The payment profile (issue 23 item 3): beneficiary, payout method (bank wire with SWIFT/BIC and an
 * IBAN or account number, validated with ibantools; PayPal e-mail; a Chinese corporate account with
 * bank name, branch and account number), tax residence and tax ID.
 *
 * The method's details and the tax ID are sealed at rest with the key ring's secret box (as the
 * two-factor secrets are, modules/two-factor/secret-box.ts), bound to the organisation, and shown
 * masked (last four characters). A change needs the caller's password (606) and, when the caller has
 * two-factor, a current code (10030); it is audit-logged (masked values only), mails every admin of
 * the organisation (`payment_profile_changed`, sent to the one who acted too) and holds payouts for
 * {@link PROFILE_HOLD_MS} (the usual defence against payout hijacking).
 */
import type { PaymentProfile, PaymentProfileBody, PayoutDetails } from '@portal/contracts/payments.ts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { paymentProfiles } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { AppError, paramError } from '../../lib/app-error.ts';
import { verifyPassword } from '../../lib/password.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { recordAudit } from '../audit/audit.ts';
import { notify } from '../notifications/notify.ts';
import { checkCode, hasTwoFactor, type TwoFactorDeps } from '../two-factor/two-factor-service.ts';

/** Payouts wait this long after a profile change: 7 days. */
export const PROFILE_HOLD_MS = 7 * 86_400_000;

const scope = (companyId: number) => `payment-profile:${companyId}`;

/** `text` with all but its last four characters replaced (`••••3000`). */
export function mask(text: string): string {
  const t = text.replace(/\s+/g, '');
  return t.length <= 4 ? '••••' : `••••${t.slice(-4)}`;
}

/** The details normalised (IBAN and BIC in electronic format), or 604 naming the bad field. */
export function normaliseDetails(details: PayoutDetails): PayoutDetails {
  if (details.method !== 'bank_wire') return details;
  const bic = details.swift_bic.replace(/\s+/g, '').toUpperCase();
  if (!isValidBIC(bic))
    throw paramError([{ field: 'details.swift_bic', message: 'not a valid SWIFT/BIC code' }]);
  const iban = details.iban ? (electronicFormatIBAN(details.iban) ?? '') : '';
  const account = details.account_number?.replace(/\s+/g, '') ?? '';
  if (!iban && !account)
    throw paramError([{ field: 'details.iban', message: 'an IBAN or an account number is required' }]);
  if (iban && !isValidIBAN(iban)) throw paramError([{ field: 'details.iban', message: 'not a valid IBAN' }]);
  if (account && !/^[A-Za-z0-9]{4,34}$/.test(account))
    throw paramError([{ field: 'details.account_number', message: '4 to 34 letters and digits' }]);
  return {
    method: 'bank_wire',
    bank_name: details.bank_name,
    swift_bic: bic,
    ...(iban ? { iban } : {}),
    ...(account ? { account_number: account } : {}),
  };
}

/** What screens show of `details`. */
function maskedDetails(d: PayoutDetails): Record<string, string> {
  if (d.method === 'paypal') {
    const [local = '', domain = ''] = d.paypal_email.split('@');
    return { paypal_email: `${local.slice(0, 1)}•••@${domain}` };
  }
  if (d.method === 'cn_corporate')
    return { bank_name: d.bank_name, branch: d.branch, account_number: mask(d.account_number) };
  return {
    bank_name: d.bank_name,
    swift_bic: d.swift_bic,
    ...(d.iban ? { iban: mask(d.iban) } : {}),
    ...(d.account_number ? { account_number: mask(d.account_number) } : {}),
  };
}

/** The stored columns of a profile: details and tax ID sealed for `companyId`, masked copies. */
export function sealedProfile(
  box: TwoFactorDeps['box'],
  companyId: number,
  p: Pick<PaymentProfileBody, 'beneficiary_name' | 'details' | 'tax_residence' | 'tax_id'>,
) {
  return {
    beneficiary_name: p.beneficiary_name,
    method: p.details.method,
    details_sealed: box.seal(JSON.stringify(p.details), companyId, scope(companyId)),
    details_masked: maskedDetails(p.details),
    tax_residence: p.tax_residence,
    tax_id_sealed: box.seal(p.tax_id, companyId, scope(companyId)),
    tax_id_masked: mask(p.tax_id),
  };
}

/** The profile of `companyId` as shown (masked), or null when none was saved. */
export async function readProfile(app: FastifyInstance, companyId: number): Promise<PaymentProfile | null> {
  const [row] = await app.db.select().from(paymentProfiles).where(eq(paymentProfiles.company_id, companyId));
  if (!row) return null;
  return {
    beneficiary_name: row.beneficiary_name,
    method: row.method as PaymentProfile['method'],
    details_masked: row.details_masked,
    tax_residence: row.tax_residence,
    tax_id_masked: row.tax_id_masked,
    hold_until: row.hold_until?.toISOString() ?? null,
    updated_at: row.updated_at.toISOString(),
  };
}

/** Saves the profile of the caller's organisation (see the module doc). */
export async function saveProfile(
  app: FastifyInstance,
  deps: TwoFactorDeps,
  user: SessionUser,
  companyId: number,
  body: PaymentProfileBody,
): Promise<PaymentProfile> {
  const details = normaliseDetails(body.details);
  const [me] = await app.db
    .select({ hash: users.password_hash })
    .from(users)
    .where(eq(users.id, user.userId));
  const key = String(user.userId);
  const blocked = await deps.attempts.blockedFor(key);
  if (blocked > 0) throw new AppError(10002, { retry_after: blocked });
  if (!me || !(await verifyPassword(me.hash, body.password))) {
    await deps.attempts.penalty(key);
    throw new AppError(606);
  }
  if (await hasTwoFactor(app.db, user.userId)) {
    if (!body.code) throw paramError([{ field: 'code', message: 'your two-factor code is required' }]);
    await checkCode(deps, user.userId, body.code, true);
  }
  const now = app.now();
  const holdUntil = new Date(now.getTime() + PROFILE_HOLD_MS);
  const values = {
    ...sealedProfile(deps.box, companyId, { ...body, details }),
    hold_until: holdUntil,
    updated_by: user.userId,
    updated_at: now,
  };
  const masked = values.details_masked;
  await app.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(paymentProfiles)
      .where(eq(paymentProfiles.company_id, companyId))
      .for('update');
    await tx
      .insert(paymentProfiles)
      .values({ company_id: companyId, ...values })
      .onConflictDoUpdate({ target: paymentProfiles.company_id, set: values });
    await recordAudit(
      tx,
      {
        actorId: user.userId,
        companyId,
        objectType: 'payment_profile',
        objectId: companyId,
        action: before ? 'update' : 'create',
        before: before
          ? { method: before.method, details: before.details_masked, tax_id: before.tax_id_masked }
          : null,
        after: {
          method: details.method,
          details: masked,
          tax_id: values.tax_id_masked,
          hold_until: holdUntil.toISOString(),
        },
      },
      now,
    );
    await notify(tx, {
      kind: 'payment_profile_changed',
      to: { companyId },
      params: {
        user_name: user.name,
        hold_until: `${holdUntil.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      },
      now,
    });
  });
  const saved = await readProfile(app, companyId);
  if (!saved) throw new Error('profile not saved');
  return saved;
}
