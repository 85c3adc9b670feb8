import type { UserInfo } from '@portal/contracts/account.ts';
import { describe, expect, it } from 'vitest';
import { demoUser, sdkMenu } from '@/test/render-app.tsx';
import { withSecurityEntries } from './access.ts';
import { findEntry } from './route-table.ts';

const withRoles = (ids: number[], extra: Partial<UserInfo> = {}): UserInfo => ({
  ...demoUser,
  opt_permission: ids.map((id) => ({ role_info: { id, name: String(id) } })),
  ...extra,
});
const accountPaths = (user: UserInfo | null) =>
  (withSecurityEntries(sdkMenu, user).find((m) => m.path === '/account')?.children ?? []).map((c) => c.path);

describe('account security entries (issue 16) and notifications (issue 27)', () => {
  it('admins get security, notifications, API keys, test devices and the audit log under account management', () => {
    expect(accountPaths(withRoles([67]))).toEqual([
      '/account/index',
      '/account/modPassword',
      '/account/security',
      '/account/notifications',
      '/account/apiKeys',
      '/account/testDevices',
      '/account/audit',
    ]);
  });

  it('members get API keys but no test devices or audit log; operations the audit log but no keys or devices', () => {
    expect(accountPaths(withRoles([68]))).toEqual([
      '/account/index',
      '/account/modPassword',
      '/account/security',
      '/account/notifications',
      '/account/apiKeys',
    ]);
    expect(accountPaths(withRoles([70]))).toEqual([
      '/account/index',
      '/account/modPassword',
      '/account/security',
      '/account/notifications',
      '/account/audit',
    ]);
  });

  it('without an organisation or while pending only security and notifications; signed out nothing', () => {
    expect(accountPaths(withRoles([67], { company_id: null }))).toEqual([
      '/account/index',
      '/account/modPassword',
      '/account/security',
      '/account/notifications',
    ]);
    expect(accountPaths(withRoles([68], { status: 3 }))).toEqual([
      '/account/index',
      '/account/modPassword',
      '/account/security',
      '/account/notifications',
    ]);
    expect(withSecurityEntries(sdkMenu, null)).toBe(sdkMenu);
  });

  it('the new screens have titles for the route matching', () => {
    expect(findEntry('/account/audit')?.titleKey).toBe('menu.audit');
    expect(findEntry('/account/apiKeys')?.titleKey).toBe('menu.apiKeys');
    expect(findEntry('/account/notifications')?.titleKey).toBe('menu.notifications');
  });
});
