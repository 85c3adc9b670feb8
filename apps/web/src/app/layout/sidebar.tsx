/** Sidebar (spec §2): the user's menu tree under the spec's titles (menu keys are common:menu.*). */
import {
  AppstoreOutlined,
  BarChartOutlined,
  FundOutlined,
  NotificationOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { MenuItem } from '@portal/contracts/passport.ts';
import { Menu, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAccess } from '../../lib/access-context.ts';
import { findEntry } from '../../lib/nav-catalogue.ts';

type Item = Required<MenuProps>['items'][number];

const icons: Record<string, ReactNode> = {
  'menu.reports': <BarChartOutlined />,
  'menu.appReport': <FundOutlined />,
  'menu.appManagement': <AppstoreOutlined />,
  'menu.adSlots': <NotificationOutlined />,
  'menu.accountManagement': <UserOutlined />,
  'menu.userManagement': <TeamOutlined />,
  'menu.roleManagement': <SafetyCertificateOutlined />,
};

/** Sidebar items of the menu in force; [] when signed out. */
export function useSidebarItems(): Item[] {
  const { t } = useTranslation('common');
  const { menu } = useAccess();
  const toItem = (m: MenuItem): Item =>
    m.children
      ? { key: m.path, icon: icons[m.key], label: t(m.key), children: m.children.map(toItem) }
      : {
          key: m.path,
          icon: icons[m.key],
          label: (
            <Link to={m.path} data-testid={`nav-${m.path}`}>
              {t(m.key)}
            </Link>
          ),
        };
  return menu.map(toItem);
}

/** The sidebar menu. */
export function Sidebar({ items }: { items: Item[] }) {
  const { pathname } = useLocation();
  const current = findEntry(pathname)?.path ?? pathname;
  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={[current]}
      defaultOpenKeys={['/report', '/account']}
      style={{ height: '100%', borderInlineEnd: 0 }}
    />
  );
}
