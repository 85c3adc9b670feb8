/**
 * Every report kind is runnable by name (kind-runs.ts): its list entry and, exactly when its
 * declaration has an export, its export entry; the declared kinds' entries are found by name in the
 * endpoint table and read their query as the wire does (defaults applied, bad shapes as 604 fields).
 */
import { endpoints } from '@portal/contracts/endpoints.ts';
import { reportKinds, reportRegistry } from '@portal/contracts/report-registry/index.ts';
import { describe, expect, it } from 'vitest';
import { kindRuns } from './kind-runs.ts';

describe('kind runs', () => {
  it('give every kind its list, and an export exactly when the declaration has one', () => {
    for (const kind of reportKinds) {
      const run = kindRuns[kind];
      expect(run.list.entry.query).toBe(run.list.schema);
      expect(Boolean(run.export)).toBe(reportRegistry[kind].abilities.export);
    }
    expect(kindRuns.rtb.list.entry).toBe(endpoints.reports.rtbList);
    expect(kindRuns.affiliate.export?.entry).toBe(endpoints.reports.affiliateExport);
    expect(kindRuns.gx.list.entry).toBe(endpoints.reports.gxList);
    expect(kindRuns.game.ownRoutes).toBe(true);
  });

  it('read raw parameters with the entry’s schema: defaults applied, bad shapes as field errors', () => {
    expect(kindRuns.rtb.list.read({ page_size: 'many' })).toEqual({
      errors: [{ field: 'page_size', message: expect.any(String) }],
    });
    expect('resolve' in kindRuns.gx.list.read({})).toBe(true);
    expect(kindRuns.affiliate.list.read({ db_source: 'affiliate_1999' })).toEqual({
      errors: [{ field: 'db_source', message: expect.any(String) }],
    });
  });
});
