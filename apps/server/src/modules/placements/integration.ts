/**
 * The integration panel's data (issue 27 item 1; contracts integration.ts): an ad slot within the
 * manager's reach with its app, the app key when the app was approved (app-service.ts `visibleKey`),
 * the SDK's version and guide from configuration, the steps still pending and the organisation's
 * test-device count. Throws 402 / 10008 like every ad slot route (apps/access.ts `assertOwned`).
 */
import { REJECTED } from '@portal/contracts/apps.ts';
import { AuditStatus } from '@portal/contracts/constants.ts';
import type { IntegrationData, PendingStep } from '@portal/contracts/integration.ts';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { GoLiveConfig } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { testDevices } from '../../db/schema/go-live.ts';
import { apps, placements } from '../../db/schema/inventory.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertOwned, type Manager } from '../apps/access.ts';
import { visibleKey } from '../apps/app-service.ts';

/** What keeps an item of `status` from serving, as the step of `prefix` (app or placement). */
function pendingOf(prefix: 'app' | 'placement', status: number): PendingStep[] {
  if (status === AuditStatus.REVIEW) return [`${prefix}_review`];
  if (status === REJECTED) return [`${prefix}_rejected`];
  if (status === AuditStatus.FROZEN) return [`${prefix}_frozen`];
  return [];
}

/** The panel of ad slot `id`. A deleted slot answers 10008 (nothing to integrate). */
export async function placementIntegration(
  db: Executor,
  m: Manager,
  id: number,
  sdk: Pick<GoLiveConfig, 'sdkVersion' | 'sdkGuideUrl'>,
): Promise<IntegrationData> {
  const [row] = await db
    .select({
      adpos_id: placements.adpos_id,
      adpos_name: placements.adpos_name,
      ad_style: placements.ad_style,
      slot_status: placements.audit_status,
      app_id: apps.id,
      app_name: apps.app_name,
      platform: apps.platform,
      app_status: apps.audit_status,
      app_key: apps.app_key,
      left_review: apps.left_review,
      company_id: apps.company_id,
    })
    .from(placements)
    .innerJoin(apps, eq(apps.id, placements.app_id))
    .where(eq(placements.adpos_id, id))
    .limit(1);
  const slot = assertOwned(m, row);
  if (slot.slot_status === AuditStatus.DELETED || slot.app_status === AuditStatus.DELETED) {
    throw new AppError(10008);
  }
  const [devices] = await db
    .select({ n: count() })
    .from(testDevices)
    .where(and(eq(testDevices.company_id, slot.company_id), isNull(testDevices.deleted_at)));
  const pending = [...pendingOf('app', slot.app_status), ...pendingOf('placement', slot.slot_status)];
  return {
    adpos_id: slot.adpos_id,
    adpos_name: slot.adpos_name,
    ad_style: slot.ad_style,
    audit_status: slot.slot_status,
    app: {
      id: slot.app_id,
      app_name: slot.app_name,
      platform: slot.platform,
      audit_status: slot.app_status,
      app_key: visibleKey({
        audit_status: slot.app_status,
        app_key: slot.app_key,
        left_review: slot.left_review,
      }),
    },
    sdk: { version: sdk.sdkVersion, guide_url: sdk.sdkGuideUrl },
    ready: pending.length === 0,
    pending,
    test_devices: devices?.n ?? 0,
  };
}
