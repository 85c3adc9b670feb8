/**
 * A scheduled report's attachment (issue 13 item 8): the saved view's query run through the report
 * export code (reports/export/export-writer.ts) under the scope of one recipient as of the send,
 * exactly as `GET /v1/report/export/{kind}` would answer that recipient (issue 22 item 7: each
 * recipient receives only what they may see; recipients with the same scope share one attachment,
 * `scopeKey`). The period is the view's
 * `preset` resolved at send time; a view without one is sent for `yesterday` (daily schedules) or
 * `last_7_days` (weekly), since a fixed date range would mail the same rows every time.
 *
 * Throws `SendRefused` (not retried) when the owner is gone or inactive or the view's query no longer
 * parses, and its subclass `NoAccess` when the user the attachment is built for may not open the
 * report (AppError 601/402 of permission/report-access.ts).
 */
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { Lang } from '@portal/contracts/codes.ts';
import { UserStatus } from '@portal/contracts/constants.ts';
import { schedulableKinds } from '@portal/contracts/report-views.ts';
import type { ReportKind } from '@portal/contracts/reports-kinds.ts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dataPermissions, userRoles, users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { type ExportFormat, writeExport } from '../../reports/export/export-writer.ts';
import { buildCountSql, buildListSql, splitByDay } from '../../reports/query-builder.ts';
import { streamColumns } from '../../reports/store.ts';
import { requireReport } from '../permission/report-access.ts';
import type { Ctx, Resolved } from '../reports/kind-queries.ts';
import { type KindQuery, kindRuns } from '../reports/kind-runs.ts';
import {
  exportDecorator,
  exportFileName,
  kindExportColumns,
  reportClock,
} from '../reports/report-context.ts';

/** A send that retrying cannot fix; recorded as the run's result. */
export class SendRefused extends Error {}

/** The user an attachment is built for may not open its report (601/402). */
export class NoAccess extends SendRefused {}

/**
 * What decides a user's view of a report, as a string: organisation, roles, data permissions and
 * report time zone. Two recipients with the same key get byte-identical attachments.
 */
export async function scopeKey(app: FastifyInstance, user: SessionUser): Promise<string> {
  const perms = await app.db
    .select({ type: dataPermissions.type, rule: dataPermissions.rule })
    .from(dataPermissions)
    .where(eq(dataPermissions.user_id, user.userId))
    .orderBy(asc(dataPermissions.type), asc(dataPermissions.rule));
  return JSON.stringify([
    user.companyId,
    [...user.roles].sort(),
    user.timezone,
    perms.map((p) => [p.type, p.rule]),
  ]);
}

type Exporter = {
  schema: KindQuery['schema'];
  /** A saved query read with `schema`: how it resolves (as its first page), or null when it no longer parses. */
  read: (query: Record<string, string>) => ((c: Ctx) => Promise<Resolved>) | null;
};

/**
 * The kinds a schedule can mail (the registry's `schedulable` ones, contracts report-views.ts) and how
 * their export query is read and resolved (kind-runs.ts).
 */
export const exporters: Partial<Record<ReportKind, Exporter>> = Object.fromEntries(
  schedulableKinds.flatMap((kind) => {
    const q = kindRuns[kind].export;
    if (!q) return [];
    const read = (query: Record<string, string>) => {
      const found = q.read(query);
      return 'resolve' in found ? found.resolve : null;
    };
    return [[kind, { schema: q.schema, read }]];
  }),
);

/** The owner as the session layer would load it, with a key of its own in the caller cache. */
export async function ownerAsCaller(app: FastifyInstance, userId: number): Promise<SessionUser> {
  const [row] = await app.db
    .select({
      user: users,
      roles: sql<number[] | null>`(select array_agg(${userRoles.role_id}::int) from ${userRoles}
        where ${userRoles.user_id} = ${users.id})`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row || row.user.status === UserStatus.INACTIVE || row.user.status === UserStatus.DELETED) {
    throw new SendRefused('the schedule owner is inactive or deleted');
  }
  return {
    userId: row.user.id,
    email: row.user.email,
    name: row.user.name,
    status: row.user.status,
    companyId: row.user.company_id,
    accountId: row.user.account_id,
    roles: (row.roles ?? []).map(Number),
    timezone: row.user.timezone ?? null,
    // A fresh key: access and scope are read from the store for this send, never reused.
    tokenHash: `schedule:${randomUUID()}`,
  };
}

/**
 * The run's own checks before any attachment: the view's kind has an export, its query still parses,
 * and its owner may still open the report. Throws SendRefused.
 */
export async function assertSendable(
  app: FastifyInstance,
  owner: SessionUser,
  view: { kind: string; query: Record<string, string> },
): Promise<void> {
  const kind = view.kind as ReportKind;
  const exporter = exporters[kind];
  if (!exporter) throw new SendRefused(`the ${kind} report has no export`);
  if (!exporter.read({ preset: 'yesterday', ...view.query, format: 'csv' })) {
    throw new SendRefused('the saved view no longer describes a valid report');
  }
  try {
    await requireReport(app, owner, kind);
  } catch (err) {
    if (err instanceof AppError) throw new SendRefused(`the owner may not open this report (${err.code})`);
    throw err;
  }
}

/** The recipient `email` as a caller when they are an active user of `accountId`, else null. */
export async function recipientAsCaller(
  app: FastifyInstance,
  email: string,
  accountId: number | null,
): Promise<SessionUser | null> {
  if (accountId === null) return null;
  const [row] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), eq(users.account_id, accountId)))
    .limit(1);
  if (!row) return null;
  return ownerAsCaller(app, row.id).catch((err) => {
    if (err instanceof SendRefused) return null;
    throw err;
  });
}

export type Attachment = { filename: string; content: Buffer; contentType: string; rows: number };

const contentTypes: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/**
 * Builds the attachment of `view` as `owner` (the user whose scope it has: a recipient) would export
 * it at `now`. Throws NoAccess, SendRefused or the store's error.
 */
export async function buildAttachment(
  app: FastifyInstance,
  owner: SessionUser,
  view: { kind: string; query: Record<string, string> },
  opts: { format: ExportFormat; frequency: 'daily' | 'weekly'; lang: Lang; now: Date },
): Promise<Attachment> {
  const kind = view.kind as ReportKind;
  const exporter = exporters[kind];
  if (!exporter) throw new SendRefused(`the ${kind} report has no export`);
  try {
    await requireReport(app, owner, kind);
  } catch (err) {
    if (err instanceof AppError) throw new NoAccess(`${owner.email} may not open this report (${err.code})`);
    throw err;
  }
  const preset = view.query.preset ?? (opts.frequency === 'daily' ? 'yesterday' : 'last_7_days');
  const resolve = exporter.read({ ...view.query, preset, format: opts.format });
  if (!resolve) throw new SendRefused('the saved view no longer describes a valid report');
  const c: Ctx = {
    app,
    user: owner,
    lang: opts.lang,
    ...reportClock(app, owner, kind, opts.now),
  };
  let r: Resolved;
  try {
    r = await resolve(c);
  } catch (err) {
    if (err instanceof AppError) throw new SendRefused(`the saved view's query was refused (${err.code})`);
    throw err;
  }
  const columns = kindExportColumns(kind, r, view.query.titles, opts.lang);
  const decorate = exportDecorator(app, kind, opts.lang);
  const { limit: _l, offset: _o, ...all } = r.query;
  const slot = await app.reportLanes.acquire('export', { timeoutMs: app.config.reportExportTimeoutMs });
  try {
    async function* chunks() {
      for (const part of splitByDay(r.def, all)) {
        const built = buildListSql(r.def, part, app.reportStore.dialect);
        let rows = 0;
        const chunks = streamColumns(app.reportStore, built.sql, built.params, { signal: slot.signal });
        for await (const chunk of chunks) {
          if (decorate) await decorate(chunk);
          rows += chunk.rowCount;
          yield chunk;
        }
        // As the export route does (report-service.ts): a stream that failed midway must not be mailed.
        const n = buildCountSql(r.def, part, app.reportStore.dialect);
        const expected = Number(
          (await app.reportStore.query(n.sql, n.params, { signal: slot.signal }))[0]?.n ?? 0,
        );
        if (rows !== expected) throw new Error(`report export truncated: ${rows} of ${expected} rows`);
      }
    }
    const out = new PassThrough();
    const parts: Buffer[] = [];
    out.on('data', (b: Buffer) => parts.push(b));
    const ended = new Promise<void>((resolve, reject) => {
      out.on('end', resolve);
      out.on('error', reject);
    });
    const rows = await writeExport(out, columns, chunks(), opts.format);
    await ended;
    const fileKey =
      kind === 'affiliate' && view.query.db_source === 'affiliate_2024' ? 'new_affiliate' : kind;
    const name = exportFileName(fileKey, r, opts.lang);
    return {
      filename: `${name.utf8}.${opts.format}`,
      content: Buffer.concat(parts),
      contentType: contentTypes[opts.format],
      rows,
    };
  } finally {
    slot.release();
  }
}
