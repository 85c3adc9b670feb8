/**
 * Who gets the APP report (spec §6 "company id {code} gets the app report routes"; api-contract §9
 * APP_REPORT_COMPANY_IDS): the listed organisations, or, unset, the demo organisation by id, the one
 * the demo seed wrote into `server_state` (APP_REPORT_COMPANY_STATE). Never by name: names are not
 * unique, and anyone may call an organisation "Demo Games" (issue 22 item 17).
 */
import type { FastifyInstance } from 'fastify';

/**
 * Whether `companyId` gets the APP report: listed in APP_REPORT_COMPANY_IDS, or, unset, the demo
 * organisation (`isSeededDemo`: its id is the one the demo seed recorded). Pure; report-access.ts
 * reads the recorded id in its one access query.
 */
export function appReportAllowed(
  config: FastifyInstance['config'],
  companyId: number | null,
  isSeededDemo: boolean,
): boolean {
  if (companyId === null) return false;
  if (config.appReportCompanyIds) return config.appReportCompanyIds.includes(companyId);
  return isSeededDemo;
}
