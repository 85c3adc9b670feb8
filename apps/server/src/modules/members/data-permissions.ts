/**
 * The data-permission editor of a member (spec §6; contracts members.ts): options are the
 * organisation's apps that are not deleted (type 3, rule = app_key, name = app name) and its channel
 * list (company_channels: type 4 RTB, type 5 affiliate; rule = name = the channel). Saving replaces
 * the member's whole set in one transaction; any entry outside the options answers 604 on
 * `permissions.<i>.rule` and changes nothing. The owner's own set is changed by the owner alone
 * (10050; api-contract §10 protects the owner's role, status and deletion the same way). Scope is computed per request, so reports follow a
 * change on the member's next call.
 */
import { Code, type Lang } from '@portal/contracts/codes.ts';
import { AuditStatus, DataPermissionType } from '@portal/contracts/constants.ts';
import type {
  DataPermissionBody,
  DataPermissionEditor,
  DataPermissionEntry,
} from '@portal/contracts/members.ts';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { apps } from '../../db/schema/inventory.ts';
import { companyChannels } from '../../db/schema/organisations.ts';
import { dataPermissions } from '../../db/schema/users.ts';
import { AppError, paramError } from '../../lib/app-error.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { recordAudit } from '../audit/audit.ts';
import { notify } from '../notifications/notify.ts';
import { managedCompany, memberOf, ownerOf } from './access.ts';

const notInOptions: Record<Lang, string> = {
  zh: '不在本组织可授权的范围内',
  en: 'Not one of the organisation’s grantable options',
};

type PermType = DataPermissionEntry['type'];

/** What a member of `companyId` may be granted. */
async function optionsOf(db: Db, companyId: number): Promise<DataPermissionEntry[]> {
  const appRows = await db
    .select({ app_key: apps.app_key, app_name: apps.app_name })
    .from(apps)
    .where(and(eq(apps.company_id, companyId), ne(apps.audit_status, AuditStatus.DELETED)))
    .orderBy(asc(apps.app_name), asc(apps.app_key));
  const channels = await db
    .select()
    .from(companyChannels)
    .where(eq(companyChannels.company_id, companyId))
    .orderBy(asc(companyChannels.type), asc(companyChannels.name));
  return [
    ...appRows.map((a) => ({ type: DataPermissionType.SDK as PermType, rule: a.app_key, name: a.app_name })),
    ...channels
      .filter((c) => c.type === DataPermissionType.RTB || c.type === DataPermissionType.AFFILIATE)
      .map((c) => ({ type: c.type as PermType, rule: c.name, name: c.name })),
  ];
}

async function grantedOf(db: Db, userId: number): Promise<DataPermissionEntry[]> {
  const rows = await db
    .select()
    .from(dataPermissions)
    .where(eq(dataPermissions.user_id, userId))
    .orderBy(asc(dataPermissions.type), asc(dataPermissions.id));
  return rows.map((r) => ({ type: r.type as PermType, rule: r.rule, name: r.name }));
}

/** The editor of member `userId`. */
export async function dataPermissionEditor(
  app: FastifyInstance,
  caller: SessionUser,
  userId: number,
): Promise<DataPermissionEditor> {
  const companyId = managedCompany(caller);
  const target = await memberOf(app.db, companyId, userId);
  return {
    user_id: target.id,
    granted: await grantedOf(app.db, target.id),
    options: await optionsOf(app.db, companyId),
  };
}

/** Replaces member `body.user_id`'s data permissions; answers the editor afterwards. */
export async function saveDataPermissions(
  app: FastifyInstance,
  caller: SessionUser,
  body: DataPermissionBody,
  lang: Lang,
): Promise<DataPermissionEditor> {
  const companyId = managedCompany(caller);
  const target = await memberOf(app.db, companyId, body.user_id);
  const options = await optionsOf(app.db, companyId);
  const byKey = new Map(options.map((o) => [`${o.type}:${o.rule}`, o]));
  const errors = body.permissions.flatMap((p, i) =>
    byKey.has(`${p.type}:${p.rule}`) ? [] : [{ field: `permissions.${i}.rule`, message: notInOptions[lang] }],
  );
  if (errors.length > 0) throw paramError(errors);
  const chosen = [...new Set(body.permissions.map((p) => `${p.type}:${p.rule}`))].map(
    (k) => byKey.get(k) as DataPermissionEntry,
  );
  await app.db.transaction(async (tx) => {
    const owner = await ownerOf(tx, companyId);
    if (owner === target.id && caller.userId !== owner) throw new AppError(Code.OWNER_ONLY_DATA_PERMISSIONS);
    const before = await grantedOf(tx, target.id);
    await tx.delete(dataPermissions).where(eq(dataPermissions.user_id, target.id));
    await recordAudit(
      tx,
      {
        actorId: caller.userId,
        companyId,
        objectType: 'data_permission',
        objectId: target.id,
        action: 'set',
        before: { permissions: before.map((p) => ({ type: p.type, rule: p.rule })) },
        after: { permissions: chosen.map((c) => ({ type: c.type, rule: c.rule })) },
      },
      app.now(),
    );
    const was = new Set(before.map((p) => `${p.type}:${p.rule}`));
    if (was.size !== chosen.length || chosen.some((c) => !was.has(`${c.type}:${c.rule}`))) {
      await notify(tx, {
        kind: 'data_permission_changed',
        to: { userId: target.id },
        params: { count: chosen.length },
        now: app.now(),
      });
    }
    if (chosen.length > 0) {
      await tx
        .insert(dataPermissions)
        .values(chosen.map((c) => ({ user_id: target.id, type: c.type, name: c.name, rule: c.rule })));
    }
  });
  return { user_id: target.id, granted: await grantedOf(app.db, target.id), options };
}
