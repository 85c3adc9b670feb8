import type { MenuItem } from '@portal/contracts/account.ts';
import { endpoints } from '@portal/contracts/endpoints.ts';
import type { IntegrationData } from '@portal/contracts/integration.ts';
import type {
  AdStyleInfo,
  PlacementCreateBody,
  PlacementItem,
  PlacementUpdateBody,
} from '@portal/contracts/placements.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mock, mockApi, type RouteMock, renderApp, seedSession, sessionRoutes } from '@/test/render-app.tsx';

const menu: MenuItem[] = [
  { key: 'menu.appManagement', path: '/apps/list' },
  { key: 'menu.adSlots', path: '/adpos/list' },
];

const styles: AdStyleInfo[] = [
  {
    ad_style: 1,
    name: '横幅',
    content_types: [
      { value: 5, name: '320*50' },
      { value: 6, name: '300*250' },
    ],
    exclusive: [[5, 6]],
  },
  {
    ad_style: 2,
    name: '插屏',
    content_types: [1, 2, 3, 4].map((v) => ({
      value: v,
      name: ['横版图文', '竖版图文', '横版视频', '竖版视频'][v - 1] as string,
    })),
    exclusive: [],
  },
  {
    ad_style: 6,
    name: '激励视频',
    content_types: [
      { value: 3, name: '横版视频' },
      { value: 4, name: '竖版视频' },
    ],
    exclusive: [],
  },
];

const slot: PlacementItem = {
  adpos_id: 11,
  adpos_name: 'Home Banner',
  ad_style: 1,
  content_type: [5],
  audit_status: 2,
  channel_name: 'Puzzle Quest',
  app: { id: 7 },
};

function panelOf(placementId: number, approved: boolean): IntegrationData {
  return {
    adpos_id: placementId,
    adpos_name: 'Home Banner',
    ad_style: 1,
    audit_status: approved ? 2 : 1,
    app: {
      id: 7,
      app_name: 'Puzzle Quest',
      platform: 2,
      audit_status: approved ? 2 : 1,
      app_key: approved ? 'abc123key' : null,
    },
    sdk: { version: '4.2.0', guide_url: 'https://docs.example/sdk' },
    ready: approved,
    pending: approved ? [] : ['app_review', 'placement_review'],
    test_devices: 2,
  };
}

function routes(extra: RouteMock[] = []) {
  return mockApi([
    ...sessionRoutes(menu),
    mock(endpoints.placements.list, () => ({ list: [slot], total: 1 })),
    mock(endpoints.placements.types, styles),
    mock(endpoints.apps.options, [
      { id: 7, app_name: 'Puzzle Quest', package_name: 'com.p', audit_status: 2 },
      { id: 8, app_name: 'Word Blitz', package_name: 'com.w', audit_status: 2 },
    ]),
    mock(endpoints.placements.nameExists, (c) => ({
      exist: c.query.get('adpos_name') === 'Home Banner' && !c.query.get('adpos_id'),
    })),
    mock(endpoints.placements.create, (c) => ({ ...slot, ...(c.body as PlacementCreateBody), adpos_id: 12 })),
    mock(endpoints.placements.update, (c) => ({ ...slot, ...(c.body as PlacementUpdateBody) })),
    mock(endpoints.placements.integration, (c) =>
      panelOf(Number(c.query.get('adpos_id')), c.query.get('adpos_id') === '11'),
    ),
    ...extra,
  ]);
}

type User = ReturnType<typeof userEvent.setup>;

async function pick(user: User, testId: string, option: string) {
  const select = await screen.findByTestId(testId);
  await user.click(select.querySelector('.ant-select-selector, .ant-select-content') ?? select);
  const options = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  await user.click(options[options.length - 1] as HTMLElement);
}

function itemOf(el: HTMLElement): HTMLElement {
  return el.closest('.ant-form-item') as HTMLElement;
}

describe('ad slots (spec §2 Ad slots, §5 Ad slot form)', () => {
  it('opened with app_id: filters by the app name and opens the create dialog with that app', async () => {
    const api = routes();
    seedSession();
    renderApp('/adpos/list/7/Puzzle%20Quest');
    const dialog = await screen.findByTestId('adslot-dialog', {}, { timeout: 60_000 });
    await waitFor(() =>
      expect(within(itemOf(within(dialog).getByTestId('adslot-app'))).getByText('Puzzle Quest')).toBeTruthy(),
    );
    await waitFor(() =>
      expect(
        api.callsTo(endpoints.placements.list).some((c) => c.query.get('app_name') === 'Puzzle Quest'),
      ).toBe(true),
    );
  });

  it('closing the dialog opened with app_id drops app_id from the URL, keeping the app filter', async () => {
    const user = userEvent.setup();
    routes();
    seedSession();
    const { location } = renderApp('/adpos/list/7/Puzzle%20Quest');
    await screen.findByTestId('adslot-dialog', {}, { timeout: 60_000 });
    await user.click(screen.getByRole('button', { name: /^取\s*消$/ }));
    await waitFor(() => expect(location()).toBe('/adpos/list?app_name=Puzzle%20Quest'));
    expect((document.getElementById('filter-app-name') as HTMLInputElement).value).toBe('Puzzle Quest');
  });

  it("offers each style its content types, Banner's exclusive pair as one required choice, clears types on a style change, saves", async () => {
    const user = userEvent.setup();
    const api = routes();
    seedSession();
    renderApp('/adpos/list');
    await user.click(await screen.findByTestId('create-adslot', {}, { timeout: 60_000 }));
    await screen.findByTestId('adslot-dialog');
    await pick(user, 'adslot-app', 'Word Blitz');
    const name = document.getElementById('adpos_name') as HTMLElement;
    await user.type(name, 'Home Banner');
    await user.tab();
    await within(itemOf(name)).findByText('广告位名称已存在');
    expect(api.callsTo(endpoints.placements.nameExists)[0]?.query.get('app_id')).toBe('8');
    await user.clear(name);
    await user.type(name, 'n'.repeat(31));
    await within(itemOf(name)).findByText('广告位名称不能超过 30 个字符');
    await user.clear(name);
    await user.type(name, '  Top Banner  ');

    await pick(user, 'adslot-style', '横幅');
    const types = await screen.findByTestId('adslot-content-types');
    // Banner's two types exclude each other: a radio choice, marked as required.
    expect(itemOf(types).querySelector('.ant-form-item-required')?.textContent).toBe('内容类型');
    expect(within(types).queryAllByRole('checkbox')).toHaveLength(0);
    const radios = within(types).getAllByRole('radio') as HTMLInputElement[];
    expect(radios).toHaveLength(2);
    await user.click(screen.getByTestId('adslot-dialog-save'));
    await within(itemOf(types)).findByText('内容类型不能为空');
    await user.click(within(types).getByLabelText('320*50'));
    await user.click(within(types).getByLabelText('300*250'));
    expect(radios.map((r) => r.checked)).toEqual([false, true]);
    await new Promise((r) => setTimeout(r, 200));
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await pick(user, 'adslot-style', '激励视频');
    // The radio group gives way to checkboxes.
    await waitFor(() =>
      expect(within(screen.getByTestId('adslot-content-types')).queryAllByRole('checkbox')).toHaveLength(2),
    );
    const videoTypes = screen.getByTestId('adslot-content-types');
    expect(itemOf(videoTypes).querySelector('.ant-form-item-required')).toBeTruthy();
    const boxes = within(videoTypes).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => b.checked)).toEqual([false, false]);
    expect(within(videoTypes).queryByText('横版图文')).toBeNull();
    await user.click(screen.getByTestId('adslot-dialog-save'));
    await within(itemOf(videoTypes)).findByText('内容类型不能为空');
    await user.click(within(videoTypes).getByLabelText('竖版视频'));
    await user.click(screen.getByTestId('adslot-dialog-save'));
    await waitFor(() => expect(api.callsTo(endpoints.placements.create)).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      app: { id: 8 },
      adpos_name: 'Top Banner',
      ad_style: 6,
      content_type: [4],
    });
    await screen.findByText('保存成功');
    // The new slot's integration panel opens at once, saying what is pending.
    const panel = await screen.findByTestId('integration-pending');
    expect(panel.textContent).toContain('应用正在等待运营审核');
    expect(panel.textContent).toContain('该广告位正在等待运营审核');
    expect(api.callsTo(endpoints.placements.integration)[0]?.query.get('adpos_id')).toBe('12');
    expect(screen.getByTestId('integration-app-key-hidden').textContent).toBe('应用通过审核后显示');
  });

  it('the integration panel of an approved slot shows its IDs and code for each platform', async () => {
    const user = userEvent.setup();
    routes();
    seedSession();
    renderApp('/adpos/list');
    await user.click(await screen.findByTestId('integrate-adslot-11', {}, { timeout: 60_000 }));
    await screen.findByTestId('integration-ready');
    expect(screen.getByTestId('integration-app-key').textContent).toContain('abc123key');
    expect(screen.getByTestId('integration-placement-id').textContent).toContain('11');
    // iOS app: Swift first.
    const swift = screen.getByTestId('integration-code-ios');
    expect(swift.textContent).toContain('PortalAds.initialize(appKey: "abc123key")');
    expect(swift.textContent).toContain('BannerView(placementId: "11")');
    await user.click(screen.getByRole('tab', { name: /Unity/ }));
    const unity = await screen.findByTestId('integration-code-unity');
    expect(unity.textContent).toContain('new BannerView("11"');
    expect(unity.textContent).toContain('PortalAds 4.2.0');
  });

  it('editing keeps app and style fixed and checks the name with the adpos_id', async () => {
    const user = userEvent.setup();
    const api = routes();
    seedSession();
    renderApp('/adpos/list');
    await user.click(await screen.findByTestId('edit-adslot-11', {}, { timeout: 60_000 }));
    const dialog = await screen.findByTestId('adslot-dialog');
    const name = document.getElementById('adpos_name') as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Home Banner'));
    expect(within(dialog).getByTestId('adslot-app').className).toMatch(/disabled/);
    expect(within(dialog).getByTestId('adslot-style').className).toMatch(/disabled/);
    await user.click(name);
    await user.tab();
    await waitFor(() =>
      expect(api.callsTo(endpoints.placements.nameExists)[0]?.query.get('adpos_id')).toBe('11'),
    );
    await user.click(screen.getByTestId('adslot-dialog-save'));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
        adpos_id: 11,
        ad_style: 1,
        app: { id: 7 },
      }),
    );
  });

  it('empty: asks for an app first, else offers to create the first ad slot', async () => {
    routes([
      mock(endpoints.placements.list, () => ({ list: [], total: 0 })),
      mock(endpoints.apps.options, () => []),
    ]);
    seedSession();
    const first = renderApp('/adpos/list');
    const empty = await screen.findByTestId('adslots-empty', {}, { timeout: 60_000 });
    await waitFor(() => expect(empty.textContent).toContain('请先添加应用'));
    expect(screen.getByTestId('adslots-empty-add-app').getAttribute('href')).toBe('/apps/list');
    first.unmount();

    const user = userEvent.setup();
    routes([mock(endpoints.placements.list, () => ({ list: [], total: 0 }))]);
    renderApp('/adpos/list');
    await user.click(await screen.findByTestId('adslots-empty-create'));
    await screen.findByTestId('adslot-dialog');
  });
});
