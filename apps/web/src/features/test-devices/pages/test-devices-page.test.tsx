import { endpoints } from '@portal/contracts/endpoints.ts';
import type { TestDevice } from '@portal/contracts/test-devices.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PHONE_QUERY } from '@/lib/use-phone.ts';
import { screenMatching } from '@/test/media-query.ts';
import { mock, mockApi, renderApp, seedSession, sessionRoutes } from '@/test/render-app.tsx';

const pixel: TestDevice = {
  id: 3,
  advertising_id: '38400000-8cf0-11bd-b23e-10b96e40000d',
  name: 'Pixel 8',
  platform: 1,
  added_by: 'Demo Admin',
  added_at: '2026-03-01T08:00:00.000Z',
};

describe('test devices (issue 27 item 2)', () => {
  it('starts empty with a next step, checks the ID before sending, then lists the added device', async () => {
    const user = userEvent.setup();
    let list: TestDevice[] = [];
    const api = mockApi([
      ...sessionRoutes(),
      mock(endpoints.testDevices.list, () => ({ list })),
      mock(endpoints.testDevices.create, (c) => {
        const added = { ...pixel, ...(c.body as object) };
        list = [added];
        return added;
      }),
    ]);
    seedSession();
    renderApp('/account/testDevices');
    await user.click(await screen.findByTestId('empty-add-test-device', {}, { timeout: 60_000 }));
    expect(screen.getByText('添加第一台测试设备')).toBeTruthy();
    await user.type(document.getElementById('test-device-name') as HTMLElement, 'Pixel 8');
    const select = screen.getByTestId('test-device-platform');
    await user.click(select.querySelector('.ant-select-selector, .ant-select-content') ?? select);
    await user.click(
      (
        await screen.findAllByText('Android', { selector: '.ant-select-item-option-content' })
      )[0] as HTMLElement,
    );
    const id = document.getElementById('test-device-id') as HTMLElement;
    await user.type(id, 'not-an-id');
    await user.click(screen.getByTestId('test-device-save'));
    await screen.findByText(/广告 ID 须为 GAID 或 IDFA 格式/);
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.clear(id);
    await user.type(id, '38400000-8CF0-11BD-B23E-10B96E40000D');
    await user.click(screen.getByTestId('test-device-save'));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      advertising_id: '38400000-8CF0-11BD-B23E-10B96E40000D',
      name: 'Pixel 8',
      platform: 1,
    });
    const table = await screen.findByTestId('test-devices-table');
    await within(table).findByText('Pixel 8');
    expect(within(table).getByText('Demo Admin')).toBeTruthy();
  });

  it('shows each device as a card on a phone, its advertising ID and actions in view', async () => {
    screenMatching((q) => q === PHONE_QUERY);
    mockApi([...sessionRoutes(), mock(endpoints.testDevices.list, () => ({ list: [pixel] }))]);
    seedSession();
    renderApp('/account/testDevices');
    const cards = await screen.findByTestId('test-devices-table-cards', {}, { timeout: 60_000 });
    expect(screen.queryByTestId('test-devices-table')).toBeNull();
    const card = within(cards).getByRole('listitem');
    const fields = Object.fromEntries(
      [...card.querySelectorAll('.list-card-field')].map((f) => [
        f.querySelector('dt')?.textContent,
        f.querySelector('dd') as HTMLElement,
      ]),
    );
    expect(fields['广告 ID（GAID / IDFA）']?.textContent).toContain(pixel.advertising_id);
    expect(within(fields.操作 as HTMLElement).getByTestId('edit-test-device-3')).toBeTruthy();
    expect(within(fields.操作 as HTMLElement).getByTestId('remove-test-device-3')).toBeTruthy();
  });
});
