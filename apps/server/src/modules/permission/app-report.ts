/**
 * Who gets the APP report (spec §6 "company id {code} gets the app report routes"; api-contract §9
 * APP_REPORT_COMPANY_IDS): the listed organisations, or, unset, the demo organisation by name.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companies } from '../../db/schema/organisations.ts';

/** Name of the organisation that gets the APP report when APP_REPORT_COMPANY_IDS is unset. */
export const DEMO_COMPANY_NAME = 'Demo Games';

/** Whether `companyId` gets the APP report: listed in APP_REPORT_COMPANY_IDS, or, unset, the demo one. */
export async function hasAppReport(app: FastifyInstance, companyId: number | null): Promise<boolean> {
  if (companyId === null) return false;
  if (app.config.appReportCompanyIds) return app.config.appReportCompanyIds.includes(companyId);
  const [row] = await app.db
    .select({ name: companies.company_name })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return appReportAllowed(app.config, companyId, row?.name ?? null);
}

/** The rule of hasAppReport for a company whose name is already loaded (no store access). */
export function appReportAllowed(
  config: FastifyInstance['config'],
  companyId: number | null,
  companyName: string | null,
): boolean {
  if (companyId === null) return false;
  if (config.appReportCompanyIds) return config.appReportCompanyIds.includes(companyId);
  return companyName === DEMO_COMPANY_NAME;
}
