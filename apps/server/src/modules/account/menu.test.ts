import { describe, expect, it } from 'vitest';
import { buildMenu, type MenuInput } from './menu.ts';

const base: MenuInput = {
  status: 1,
  companyId: 1,
  roles: [],
  cooperationTypes: [],
  dataPermissionTypes: [],
  appReport: false,
};
const paths = (input: Partial<MenuInput>) => {
  const walk = (m: ReturnType<typeof buildMenu>): string[] =>
    m.flatMap((i) => [i.path, ...walk(i.children ?? [])]);
  return walk(buildMenu({ ...base, ...input }));
};

describe('buildMenu (spec §6)', () => {
  it('role 70 follows cooperation types: 1 gives SDK (and management), 4 the two affiliate reports', () => {
    expect(paths({ roles: [70], cooperationTypes: [4] })).toEqual([
      '/report',
      '/report/rtb',
      '/report/newreport',
      '/report/reportv2',
      '/ops/payments',
      '/account',
      '/account/index',
      '/account/modPassword',
      '/users',
      '/roles',
    ]);
    const sdk = paths({ roles: [70], cooperationTypes: [1] });
    expect(sdk).toEqual(expect.arrayContaining(['/report/sdk', '/report/game', '/apps/list', '/adpos/list']));
    expect(sdk).not.toContain('/report/newreport');
  });

  it('members follow data permission types: 3 SDK, 4 RTB, 5 affiliate; never management', () => {
    expect(paths({ roles: [68], cooperationTypes: [1, 4], dataPermissionTypes: [4] })).toEqual([
      '/report',
      '/report/rtb',
      '/account',
      '/account/index',
      '/account/modPassword',
    ]);
    const p = paths({ roles: [68], dataPermissionTypes: [3, 5] });
    expect(p).toEqual(expect.arrayContaining(['/report/sdk', '/report/newreport', '/report/reportv2']));
    expect(p).not.toContain('/apps/list');
  });

  it('the APP report follows the company flag', () => {
    expect(paths({ appReport: true })).toContain('/appReport/list');
    expect(paths({ appReport: false })).not.toContain('/appReport/list');
  });

  it('no organisation or pending membership: only the account entries', () => {
    const account = ['/account', '/account/index', '/account/modPassword'];
    expect(paths({ companyId: null, roles: [67], cooperationTypes: [1] })).toEqual(account);
    expect(paths({ status: 3, roles: [67], cooperationTypes: [1], appReport: true })).toEqual(account);
  });
});
