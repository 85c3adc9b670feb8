import type { MenuItem } from '@portal/contracts/account.ts';
import type { AppAdsState } from '@portal/contracts/app-ads.ts';
import type { AppItem } from '@portal/contracts/apps.ts';
import { endpoints } from '@portal/contracts/endpoints.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  demoUser,
  failure,
  mock,
  mockApi,
  type RouteMock,
  renderApp,
  seedSession,
  sessionRoutes,
} from '@/test/render-app.tsx';

const menu: MenuItem[] = [
  { key: 'menu.appManagement', path: '/apps/list' },
  { key: 'menu.adSlots', path: '/adpos/list' },
];

const app = (id: number, audit_status: number, extra: Partial<AppItem> = {}): AppItem => ({
  id,
  app_name: `App ${id}`,
  package_name: `com.demo.app${id}`,
  platform: 1,
  is_online: 1,
  app_store_address: `https://play.google.com/store/apps/details?id=com.demo.app${id}`,
  industry_id: 210,
  industry_name: 'Games / Puzzle',
  audit_status,
  publisher_id: 1,
  publisher_name: 'Demo Games',
  profit_center_id: null,
  description: '',
  app_key: audit_status === 1 ? null : `key${id}`.padEnd(32, '0'),
  adpos_count: id,
  ...extra,
});

const industries = [
  { id: 1, parent_id: -1, name: '应用' },
  { id: 2, parent_id: -1, name: '游戏' },
  { id: 210, parent_id: 2, name: '益智' },
];

function routes(extra: RouteMock[] = []) {
  return mockApi([
    ...sessionRoutes(menu),
    mock(endpoints.apps.list, () => ({ list: [app(1, 1), app(2, 2), app(3, -1)], total: 3 })),
    mock(endpoints.catalogue.industries, industries),
    mock(endpoints.apps.nameExists, (c) => ({ exist: c.query.get('app_name') === 'Taken' })),
    mock(endpoints.apps.packageExists, (c) => ({ exist: c.query.get('package_name') === 'com.taken' })),
    mock(endpoints.apps.urlValid, () => ({ result: false })),
    mock(endpoints.appAds.list, () => ({ list: [adsOf(2)] })),
    ...extra,
  ]);
}

function adsOf(id: number, extra: Partial<AppAdsState> = {}): AppAdsState {
  return {
    app_id: id,
    app_name: `App ${id}`,
    developer_website: null,
    domain: null,
    url: null,
    line: 'publisher-portal.example, 1, DIRECT, a7f3c9e2b1d04e68',
    status: null,
    detail: null,
    checked_at: null,
    ...extra,
  };
}

async function openPage() {
  seedSession();
  renderApp('/apps/list');
  return screen.findByTestId('apps-table', {}, { timeout: 60_000 });
}

/** The field's error text under its form item. */
async function errorOf(inputId: string, text: string) {
  const item = document.getElementById(inputId)?.closest('.ant-form-item') as HTMLElement;
  await within(item).findByText(text);
}

describe('apps list (spec §2 Apps list)', () => {
  it('hides the key under review, copies it otherwise, and hides actions of a deleted app', async () => {
    const user = userEvent.setup();
    routes();
    // user-event's clipboard stub (test/jsdom-env.ts), watched; the spy goes with the test.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const table = await openPage();
    await within(table).findByText('App 2');
    expect(screen.getByTestId('app-key-1').textContent).toBe('审核通过后显示');
    await user.click(screen.getByTestId('app-key-2'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('key2'.padEnd(32, '0')));
    await screen.findByText('复制成功');
    expect(screen.queryByTestId('app-actions-3')).toBeNull();
    expect(screen.getByTestId('app-actions-2')).toBeTruthy();
    expect(screen.getByTestId('status-1').textContent).toBe('审核中');
  });

  it('debounces the name search by 500 ms and sends the filters', async () => {
    const user = userEvent.setup();
    const api = routes();
    await openPage();
    await waitFor(() => expect(api.callsTo(endpoints.apps.list).length).toBeGreaterThan(0));
    await user.type(document.getElementById('filter-app-name') as HTMLElement, 'Puz');
    await new Promise((r) => setTimeout(r, 300));
    expect(api.callsTo(endpoints.apps.list).some((c) => c.query.get('app_name') === 'Puz')).toBe(false);
    await waitFor(
      () =>
        expect(api.callsTo(endpoints.apps.list).some((c) => c.query.get('app_name') === 'Puz')).toBe(true),
      {
        timeout: 2000,
      },
    );
    const last = api.callsTo(endpoints.apps.list).at(-1);
    expect(last?.query.get('page_no')).toBe('1');
    expect(last?.query.get('page_size')).toBe('10');
  });

  it('changes 2 → 3 only after the confirm prompt', async () => {
    const user = userEvent.setup();
    const api = routes([mock(endpoints.apps.setStatus, () => app(2, 3))]);
    await openPage();
    const select = await screen.findByTestId('status-2');
    await user.click(select.querySelector('.ant-select-selector, .ant-select-content') ?? select);
    await user.click(await screen.findByText('冻结', { selector: '.ant-select-item-option-content' }));
    expect((await screen.findAllByText('确定要修改状态吗？')).length).toBeGreaterThan(0);
    expect(api.callsTo(endpoints.apps.setStatus)).toHaveLength(0);
    const oks = screen.getAllByRole('button', { name: /^确\s*定$/ });
    await user.click(oks[oks.length - 1] as HTMLElement);
    await waitFor(() =>
      expect(api.callsTo(endpoints.apps.setStatus)[0]?.body).toEqual({ id: 2, audit_status: 3 }),
    );
    await screen.findByText('状态修改成功');
  });

  it('says a delete succeeded, and only then', async () => {
    const user = userEvent.setup();
    let fail = true;
    const api = routes([
      mock(endpoints.apps.remove, () => (fail ? failure(10007, '不允许的状态变更') : null)),
    ]);
    await openPage();
    const confirmDelete = async () => {
      await user.click(await screen.findByTestId('delete-app-2'));
      await screen.findAllByText('确定要删除该应用吗？');
      const oks = screen.getAllByRole('button', { name: /^确\s*定$/ });
      await user.click(oks[oks.length - 1] as HTMLElement);
    };
    await confirmDelete();
    await waitFor(() => expect(api.callsTo(endpoints.apps.remove)).toHaveLength(1));
    await screen.findByText('不允许的状态变更');
    expect(screen.queryByText('删除成功')).toBeNull();
    fail = false;
    await confirmDelete();
    await screen.findByText('删除成功');
    expect(api.callsTo(endpoints.apps.remove).at(-1)?.body).toEqual({ id: 2, status: -1 });
  });
});

describe('app dialog (spec §5 App form)', () => {
  it('requires the fields, checks name and package on blur and the store address format', async () => {
    const user = userEvent.setup();
    const api = routes();
    await openPage();
    await user.click(screen.getByTestId('create-app'));
    await screen.findByTestId('app-dialog');
    await user.click(screen.getByTestId('app-dialog-save'));
    await errorOf('app_name', '应用名称不能为空');
    await errorOf('package_name', '请输入包名');
    await errorOf('app_store_address', '应用商店地址不能为空');
    expect(api.callsTo(endpoints.apps.create)).toHaveLength(0);

    const name = document.getElementById('app_name') as HTMLElement;
    await user.type(name, 'x'.repeat(31));
    await errorOf('app_name', '应用名称不能超过 30 个字符');
    await user.clear(name);
    await user.type(name, 'Taken');
    await user.tab();
    await errorOf('app_name', '应用名称已存在');
    expect(api.callsTo(endpoints.apps.nameExists)[0]?.query.get('id')).toBeNull();

    const pkg = document.getElementById('package_name') as HTMLElement;
    await user.type(pkg, 'com.taken');
    await user.tab();
    await errorOf('package_name', '包名已存在');

    const url = document.getElementById('app_store_address') as HTMLElement;
    await user.type(url, 'https://example.com/app');
    await user.tab();
    await errorOf('app_store_address', '无效的链接地址');
    expect(api.callsTo(endpoints.apps.urlValid)).toHaveLength(0);
    await user.clear(url);
    await user.type(url, 'https://play.google.com/store/apps/details?id=com.taken');
    await user.tab();
    await waitFor(() => expect(api.callsTo(endpoints.apps.urlValid)).toHaveLength(1));
    expect(api.callsTo(endpoints.apps.urlValid)[0]?.query.get('package_name')).toBe('com.taken');
    await errorOf('app_store_address', '无效的链接地址');
  });

  it('accepts a generic URL when the app is not on Google Play, and edits exclude the own id', async () => {
    const user = userEvent.setup();
    const api = routes([mock(endpoints.apps.urlValid, () => ({ result: true }))]);
    await openPage();
    await user.click(await screen.findByTestId('edit-app-2'));
    await screen.findByTestId('app-dialog');
    const name = document.getElementById('app_name') as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('App 2'));
    await user.click(name);
    await user.tab();
    await waitFor(() => expect(api.callsTo(endpoints.apps.nameExists)[0]?.query.get('id')).toBe('2'));
    await user.click(screen.getByLabelText('否'));
    const url = document.getElementById('app_store_address') as HTMLElement;
    await user.clear(url);
    await user.type(url, 'https://example.com/app');
    await user.tab();
    await waitFor(() =>
      expect(api.callsTo(endpoints.apps.urlValid).at(-1)?.query.get('is_online')).toBe('2'),
    );
    const item = url.closest('.ant-form-item') as HTMLElement;
    expect(within(item).queryByText('无效的链接地址')).toBeNull();
  });
});

describe('operations review drawer (issue 4 §5–6)', () => {
  it('lists what is under review and undelivered to-dos, and approves or rejects', async () => {
    const user = userEvent.setup();
    const opsUser = {
      ...demoUser,
      email: 'ops@example.com',
      opt_permission: [{ role_info: { id: 70, name: 'ops' } }],
    };
    const api = mockApi([
      ...sessionRoutes(menu, opsUser),
      mock(endpoints.apps.list, { list: [app(1, 1)], total: 1 }),
      mock(endpoints.ops.review, {
        apps: [{ id: 1, app_name: 'App 1', package_name: 'com.demo.app1', publisher_name: 'Demo Games' }],
        adpos: [
          {
            adpos_id: 9,
            adpos_name: 'Slot 9',
            ad_style: 1,
            channel_name: 'App 1',
            publisher_name: 'Demo Games',
          },
        ],
      }),
      mock(endpoints.ops.todo, {
        list: [
          {
            id: 1,
            idempotency_key: 'k',
            action_type: 4,
            entity: 'app',
            entity_id: 5,
            name: 'Gone App',
            company_id: 1,
            from_status: 2,
            to_status: -1,
            attempts: 0,
            last_error: null,
            created_at: '2026-01-01T00:00:00.000Z',
            delivered_at: null,
          },
        ],
        total: 1,
      }),
      mock(endpoints.apps.setStatus, app(1, 2)),
      // The server answers the changed ad slot (placementItem), not null.
      mock(endpoints.placements.setStatus, {
        adpos_id: 9,
        adpos_name: 'Slot 9',
        ad_style: 1,
        content_type: [5],
        audit_status: 4,
        channel_name: 'App 1',
        app: { id: 1 },
      }),
    ]);
    seedSession('t', opsUser);
    renderApp('/apps/list');
    await screen.findByTestId('apps-table', {}, { timeout: 20_000 });
    // Operations see Approve / Reject on a row under review too.
    expect(await screen.findByTestId('approve-1')).toBeTruthy();
    await user.click(screen.getByTestId('open-review'));
    await user.click(await screen.findByTestId('review-approve-app-1'));
    await waitFor(() =>
      expect(api.callsTo(endpoints.apps.setStatus)[0]?.body).toEqual({ id: 1, audit_status: 2 }),
    );
    // Rejecting asks for the reason the publisher is told; without one nothing is sent.
    await user.click(screen.getByTestId('review-reject-adpos-9'));
    await user.click(await screen.findByTestId('reject-reason-ok'));
    expect(await screen.findByText('请填写拒绝原因')).toBeTruthy();
    expect(api.callsTo(endpoints.placements.setStatus)).toHaveLength(0);
    await user.type(screen.getByTestId('reject-reason'), 'Duplicate placement');
    await user.click(screen.getByTestId('reject-reason-ok'));
    await waitFor(() =>
      expect(api.callsTo(endpoints.placements.setStatus)[0]?.body).toEqual({
        id: 9,
        audit_status: 4,
        reason: 'Duplicate placement',
      }),
    );
    await user.click(screen.getByText('待办通知 (1)'));
    await screen.findByText('Gone App');
    expect(screen.getByText('删除', { selector: '.ant-tag' })).toBeTruthy();
  });

  it('is not offered to a publisher', async () => {
    routes();
    await openPage();
    expect(screen.queryByTestId('open-review')).toBeNull();
    expect(screen.queryByTestId('approve-1')).toBeNull();
  });

  it('a new organisation sees the next step instead of "No data"', async () => {
    const user = userEvent.setup();
    routes([mock(endpoints.apps.list, () => ({ list: [], total: 0 }))]);
    await openPage();
    const empty = await screen.findByTestId('apps-empty');
    expect(empty.textContent).toContain('添加您的第一个应用');
    await user.click(screen.getByTestId('apps-empty-create'));
    await screen.findByRole('dialog');
  });

  it('app-ads.txt: saves the website, shows the line, checks on demand', async () => {
    const user = userEvent.setup();
    let state = adsOf(2);
    const api = routes([
      mock(endpoints.appAds.list, () => ({ list: [state] })),
      mock(endpoints.appAds.setWebsite, (c) => {
        const site = (c.body as { developer_website: string }).developer_website;
        state = {
          ...state,
          developer_website: site,
          domain: 'example.com',
          url: 'https://example.com/app-ads.txt',
        };
        return state;
      }),
      mock(endpoints.appAds.check, () => {
        state = {
          ...state,
          status: 'line_missing',
          detail: 'no record',
          checked_at: '2026-03-01T00:00:00.000Z',
        };
        return state;
      }),
    ]);
    await openPage();
    await user.click(await screen.findByTestId('app-ads-2'));
    const drawer = await screen.findByTestId('app-ads-drawer');
    expect(within(drawer).getByTestId('app-ads-line').textContent).toContain(
      'publisher-portal.example, 1, DIRECT',
    );
    expect((within(drawer).getByTestId('app-ads-check') as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(drawer).getByTestId('app-ads-website'), 'https://www.example.com');
    await user.click(within(drawer).getByTestId('app-ads-save'));
    await waitFor(() =>
      expect(api.callsTo(endpoints.appAds.setWebsite)[0]?.body).toEqual({
        app_id: 2,
        developer_website: 'https://www.example.com',
      }),
    );
    await waitFor(() =>
      expect((within(drawer).getByTestId('app-ads-check') as HTMLButtonElement).disabled).toBe(false),
    );
    await user.click(within(drawer).getByTestId('app-ads-check'));
    await within(drawer).findByText('文件中没有本平台的行：请加入上面这一行后重新检查。');
    expect(screen.getAllByText('缺少该行').length).toBeGreaterThan(0);
  });
});
