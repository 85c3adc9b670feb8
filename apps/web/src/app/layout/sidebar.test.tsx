/**
 * The sidebar on a narrow screen (issue 11): folded from the first render with no submenu shown as a
 * pop-up, and unfolded by the header's menu button with the report and account submenus open as on a
 * wide screen.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screenMatching } from '@/test/media-query.ts';
import { mockApi, renderApp, seedSession, sessionRoutes } from '@/test/render-app.tsx';

/** matchMedia answering `narrow` for antd's `lg` breakpoint query. */
function screenWidth(narrow: boolean) {
  screenMatching((q) => narrow && q.includes('max-width: 991.98px'));
}

describe('sidebar on a narrow screen', () => {
  afterEach(() => vi.restoreAllMocks());

  it('starts folded with no submenu open, and unfolds with them open', async () => {
    screenWidth(true);
    seedSession();
    mockApi(sessionRoutes());
    const { container } = renderApp('/account/index');
    const sider = await waitFor(() => {
      const el = container.querySelector('.ant-layout-sider');
      if (!el) throw new Error('no sidebar yet');
      return el as HTMLElement;
    });
    expect(sider.className).toContain('ant-layout-sider-collapsed');
    // folded, an open submenu would show as a pop-up over the page
    expect(document.querySelector('.ant-menu-submenu-open, .ant-menu-submenu-popup')).toBeNull();

    // the header's button opens it (antd's own trigger floated over the page)
    expect(container.querySelector('.ant-layout-sider-zero-width-trigger')).toBeNull();
    const toggle = screen.getByTestId('sidebar-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-label')).toBe('展开菜单');
    await userEvent.click(toggle);
    await waitFor(() => expect(sider.className).not.toContain('ant-layout-sider-collapsed'));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('收起菜单');
    expect(within(sider).getByTestId('nav-/report/sdk')).toBeTruthy();
    expect(within(sider).getByTestId('nav-/account/index')).toBeTruthy();
    expect(sider.querySelectorAll('.ant-menu-submenu-open')).toHaveLength(2);
  });

  it('shows the open submenus at once on a wide screen', async () => {
    screenWidth(false);
    seedSession();
    mockApi(sessionRoutes());
    renderApp('/account/index');
    expect(await screen.findByTestId('nav-/report/sdk')).toBeTruthy();
    expect(document.querySelector('.ant-layout-sider-collapsed')).toBeNull();
  });
});
