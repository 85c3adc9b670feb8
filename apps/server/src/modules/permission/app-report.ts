/**
 * Who gets the APP report (spec §6 "company id {code} gets the app report routes"; api-contract §9
 * APP_REPORT_COMPANY_IDS): the listed organisations, or, unset, the demo organisation by name.
 */
import type { FastifyInstance } from 'fastify';

/** Name of the organisation that gets the APP report when APP_REPORT_COMPANY_IDS is unset. */
export const DEMO_COMPANY_NAME = 'Demo Games';

/**
 * Whether `companyId` (named `companyName`) gets the APP report: listed in APP_REPORT_COMPANY_IDS, or,
 * unset, the demo one. Pure; report-access.ts reads the name in its one access query.
 */
export function appReportAllowed(
  config: FastifyInstance['config'],
  companyId: number | null,
  companyName: string | null,
): boolean {
  if (companyId === null) return false;
  if (config.appReportCompanyIds) return config.appReportCompanyIds.includes(companyId);
  return companyName === DEMO_COMPANY_NAME;
}
