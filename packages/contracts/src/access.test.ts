import { describe, expect, it } from 'vitest';
import {
  type AccessCaller,
  accessGrants,
  accessMenu,
  canReadAudit,
  canUseApiKeys,
  menuPaths,
} from './access.ts';

const base: AccessCaller = {
  roles: [],
  status: 1,
  companyId: 1,
  cooperationTypes: [],
  dataPermissionTypes: [],
  companyChannelTypes: [],
  appReport: false,
};
const reports = (c: Partial<AccessCaller>) =>
  Object.entries(accessGrants({ ...base, ...c }).reports)
    .filter(([, on]) => on)
    .map(([k]) => k);

describe('access rules (spec §6)', () => {
  it('RTB: role 70; role 67 with RTB channels; a type-4 data permission; never 68 by channels', () => {
    expect(reports({ roles: [70] })).toEqual(['rtb']);
    expect(reports({ roles: [67], companyChannelTypes: [4] })).toEqual(['rtb']);
    expect(reports({ roles: [67], companyChannelTypes: [5] })).toEqual([]);
    expect(reports({ roles: [68], companyChannelTypes: [4] })).toEqual([]);
    expect(reports({ roles: [68], dataPermissionTypes: [4] })).toEqual(['rtb']);
  });

  it('unknown inputs (the web) grant nothing through them', () => {
    expect(reports({ roles: [67], companyChannelTypes: null, appReport: null })).toEqual([]);
    expect(reports({ roles: [67], appReport: true })).toEqual(['gx']);
  });

  it('no organisation or pending: account entries only, whatever the roles', () => {
    const account = ['/account', '/account/index', '/account/modPassword'];
    expect(menuPaths(accessMenu({ ...base, roles: [70], companyId: null }))).toEqual(account);
    expect(menuPaths(accessMenu({ ...base, roles: [67], status: 3, cooperationTypes: [1] }))).toEqual(
      account,
    );
  });

  it('API keys for active 67/68 members, not 70; the audit log for 70 and active 67', () => {
    const who = (roles: number[], status = 1, companyId: number | null = 1) => ({ roles, status, companyId });
    expect([canUseApiKeys(who([67])), canUseApiKeys(who([68])), canUseApiKeys(who([70]))]).toEqual([
      true,
      true,
      false,
    ]);
    expect([canUseApiKeys(who([68], 3)), canUseApiKeys(who([67], 1, null))]).toEqual([false, false]);
    expect([canReadAudit(who([70], 1, null)), canReadAudit(who([67])), canReadAudit(who([68]))]).toEqual([
      true,
      true,
      false,
    ]);
    expect(canReadAudit(who([67], 3))).toBe(false);
  });
});
