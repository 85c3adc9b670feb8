/**
 * Issue 22 item 17: with APP_REPORT_COMPANY_IDS unset the APP report goes to the seeded demo
 * organisation by id; another organisation that names itself "Demo Games" does not get it, and the
 * setting, when given, still decides.
 */
import { endpoints } from '@portal/contracts/endpoints.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInventory, type Inventory } from '../../test/inventory-fixture.ts';
import { newOrganisation } from '../../test/org.ts';
import { loadReportAccess } from './report-access.ts';

describe('the APP report is granted by organisation id', () => {
  let inv: Inventory;
  beforeAll(async () => {
    inv = await createInventory();
  }, 180_000);
  afterAll(async () => inv?.close());

  const accessOf = (companyId: number, userId: number) =>
    loadReportAccess(inv.app, {
      userId,
      status: 1,
      companyId,
      roles: [67],
      tokenHash: `t-${companyId}-${userId}`,
    });

  /** The demo admin's user_info, parsed by its entry. */
  const demoInfo = async () => {
    const [info] = await inv.callEndpoint(endpoints.account.userInfo, {}, inv.tokens.demo);
    if (!info) throw new Error('user_info answered no user');
    return info;
  };

  it('the seeded demo gets it, a namesake does not', async () => {
    const info = await demoInfo();
    const demoCompany = info.company_id ?? 0;
    expect((await accessOf(demoCompany, info.user_id)).appReport).toBe(true);
    const namesake = await newOrganisation(inv.app, 'namesake@example.com', 'Demo Games');
    expect(namesake.companyId).not.toBe(demoCompany);
    expect((await accessOf(namesake.companyId, namesake.userId)).appReport).toBe(false);
    // Through the API as well: the namesake's menu has no app report.
    const menu = await inv.callEndpoint(endpoints.account.menu, {}, namesake.token);
    expect(JSON.stringify(menu)).not.toMatch(/\/gx\b|appReport|app_report/);
  });

  it('APP_REPORT_COMPANY_IDS still decides when set', async () => {
    inv.app.config.appReportCompanyIds = [987654];
    try {
      expect((await accessOf(987654, 1)).appReport).toBe(true);
      expect((await accessOf((await demoInfo()).company_id ?? 0, 2)).appReport).toBe(false);
    } finally {
      inv.app.config.appReportCompanyIds = undefined;
    }
  });
});
